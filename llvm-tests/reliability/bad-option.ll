; Bad values of Tessera's options are rejected with an error naming the
; option (opt and clang exit non-zero); an unwritable export directory is a
; warning naming the file, and the compilation goes on.
; RUN: not %optt -tessera-parallel=foo -passes='function(tessera)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PAR
; RUN: not %optt -tessera-parallel=99999999999999 -passes='function(tessera)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PARBIG
; RUN: not %optt -tessera-verbose=abc -passes='function(tessera)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=VERB
; RUN: not %optt -tessera-verbose=-1 -passes='function(tessera)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=VERBNEG
; RUN: not %optt -tessera-enable=maybe -passes='function(tessera)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ENABLE
; RUN: not %optt -tessera-no-such-option -passes='function(tessera)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-parallel=foo -x ir -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CLANG
; RUN: echo > %t.file
; RUN: %optt -tessera-export-dir=%t.file -passes='function(tessera)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=EXPORT

; PAR: for the --tessera-parallel option: Cannot find option named 'foo'
; PARBIG: for the --tessera-parallel option: Cannot find option named '99999999999999'
; VERB: for the --tessera-verbose option: 'abc' value invalid for uint argument
; VERBNEG: for the --tessera-verbose option: '-1' value invalid for uint argument
; ENABLE: for the --tessera-enable option: 'maybe' is invalid value for boolean argument
; UNKNOWN: Unknown command line argument '-tessera-no-such-option'
; CLANG: for the --tessera-parallel option: Cannot find option named 'foo'
; EXPORT: warning: tessera: cannot write {{.*}}.file{{/|\\}}add.0.json

define void @add(i64 %n, ptr noalias %A, ptr noalias %B) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds double, ptr %A, i64 %i
  %pb = getelementptr inbounds double, ptr %B, i64 %i
  %a = load double, ptr %pa, align 8
  %b = load double, ptr %pb, align 8
  %s = fadd double %a, %b
  store double %s, ptr %pa, align 8
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
