// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// An affine condition inside the nest becomes part of the domain.
// CHECK: SCoP in 'upper': loop nest, 2 loop(s), 1 statement(s)
// CHECK: domain: [n] -> { S0[i0, i1] : i0 >= 0 and n >= i1 + 1 and i1 >= i0 }
// CHECK-NEXT: schedule: [n] -> { S0[i0, i1] -> [0, i0, 1, i1, 1] }
// CHECK-NEXT: read: [n] -> { S0[i0, i1] -> B[i1, i0] }
// CHECK-NEXT: write: [n] -> { S0[i0, i1] -> A[i0, i1] }

void upper(int n, double (*A)[n], double (*B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (i <= j)
        A[i][j] = B[j][i] + 1.0;
}
