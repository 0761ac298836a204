// Run-time alias checks (SPolly): kernels whose pointer arguments may
// overlap are optimized behind a check that every written array is disjoint
// from every other array; pairs of arrays that are only read are not
// compared; `restrict` arguments need no check.
//
// The checks as emitted, before later passes fold them:
// RUN: %clang -O1 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: %optt -tessera-rewrite-all -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),tessera)' -verify-each -S %t.ll | FileCheck %s
// Which arrays are checked, by name (debug information names them):
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-missed=tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// With -tessera-rtc=0 the kernels that need checks are left alone:
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-rtc=0 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF

// Ranges in plain i64 arithmetic, exact because n is checked to lie
// within 2^58 (8 bytes times n + 1 stays within 2^62) and each base
// address below 2^62; then the pair compared both ways.
// CHECK-LABEL: define {{.*}}void @two(
// CHECK: %p.small = icmp ule i64 %p, 576460752303423488
// CHECK-COUNT-2: %base.low{{[0-9]*}} = icmp ult i64 %base{{[0-9]*}}, 4611686018427387904
// CHECK-COUNT-2: = icmp sle i64 %r
// CHECK-NOT: = icmp sle i64 %r
// CHECK-NOT: with.overflow
// CHECK: br i1 %rtc, label %tessera.start
// REMARK: checks.c:[[@LINE+4]]:3: remark: SCoP rewritten: {{.*}} 1 alias check(s)
// REMARK: checks.c:[[@LINE+3]]:3: remark: run-time alias checks on 1 pair(s) of arrays: B/A; the original code runs when they overlap
// OFF: checks.c:[[@LINE+2]]:3: remark: SCoP not transformed: arrays may overlap (B/A) and run-time alias checks are disabled (-tessera-rtc=0)
void two(long n, double *A, double *B) {
  for (long i = 0; i < n; i++)
    A[i] = 2 * B[i] + A[i];
}

// Two pairs (C with A, C with B), each compared both ways; the read-only
// pair A/B is not compared.
// CHECK-LABEL: define {{.*}}void @three(
// CHECK-COUNT-4: = icmp sle i64 %r
// CHECK-NOT: = icmp sle i64 %r
// CHECK: br i1 %rtc, label %tessera.start
// REMARK: checks.c:[[@LINE+4]]:3: remark: SCoP rewritten: {{.*}} 2 alias check(s)
// REMARK: checks.c:[[@LINE+3]]:3: remark: run-time alias checks on 2 pair(s) of arrays: A/C, B/C;
// OFF: checks.c:[[@LINE+2]]:3: remark: SCoP not transformed: arrays may overlap (A/C, B/C)
void three(long n, double *C, const double *A, const double *B) {
  for (long i = 0; i < n; i++)
    C[i] = A[i] * B[i];
}

// Three written arrays, three read-only ones: every pair with a written
// array (3 among themselves + 3x3 with the read ones = 12), not the 3
// read-only pairs.
// CHECK-LABEL: define {{.*}}void @six(
// CHECK-COUNT-24: = icmp sle i64 %r
// CHECK-NOT: = icmp sle i64 %r
// CHECK: br i1 %rtc, label %tessera.start
// REMARK: checks.c:[[@LINE+3]]:3: remark: SCoP rewritten: {{.*}} 12 alias check(s)
// REMARK-NOT: P/Q
void six(long n, double *X, double *Y, double *Z, const double *P, const double *Q, const double *R) {
  for (long i = 0; i < n; i++) {
    X[i] = P[i] + Q[i];
    Y[i] = Q[i] * R[i];
    Z[i] = P[i] - R[i];
  }
}

// restrict: no check, the optimized code runs unconditionally.
// CHECK-LABEL: define {{.*}}void @two_restrict(
// CHECK-NOT: = icmp sle i64 %r
// CHECK: br i1 true, label %tessera.start
// REMARK: checks.c:[[@LINE+4]]:3: remark: SCoP rewritten: {{.*}} 0 alias check(s)
// REMARK-NOT: run-time alias checks on
// OFF: checks.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}} 0 alias check(s)
void two_restrict(long n, double *restrict A, const double *restrict B) {
  for (long i = 0; i < n; i++)
    A[i] = 2 * B[i] + A[i];
}

// Two distinct global arrays need no check either.
double G1[1000], G2[1000];
// CHECK-LABEL: define {{.*}}void @globals(
// CHECK-NOT: = icmp sle i64 %r
// CHECK: br i1 true, label %tessera.start
void globals(void) {
  for (long i = 0; i < 1000; i++)
    G1[i] = G2[i] + 1;
}

// Checks on more than 20 arrays cost too much next to the region: left
// alone, with the reason.
// REMARK: checks.c:[[@LINE+4]]:3: remark: SCoP not transformed: run-time alias checks would involve 22 arrays (21 pairs); the limit is 20 arrays
// CHECK-LABEL: define {{.*}}void @many(
// CHECK-NOT: tessera.start
void many(long n, double *X, const double *A0, const double *A1, const double *A2, const double *A3, const double *A4, const double *A5, const double *A6, const double *A7, const double *A8, const double *A9, const double *A10, const double *A11, const double *A12, const double *A13, const double *A14, const double *A15, const double *A16, const double *A17, const double *A18, const double *A19, const double *A20) {
  for (long i = 0; i < n; i++)
    X[i] = A0[i] + A1[i] + A2[i] + A3[i] + A4[i] + A5[i] + A6[i] + A7[i] + A8[i] + A9[i] + A10[i] + A11[i] + A12[i] + A13[i] + A14[i] + A15[i] + A16[i] + A17[i] + A18[i] + A19[i] + A20[i];
}

// A cube of int sizes: the end of an array is 8n^3 bytes, so plain i64
// arithmetic is exact for n within 2^19 (the check asks it of n, now a
// 64-bit value).
// CHECK-LABEL: define {{.*}}void @cube(
// CHECK: %p.small = icmp ule i64 %p, 1048576
// CHECK-COUNT-2: = icmp sle i64 %r
// CHECK-NOT: with.overflow
// CHECK: br i1 %rtc, label %tessera.start
void cube(int n, double A[n][n][n], double B[n][n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        A[i][j][k] += 2 * B[k][j][i];
}

// Four 64-bit sizes: 8n^4 bytes would need n within 2^14, too small to
// ask; every sum and product goes through the overflow intrinsics
// instead, an overflow failing the check.
// CHECK-LABEL: define {{.*}}void @deep(
// CHECK-NOT: p.small
// CHECK: call { i64, i1 } @llvm.smul.with.overflow.i64
// CHECK: = icmp sle i64
// CHECK: br i1 %rtc, label %tessera.start
void deep(long n, double A[n][n][n][n], double B[n][n][n][n]) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < n; k++)
        for (long l = 0; l < n; l++)
          A[i][j][k][l] += 2 * B[l][k][j][i];
}
