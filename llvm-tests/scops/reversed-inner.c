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

// 3-D: the middle subscript reversed splits first as [i + 1, -1 - j, k];
// the other split borrows a row where a subscript looks negative, so both
// the middle one alone and the middle and last ones together are found.
// CHECK: SCoP in 'middle': loop nest, 3 loop(s), 1 statement(s)
// CHECK: write: [n, m, p] -> { S0[i0, i1, i2] -> C[i0, -i1 + m - 1, i2] }
// CHECK: SCoP in 'both': loop nest, 3 loop(s), 1 statement(s)
// CHECK: write: [n, m, p] -> { S0[i0, i1, i2] -> C[i0, -i1 + m - 1, -i2 + p - 1] }

void middle(int n, int m, int p, double (*restrict C)[m][p], const double (*restrict D)[m][p]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][m - 1 - j][k] = D[i][j][k] * 2.0;
}

void both(int n, int m, int p, double (*restrict C)[m][p], const double (*restrict D)[m][p]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][m - 1 - j][p - 1 - k] = D[i][j][k] + 1.0;
}
