// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// Fixed-size global arrays: constant bounds, no parameters.
// CHECK: SCoP in 'matmul': loop nest, 3 loop(s), 2 statement(s)
// CHECK: domain: [] -> { S1[i0, i1, i2] : i0 >= 0 and i0 <= 511 and i1 >= 0 and i1 <= 511 and i2 >= 0 and i2 <= 511 }
// CHECK-NEXT: schedule: [] -> { S1[i0, i1, i2] -> [0, i0, 1, i1, 1, i2, 0] }
// CHECK-NEXT: read: [] -> { S1[i0, i1, i2] -> A[512i0 + i2] }
// CHECK-NEXT: read: [] -> { S1[i0, i1, i2] -> B[i1 + 512i2] }

#define N 512
double A[N][N], B[N][N], C[N][N];
void matmul(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}
