; print<tessera-scops> runs as a function printer.
; RUN: %optt -passes='function(print<tessera-scops>)' -disable-output %s 2>&1 | FileCheck %s

; CHECK: tessera: function 'no_loops': 0 loop(s)
define void @no_loops() {
entry:
  ret void
}
