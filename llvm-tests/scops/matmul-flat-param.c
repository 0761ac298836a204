// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A[i*n + k] with a runtime n: delinearized, the parametric stride is the
// inner dimension's size. The accumulator `s` lives in C[i][j], where its
// final value is stored: S0 stores its initial value there, S1 accumulates
// in memory, and the store-back after the loop is redundant.
// CHECK: SCoP in 'matmul': loop nest, 3 loop(s), 2 statement(s)
// CHECK: A: double[*][n] (may alias)
// CHECK: write: [n] -> { S0[i0, i1] -> C[i0, i1] }
// CHECK: read: [n] -> { S1[i0, i1, i2] -> A[i0, i2] }
// CHECK-NEXT: read: [n] -> { S1[i0, i1, i2] -> B[i2, i1] }
// CHECK-NEXT: write: [n] -> { S1[i0, i1, i2] -> C[i0, i1] }
// CHECK-NEXT: read: [n] -> { S1[i0, i1, i2] -> C[i0, i1] }
// CHECK-NOT: S2

void matmul(long n, double *C, const double *A, const double *B) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      double s = 0;
      for (long k = 0; k < n; k++)
        s += A[i * n + k] * B[k * n + j];
      C[i * n + j] = s;
    }
}
