; An i128 counter used directly as a getelementptr index, and an i128
; counter next to an i64 one. Tessera models these loops or leaves them
; alone with a remark; in both cases it reports no internal error and the
; IR verifies after its pass and after every pass of -O3.
; RUN: %optt -passes='function(tessera)' -pass-remarks-analysis=tessera -pass-remarks=tessera -verify-each -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --implicit-check-not=warning: < %t.remarks
; RUN: %optt -passes='default<O3>' -verify-each -tessera-parallel=1 -disable-output %s 2>&1 | FileCheck %s --check-prefix=O3 --allow-empty

; CHECK: remark: <unknown>:0:0: loop {{is in a SCoP|not in a SCoP}}
; O3-NOT: tessera

; for (i128 i = 0; i < n; i++) A[i] = B[i] + 1   (i128 GEP indices)
define void @gep_i128(i128 %n, ptr noalias %A, ptr noalias %B) {
entry:
  %guard = icmp sgt i128 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i128 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds double, ptr %B, i128 %i
  %b = load double, ptr %pb, align 8
  %s = fadd double %b, 1.0
  %pa = getelementptr inbounds double, ptr %A, i128 %i
  store double %s, ptr %pa, align 8
  %i.next = add nsw i128 %i, 1
  %done = icmp eq i128 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Outer i128 counter, inner i64 counter: A[i][j] = i + j, row length m.
define void @mixed_widths(i128 %n, i64 %m, ptr noalias %A) {
entry:
  %g1 = icmp sgt i128 %n, 0
  %g2 = icmp sgt i64 %m, 0
  %g = and i1 %g1, %g2
  br i1 %g, label %outer, label %exit

outer:
  %i = phi i128 [ 0, %entry ], [ %i.next, %outer.latch ]
  %i64 = trunc i128 %i to i64
  %row = mul nsw i64 %i64, %m
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %ij = add nsw i64 %row, %j
  %v = add nsw i64 %i64, %j
  %pa = getelementptr inbounds i64, ptr %A, i64 %ij
  store i64 %v, ptr %pa, align 8
  %j.next = add nsw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %m
  br i1 %jdone, label %outer.latch, label %inner

outer.latch:
  %i.next = add nsw i128 %i, 1
  %done = icmp eq i128 %i.next, %n
  br i1 %done, label %exit, label %outer

exit:
  ret void
}
