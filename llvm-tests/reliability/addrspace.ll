; Loops over pointers in non-zero address spaces. A nest in address space 1
; (64-bit pointers) may be rewritten: the new code must keep every access in
; that address space. Address space 5 has 32-bit pointers here: its 64-bit
; subscripts are truncated and the loop is left alone with a remark. A loop
; that copies between address spaces 0 and 3 must not be versioned on a
; comparison of addresses from different address spaces (LLVM's own run-time
; checks refuse that: the spaces need not share one numbering).
; The verifier passes after every pass, alone and in the whole -O3 pipeline.
; RUN: %optt -passes='function(tessera)' -pass-remarks-analysis=tessera -pass-remarks=tessera -verify-each -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.remarks
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: %optt -passes='default<O3>' -verify-each -tessera-parallel=1 -disable-output %s

target datalayout = "e-m:e-p5:32:32-i64:64-n32:64-S128"

; CHECK: remark: <unknown>:0:0: loop is in a SCoP (2 loop(s), 1 statement(s))
; CHECK: remark: <unknown>:0:0: SCoP rewritten:
; CHECK: remark: <unknown>:0:0: loop not in a SCoP: unsupported address: truncation

; IR-LABEL: define void @as1(
; IR: tessera.start:
; IR-NOT: ptr %
; IR-NOT: addrspacecast
; IR: getelementptr i8, ptr addrspace(1) %B
; IR: load double, ptr addrspace(1)
; IR: store double {{.*}}, ptr addrspace(1)
; IR-LABEL: define void @as32(
; IR-NOT: tessera
; IR-LABEL: define void @mixed(
; IR-NOT: ptrtoint ptr addrspace(3)
; IR-NOT: addrspacecast
; IR: ret void

; for (i) for (j) A[i][j] += B[j][i], A and B in address space 1.
define void @as1(i64 %n, ptr addrspace(1) noalias %A, ptr addrspace(1) noalias %B) {
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
  %jn = mul nsw i64 %j, %n
  %ji = add nsw i64 %jn, %i
  %pb = getelementptr inbounds double, ptr addrspace(1) %B, i64 %ji
  %b = load double, ptr addrspace(1) %pb, align 8
  %pa = getelementptr inbounds double, ptr addrspace(1) %A, i64 %ij
  %a = load double, ptr addrspace(1) %pa, align 8
  %s = fadd double %a, %b
  store double %s, ptr addrspace(1) %pa, align 8
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

; The same transpose-copy through 32-bit pointers (address space 5).
define void @as32(i64 %n, ptr addrspace(5) %A, ptr addrspace(5) %B) {
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
  %jn = mul nsw i64 %j, %n
  %ji = add nsw i64 %jn, %i
  %pb = getelementptr inbounds double, ptr addrspace(5) %B, i64 %ji
  %b = load double, ptr addrspace(5) %pb, align 8
  %pa = getelementptr inbounds double, ptr addrspace(5) %A, i64 %ij
  store double %b, ptr addrspace(5) %pa, align 8
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

; for (i) A[i] = B[i], A in address space 3, B in address space 0: they may
; alias, and their addresses cannot be compared as integers.
define void @mixed(i64 %n, ptr addrspace(3) %A, ptr %B) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds float, ptr %B, i64 %i
  %b = load float, ptr %pb, align 4
  %pa = getelementptr inbounds float, ptr addrspace(3) %A, i64 %i
  store float %b, ptr addrspace(3) %pa, align 4
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
