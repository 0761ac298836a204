; Irreducible control flow (a cycle with two entries) is not a natural loop:
; LoopInfo does not see it, and a natural loop that contains one has
; complex control flow. Nothing is rewritten, the IR is unchanged, and the
; verifier passes after every pass.
; RUN: %optt -passes='function(tessera)' -pass-remarks-analysis=tessera -pass-remarks=tessera -verify-each -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.remarks
; RUN: %opt -passes=verify -S %s -o %t.ref.ll
; RUN: diff %t.ref.ll %t.ll
; RUN: %optt -passes='default<O3>' -verify-each -disable-output %s
; RUN: %optt -passes='function(print<tessera-scops>)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINT

; The irreducible cycle alone has no loop: no remark for @irreducible.
; CHECK: remark: <unknown>:0:0: loop not in a SCoP: complex control flow: irreducible control flow
; CHECK-NOT: remark

; PRINT: function 'irreducible': 0 loop(s)
; PRINT: function 'loop_around_irreducible': 1 loop(s), 0 SCoP(s)
; PRINT-NEXT: not a SCoP: complex control flow: irreducible control flow

; i = 0; if (c) goto b; a: A[i] += 1; b: B[i] += 1; if (++i < n) goto a;
; (both a and b are entries of the a-b cycle)
define void @irreducible(i64 %n, i1 %c, ptr noalias %A, ptr noalias %B) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %split, label %exit

split:
  br i1 %c, label %b, label %a

a:
  %ia = phi i64 [ 0, %split ], [ %i.next, %b ]
  %pa = getelementptr inbounds double, ptr %A, i64 %ia
  %va = load double, ptr %pa, align 8
  %va1 = fadd double %va, 1.0
  store double %va1, ptr %pa, align 8
  br label %b

b:
  %ib = phi i64 [ 0, %split ], [ %ia, %a ]
  %pb = getelementptr inbounds double, ptr %B, i64 %ib
  %vb = load double, ptr %pb, align 8
  %vb1 = fadd double %vb, 1.0
  store double %vb1, ptr %pb, align 8
  %i.next = add nsw i64 %ib, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %a, label %exit

exit:
  ret void
}

; A natural loop over j containing an irreducible cycle.
define void @loop_around_irreducible(i64 %m, i64 %n, i1 %c, ptr noalias %A) {
entry:
  %g = icmp sgt i64 %m, 0
  br i1 %g, label %outer, label %exit

outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.latch ]
  %row = mul nsw i64 %j, %n
  br i1 %c, label %y, label %x

x:
  %ix = phi i64 [ 0, %outer ], [ %i.next, %y ]
  %sx = add nsw i64 %row, %ix
  %px = getelementptr inbounds double, ptr %A, i64 %sx
  store double 1.0, ptr %px, align 8
  br label %y

y:
  %iy = phi i64 [ 0, %outer ], [ %ix, %x ]
  %i.next = add nsw i64 %iy, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %x, label %outer.latch

outer.latch:
  %j.next = add nsw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %m
  br i1 %jdone, label %exit, label %outer

exit:
  ret void
}
