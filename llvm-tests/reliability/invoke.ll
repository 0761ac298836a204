; C++ exceptions: loops containing an `invoke` (with its landingpad and
; resume) are not modeled and are left alone with a remark; an affine inner
; loop free of invokes may still be rewritten. The verifier passes after
; every pass, alone and in the whole -O3 pipeline.
; RUN: %optt -passes='function(tessera)' -tessera-rewrite-all -pass-remarks-analysis=tessera -pass-remarks=tessera -verify-each -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.remarks
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: %optt -passes='default<O3>' -verify-each -disable-output %s

; CHECK: remark: <unknown>:0:0: loop not in a SCoP: complex control flow: loop with several exits (break or return inside)
; CHECK-NEXT: remark: <unknown>:0:0: loop not in a SCoP: complex control flow: 'invoke' terminator
; CHECK-NEXT: remark: <unknown>:0:0: loop not in a SCoP: complex control flow: loop with several exits (break or return inside)
; CHECK-NEXT: remark: <unknown>:0:0: loop is in a SCoP (1 loop(s), 1 statement(s))
; CHECK-NEXT: remark: <unknown>:0:0: SCoP rewritten: 1 loop(s)
; CHECK-NOT: remark

; IR-LABEL: define void @propagate(
; IR-NOT: tessera
; IR-LABEL: define void @catch_in_loop(
; IR-NOT: tessera
; IR-LABEL: define void @nest_with_invoke(
; IR: invoke double @may_throw
; IR: tessera.start:

declare i32 @__gxx_personality_v0(...)
declare double @may_throw(double)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()

; for (i = 0; i < n; i++) A[i] = may_throw(A[i]);   (exceptions propagate)
define void @propagate(i64 %n, ptr %A) personality ptr @__gxx_personality_v0 {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %cont ]
  %pa = getelementptr inbounds double, ptr %A, i64 %i
  %a = load double, ptr %pa, align 8
  %r = invoke double @may_throw(double %a)
          to label %cont unwind label %lpad

cont:
  store double %r, ptr %pa, align 8
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp

exit:
  ret void
}

; The exception is caught inside the loop and the loop goes on:
; for (i...) { try { A[i] = may_throw(A[i]); } catch (...) { A[i] = 0; } }
define void @catch_in_loop(i64 %n, ptr %A) personality ptr @__gxx_personality_v0 {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %pa = getelementptr inbounds double, ptr %A, i64 %i
  %a = load double, ptr %pa, align 8
  %r = invoke double @may_throw(double %a)
          to label %ok unwind label %lpad

ok:
  store double %r, ptr %pa, align 8
  br label %latch

lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr null
  %exn = extractvalue { ptr, i32 } %lp, 0
  %c = call ptr @__cxa_begin_catch(ptr %exn)
  store double 0.0, ptr %pa, align 8
  call void @__cxa_end_catch()
  br label %latch

latch:
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; An affine inner nest whose outer loop contains an invoke: the throwing
; call sits between the two inner loops.
define void @nest_with_invoke(i64 %n, ptr noalias %A, ptr noalias %B) personality ptr @__gxx_personality_v0 {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %outer, label %exit

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %pb = getelementptr inbounds double, ptr %B, i64 %i
  %b = load double, ptr %pb, align 8
  %r = invoke double @may_throw(double %b)
          to label %inner.pre unwind label %lpad

inner.pre:
  br label %inner

inner:
  %j = phi i64 [ 0, %inner.pre ], [ %j.next, %inner ]
  %in = mul nsw i64 %i, %n
  %ij = add nsw i64 %in, %j
  %pa = getelementptr inbounds double, ptr %A, i64 %ij
  store double %r, ptr %pa, align 8
  %j.next = add nsw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %n
  br i1 %jdone, label %outer.latch, label %inner

outer.latch:
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp

exit:
  ret void
}
