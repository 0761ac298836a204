; Volatile accesses are observable side effects: loops with a volatile load,
; a volatile store or a volatile memset are left alone with a remark, the IR
; is unchanged, and the verifier passes after every pass.
; RUN: %optt -passes='function(tessera)' -pass-remarks-analysis=tessera -pass-remarks=tessera -verify-each -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.ref.ll
; RUN: diff %t.ref.ll %t.ll
; RUN: %optt -passes='default<O3>' -verify-each -disable-output %s

; CHECK: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: volatile access
; CHECK-NEXT: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: volatile access
; CHECK-NEXT: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: volatile access
; CHECK-NEXT: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: volatile access
; CHECK-NEXT: remark: <unknown>:0:0: loop not in a SCoP: {{.*}}memset
; CHECK-NOT: SCoP rewritten

; for (i) A[i] = *vol_src + B[i];   (volatile load, loop invariant address)
define void @volatile_load(i64 %n, ptr noalias %A, ptr noalias %B, ptr %vol_src) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %v = load volatile double, ptr %vol_src, align 8
  %pb = getelementptr inbounds double, ptr %B, i64 %i
  %b = load double, ptr %pb, align 8
  %s = fadd double %v, %b
  %pa = getelementptr inbounds double, ptr %A, i64 %i
  store double %s, ptr %pa, align 8
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; for (i) for (j) A[i][j] = 1.0 with the store volatile (2-D nest: both loops
; are rejected).
define void @volatile_store_nest(i64 %n, ptr %A) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %outer, label %exit

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %in = mul nsw i64 %i, %n
  %ij = add nsw i64 %in, %j
  %pa = getelementptr inbounds double, ptr %A, i64 %ij
  store volatile double 1.0, ptr %pa, align 8
  %j.next = add nsw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %outer.latch, label %inner

outer.latch:
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer

exit:
  ret void
}

; A volatile read-modify-write of an affine cell.
define void @volatile_rmw(i64 %n, ptr %A) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds i32, ptr %A, i64 %i
  %a = load volatile i32, ptr %pa, align 4
  %a1 = add i32 %a, 1
  store volatile i32 %a1, ptr %pa, align 4
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; A volatile memset of each row.
define void @volatile_memset(i64 %n, ptr %A) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %row = mul nsw i64 %i, 64
  %pa = getelementptr inbounds i8, ptr %A, i64 %row
  call void @llvm.memset.p0.i64(ptr %pa, i8 0, i64 64, i1 true)
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)
