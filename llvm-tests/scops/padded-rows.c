// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// Rows padded by a constant. The offset (m+2)*i + j has the counter
// coefficient m + 2: the row size is m + 2, and the subscripts are [i, j]
// (stride m would leave i in the column subscript, out of its bounds).
// CHECK: SCoP in 'halo': loop nest, 2 loop(s), 1 statement(s)
// CHECK: out: double[*][m + 2] (noalias)
// CHECK: read: [n, m] -> { S0[i0, i1] -> in[i0, i1 + 1] }
// CHECK: write: [n, m] -> { S0[i0, i1] -> out[i0 + 1, i1 + 1] }
//
// A VLA row of m + 1 elements, every column visited: the inner loop's
// trip count is smax(m + 1, 1), whose piece 1 shows that the loop runs
// whenever it is entered.
// CHECK: SCoP in 'vla': loop nest, 2 loop(s), 1 statement(s)
// CHECK: A: double[*][m + 1]
// CHECK: domain: [n, m] -> { S0[i0, i1] : i0 >= 0 and n >= i0 + 2 and i1 >= 0 and m >= i1 }
// CHECK: write: [n, m] -> { S0[i0, i1] -> A[i0 + 1, i1] }
//
// Planes and rows both padded: sizes (m + 1) and (p + 3).
// CHECK: SCoP in 'cube': loop nest, 3 loop(s), 1 statement(s)
// CHECK: C: double[*][m + 1][p + 3] (noalias)
// CHECK: read: [n, m, p] -> { S0[i0, i1, i2] -> D[i0, i1 + 1, i2] }

void halo(int n, int m, double *restrict out, const double *restrict in) {
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++)
      out[i * (m + 2) + j] = in[(i - 1) * (m + 2) + j] + in[i * (m + 2) + j + 1];
}

void vla(int n, int m, double (*A)[m + 1]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m + 1; j++)
      A[i][j] += 0.5 * A[i - 1][j];
}

void cube(long n, long m, long p, double *restrict C, const double *restrict D) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      for (long k = 0; k < p; k++)
        C[(i * (m + 1) + j) * (p + 3) + k] += D[(i * (m + 1) + j + 1) * (p + 3) + k];
}
