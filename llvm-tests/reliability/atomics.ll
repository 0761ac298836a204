; Atomic memory operations (atomic loads and stores of every ordering,
; atomicrmw, cmpxchg, fences) are not modeled: the loops are left alone with
; a remark, the IR is unchanged, and the verifier passes after every pass.
; RUN: %optt -passes='function(tessera)' -pass-remarks-analysis=tessera -pass-remarks=tessera -verify-each -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.ref.ll
; RUN: diff %t.ref.ll %t.ll
; RUN: %optt -passes='default<O3>' -verify-each -disable-output %s

; CHECK: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: atomic access
; CHECK-NEXT: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: atomic access
; CHECK-NEXT: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: atomic access
; CHECK-NEXT: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: 'atomicrmw'
; CHECK-NEXT: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: 'atomiccmpxchg'
; CHECK-NEXT: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: 'fence'
; CHECK-NOT: remark

; for (i) A[i] = atomic_load(&B[i], relaxed) + 1   (monotonic load)
define void @load_monotonic(i64 %n, ptr noalias %A, ptr noalias %B) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds i32, ptr %B, i64 %i
  %b = load atomic i32, ptr %pb monotonic, align 4
  %b1 = add nsw i32 %b, 1
  %pa = getelementptr inbounds i32, ptr %A, i64 %i
  store i32 %b1, ptr %pa, align 4
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Unordered atomic store (the weakest ordering, what Java's plain stores use).
define void @store_unordered(i64 %n, ptr %A) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds i64, ptr %A, i64 %i
  store atomic i64 %i, ptr %pa unordered, align 8
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Sequentially consistent store.
define void @store_seq_cst(i64 %n, ptr %A) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds i64, ptr %A, i64 %i
  store atomic i64 0, ptr %pa seq_cst, align 8
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Histogram with atomicrmw add into an affine cell.
define void @rmw_add(i64 %n, ptr %H) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ph = getelementptr inbounds i32, ptr %H, i64 %i
  %old = atomicrmw add ptr %ph, i32 1 seq_cst, align 4
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; cmpxchg on each element.
define void @cas(i64 %n, ptr %A) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds i32, ptr %A, i64 %i
  %pair = cmpxchg ptr %pa, i32 0, i32 1 acq_rel monotonic, align 4
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; An affine copy with a fence in the body.
define void @fence_in_loop(i64 %n, ptr noalias %A, ptr noalias %B) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds double, ptr %B, i64 %i
  %b = load double, ptr %pb, align 8
  fence release
  %pa = getelementptr inbounds double, ptr %A, i64 %i
  store double %b, ptr %pa, align 8
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
