; print<tessera-deps>, print<tessera-schedule> and print<tessera-ast> on a
; matrix multiply (restrict arrays, accumulation in memory).
; The product is printed as the general pipeline tiles it (-tessera-matmul=0;
; llvm-tests/pipeline/matmul-blis.c covers the BLIS path).
; RUN: %optt -tessera-matmul=0 -passes='function(print<tessera-deps>)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=DEPS
; RUN: %optt -tessera-matmul=0 -passes='function(print<tessera-schedule>)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=SCHED
; RUN: %optt -tessera-matmul=0 -passes='function(print<tessera-ast>)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=AST
; RUN: %optt -tessera-matmul=0 -passes='function(tessera)' -verify-each -S %s | FileCheck %s --check-prefix=IR

; DEPS: tessera: SCoP in 'mm'
; DEPS: flow
; SCHED: tessera: SCoP in 'mm'
; SCHED: permutable
; SCHED: tiles
; AST: tessera: SCoP in 'mm'
; AST: // full tiles
; AST: // partial tiles
; IR: tessera.start:
; IR: llvm.loop.parallel_accesses
; IR: llvm.loop.vectorize.enable

define void @mm(i64 %n, ptr noalias %C, ptr noalias %A, ptr noalias %B) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %i.pre, label %exit

i.pre:
  br label %i.loop

i.loop:
  %i = phi i64 [ 0, %i.pre ], [ %i.next, %i.latch ]
  br label %j.loop

j.loop:
  %j = phi i64 [ 0, %i.loop ], [ %j.next, %j.latch ]
  br label %k.loop

k.loop:
  %k = phi i64 [ 0, %j.loop ], [ %k.next, %k.loop ]
  %in = mul nsw i64 %i, %n
  %ik = add nsw i64 %in, %k
  %pa = getelementptr inbounds double, ptr %A, i64 %ik
  %a = load double, ptr %pa
  %kn = mul nsw i64 %k, %n
  %kj = add nsw i64 %kn, %j
  %pb = getelementptr inbounds double, ptr %B, i64 %kj
  %b = load double, ptr %pb
  %ij = add nsw i64 %in, %j
  %pc = getelementptr inbounds double, ptr %C, i64 %ij
  %c = load double, ptr %pc
  %ab = fmul double %a, %b
  %s = fadd double %c, %ab
  store double %s, ptr %pc
  %k.next = add nsw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %j.latch, label %k.loop

j.latch:
  %j.next = add nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %i.latch, label %j.loop

i.latch:
  %i.next = add nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %exit, label %i.loop

exit:
  ret void
}
