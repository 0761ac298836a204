// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// An imperfect nest: statements before, inside and after the inner loop.
// CHECK: SCoP in 'rowsum': loop nest, 2 loop(s), 3 statement(s)
// CHECK: schedule: [n, m] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: write: [n, m] -> { S0[i0] -> r[i0] }
// CHECK: schedule: [n, m] -> { S1[i0, i1] -> [0, i0, 1, i1, 0] }
// CHECK-NEXT: read: [n, m] -> { S1[i0, i1] -> A[i0, i1] }
// CHECK: schedule: [n, m] -> { S2[i0] -> [0, i0, 2] }
// CHECK-NEXT: write: [n, m] -> { S2[i0] -> r[i0] }

void rowsum(int n, int m, double (*A)[m], double *r) {
  for (int i = 0; i < n; i++) {
    r[i] = 0;
    for (int j = 0; j < m; j++)
      r[i] += A[i][j];
    r[i] *= 0.5;
  }
}
