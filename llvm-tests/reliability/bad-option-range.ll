; -tessera-parallel takes -1 (with -fopenmp), 0 (never) or 1 (always): any
; other integer is a bad value, rejected with an error naming the option
; rather than silently read as one of the three.
; RUN: not %optt -tessera-parallel=5 -passes='function(tessera)' -disable-output %s 2>&1 | FileCheck %s
; RUN: not %optt -tessera-parallel=-2 -passes='function(tessera)' -disable-output %s 2>&1 | FileCheck %s

; CHECK: tessera-parallel

define void @add(i64 %n, ptr noalias %A) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds double, ptr %A, i64 %i
  store double 1.0, ptr %pa, align 8
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
