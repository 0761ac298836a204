// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A constant stride stays a one-dimensional affine subscript.
// CHECK: SCoP in 'matmul': loop nest, 3 loop(s), 2 statement(s)
// CHECK: C: double[*] (may alias)
// CHECK: read: [n] -> { S1[i0, i1, i2] -> A[1024i0 + i2] }
// CHECK-NEXT: read: [n] -> { S1[i0, i1, i2] -> B[i1 + 1024i2] }
// CHECK-NEXT: write: [n] -> { S1[i0, i1, i2] -> C[1024i0 + i1] }

void matmul(int n, double *C, const double *A, const double *B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i * 1024 + j] += A[i * 1024 + k] * B[k * 1024 + j];
}
