; The plugin loads in opt, registers its passes, and leaves a function
; without loops unchanged.
; RUN: %optt -passes='function(tessera)' -S %s | FileCheck %s
; RUN: %optt -passes='function(tessera)' -verify-each -disable-output %s

; CHECK-LABEL: define i32 @add_one(i32 %x)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %r = add nsw i32 %x, 1
; CHECK-NEXT:    ret i32 %r
define i32 @add_one(i32 %x) {
entry:
  %r = add nsw i32 %x, 1
  ret i32 %r
}
