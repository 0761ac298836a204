; Constants at the limits of i64 in loop bounds and subscripts, in IR that
; C cannot express directly. The verifier passes after every pass and
; Tessera never reports an internal error (an overflow in its own
; arithmetic); loops it cannot model exactly get a remark.
; RUN: %optt -passes='function(tessera)' -pass-remarks-analysis=tessera -pass-remarks=tessera -verify-each -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --implicit-check-not=warning: < %t.remarks
; RUN: %optt -passes='default<O3>' -verify-each -tessera-parallel=1 -disable-output %s 2>&1 | FileCheck %s --check-prefix=O3 --allow-empty

; Each of the four loops gets a remark of its own.
; CHECK-COUNT-4: remark: <unknown>:0:0: loop {{is in a SCoP|not in a SCoP}}
; O3-NOT: tessera

; The counter runs from INT64_MAX - 5 up to INT64_MAX and the exit test
; compares the wrapped increment with INT64_MIN (no nsw: the add wraps once,
; on the last iteration). Six iterations; a model on unbounded integers
; would see a loop that never ends.
define void @wrap_exit(ptr %A) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 9223372036854775802, %entry ], [ %i.next, %loop ]
  %s = sub i64 %i, 9223372036854775802
  %pa = getelementptr inbounds double, ptr %A, i64 %s
  store double 1.0, ptr %pa, align 8
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, -9223372036854775808
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; for (i = 0; i < n; i++) A[i + 2^62] = 0   (a huge constant offset: the
; byte offset overflows i64, the access is only valid if never executed)
define void @huge_offset(i64 %n, ptr %A) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = add nsw i64 %i, 4611686018427387904
  %pa = getelementptr double, ptr %A, i64 %s
  store double 0.0, ptr %pa, align 8
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Upper bound INT64_MAX with the test i < INT64_MAX (slt): the last counter
; value is INT64_MAX - 1, the increment never overflows.
define void @bound_at_max(i64 %lo, ptr %A) {
entry:
  %guard = icmp slt i64 %lo, 9223372036854775807
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ %lo, %entry ], [ %i.next, %loop ]
  %s = sub nsw i64 %i, %lo
  %pa = getelementptr inbounds i8, ptr %A, i64 %s
  store i8 7, ptr %pa, align 1
  %i.next = add nsw i64 %i, 1
  %more = icmp slt i64 %i.next, 9223372036854775807
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; A coefficient of 2^62 on the counter (i * 2^62 + j): only i = 0 keeps the
; access in bounds, but the model must not overflow.
define void @huge_coefficient(i64 %n, ptr %A) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %m = mul nsw i64 %i, 4611686018427387904
  %pa = getelementptr inbounds i8, ptr %A, i64 %m
  store i8 1, ptr %pa, align 1
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
