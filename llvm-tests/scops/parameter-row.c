// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// One step p of Gram-Schmidt's column loop: row p of T is a parameter row.
// T's own offsets (p*n + j) show no counter with stride n; the rows of U
// and V give it, so T is n wide too and T[p][j] is row p. Its column j runs
// from p + 1: within the row only when p >= -1, a fact on a counter that
// one condition on the parameters settles, checked at run time; U[r][p]
// needs p >= 0, which implies it: only that one is checked.
// CHECK: SCoP in 'column_step': loop nest, 3 loop(s), 3 statement(s)
// CHECK: assumed (checked at run time): [p, rows, n] -> { : p >= 0 }
// CHECK: T: double[*][n]
// CHECK: write: [p, rows, n] -> { S0[i0] -> T[p, i0 + p + 1] }
// CHECK-NOT: not a SCoP

void column_step(int p, int rows, int n, double (*V)[n], double (*U)[n], double (*T)[n]) {
  for (int j = p + 1; j < n; j++) {
    T[p][j] = 0.0;
    for (int r = 0; r < rows; r++)
      T[p][j] += U[r][p] * V[r][j];
    for (int r = 0; r < rows; r++)
      V[r][j] -= U[r][p] * T[p][j];
  }
}
