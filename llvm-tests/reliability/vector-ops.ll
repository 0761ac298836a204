; Loops whose memory accesses or arithmetic use vector types are not modeled
; (Tessera's statements are scalar): each loop is left alone with a remark,
; the IR is unchanged, and the verifier passes after every pass.
; RUN: %optt -passes='function(tessera)' -pass-remarks-analysis=tessera -pass-remarks=tessera -verify-each -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.ref.ll
; RUN: diff %t.ref.ll %t.ll
; The full -O3 pipeline with the plugin also verifies after every pass.
; RUN: %optt -passes='default<O3>' -verify-each -disable-output %s

; CHECK: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: access of a vector or aggregate type
; CHECK: remark: <unknown>:0:0: loop not in a SCoP: unsupported instruction: 'insertelement'
; CHECK: remark: <unknown>:0:0: loop not in a SCoP: unsupported call: 'llvm.masked.store.v4f32.p0' may access memory or have side effects
; CHECK-NOT: SCoP rewritten

; A[i] += B[i] on <4 x double> elements.
define void @vadd(i64 %n, ptr noalias %A, ptr noalias %B) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds <4 x double>, ptr %A, i64 %i
  %pb = getelementptr inbounds <4 x double>, ptr %B, i64 %i
  %a = load <4 x double>, ptr %pa, align 32
  %b = load <4 x double>, ptr %pb, align 32
  %s = fadd <4 x double> %a, %b
  store <4 x double> %s, ptr %pa, align 32
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Scalar loads and stores, but the value goes through vector operations
; (insertelement, shufflevector, a vector multiply, extractelement).
define void @splat_mul(i64 %n, ptr noalias %A, ptr noalias %B) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds double, ptr %B, i64 %i
  %b = load double, ptr %pb, align 8
  %v0 = insertelement <2 x double> poison, double %b, i64 0
  %v1 = shufflevector <2 x double> %v0, <2 x double> poison, <2 x i32> zeroinitializer
  %v2 = fmul <2 x double> %v1, <double 2.0, double 3.0>
  %e0 = extractelement <2 x double> %v2, i64 0
  %e1 = extractelement <2 x double> %v2, i64 1
  %sum = fadd double %e0, %e1
  %pa = getelementptr inbounds double, ptr %A, i64 %i
  store double %sum, ptr %pa, align 8
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; A masked vector store through an intrinsic.
define void @masked(i64 %n, ptr noalias %A, <4 x i1> %m) {
entry:
  %guard = icmp sgt i64 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds <4 x float>, ptr %A, i64 %i
  call void @llvm.masked.store.v4f32.p0(<4 x float> <float 1.0, float 1.0, float 1.0, float 1.0>, ptr %pa, i32 16, <4 x i1> %m)
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare void @llvm.masked.store.v4f32.p0(<4 x float>, ptr, i32 immarg, <4 x i1>)
