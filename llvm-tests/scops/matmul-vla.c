// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// VLA pointers: subscripts are delinearized with the parametric inner size.
// The accumulator LICM promoted to a register is mapped back to its cell
// C[i][j] (no scalar is left), so the nest stays interchangeable.
// CHECK: SCoP in 'matmul': loop nest, 3 loop(s), 2 statement(s)
// CHECK-NEXT: context: [n] -> { : true }
// CHECK-NEXT: assumed (checked at run time): [n] -> { : n >= 1 }
// CHECK: C: double[*][n] (may alias)
// CHECK: A: double[*][n] (may alias)
// CHECK: B: double[*][n] (may alias)
// CHECK: S1 (block
// CHECK-NEXT: domain: [n] -> { S1[i0, i1, i2] : i0 >= 0 and n >= i0 + 1 and i1 >= 0 and n >= i1 + 1 and i2 >= 0 and n >= i2 + 1 }
// CHECK-NEXT: schedule: [n] -> { S1[i0, i1, i2] -> [0, i0, 1, i1, 1, i2, 0] }
// CHECK-NEXT: read: [n] -> { S1[i0, i1, i2] -> A[i0, i2] }
// CHECK-NEXT: read: [n] -> { S1[i0, i1, i2] -> B[i2, i1] }
// CHECK-NEXT: write: [n] -> { S1[i0, i1, i2] -> C[i0, i1] }
// CHECK-NOT: scalar_
// CHECK: reduction:

double dummy;
void matmul(int n, double (*C)[n], double (*A)[n], double (*B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}
