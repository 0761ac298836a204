// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A reversed innermost subscript: the offset m*i + m - 1 - j first splits
// as A[i + 1][-1 - j], whose inner subscript is out of its dimension; the
// other split, A[i][m - 1 - j], is proved and kept.
// CHECK: SCoP in 'mirror': loop nest, 2 loop(s), 1 statement(s)
// CHECK: write: [n, m] -> { S0[i0, i1] -> A[i0, -i1 + m - 1] }

void mirror(int n, int m, double (*restrict A)[m], const double *restrict B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][m - 1 - j] = B[j];
}
