// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// LU: triangular loops starting at k + 1 (normalized counters).
// CHECK: SCoP in 'lu': loop nest, 4 loop(s), 2 statement(s)
// CHECK-NEXT: context: [n] -> { : n >= 1 }
// CHECK: domain: [n] -> { S0[i0, i1] : i0 >= 0 and i1 >= 0 and n >= i0 + i1 + 2 }
// CHECK: read: [n] -> { S0[i0, i1] -> A[i0, i0] }
// CHECK: write: [n] -> { S0[i0, i1] -> A[i0 + i1 + 1, i0] }
// CHECK: domain: [n] -> { S1[i0, i1, i2] : i0 >= 0 and i1 >= 0 and n >= i0 + i1 + 2 and i2 >= 0 and n >= i0 + i2 + 2 }
// CHECK: write: [n] -> { S1[i0, i1, i2] -> A[i0 + i1 + 1, i0 + i2 + 1] }
// CHECK-NEXT: reduction: fadd on the stored element

void lu(int n, double (*A)[n]) {
  for (int k = 0; k < n; k++) {
    for (int i = k + 1; i < n; i++)
      A[i][k] /= A[k][k];
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}
