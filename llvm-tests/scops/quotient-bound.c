// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A bound that is a quotient of a parameter. SCEV cannot see through the
// signed division, so `div = m / 2` is a parameter of its own; the context
// links it to m (-1 <= m - 2*div <= 1), which proves that A[i][m - 1 - k]
// stays within its row of m elements.
// CHECK: SCoP in 'swap_halves': loop nest, 2 loop(s), 1 statement(s)
// CHECK: context: [n, m, div] -> { : m >= 2div - 1 and 2div >= m - 1 and m >= 2 and n >= 1 }
// CHECK: write: [n, m, div] -> { S0[i0, i1] -> A[i0, -i1 + m - 1] }
//
// An arithmetic shift rounds down: 0 <= m - 4*shr <= 3.
// CHECK: SCoP in 'quarter': loop nest, 2 loop(s), 1 statement(s)
// CHECK: context: [n, m, shr] -> { : m >= 4shr and 4shr >= m - 3 and shr >= 1 and n >= 1 }
// CHECK: write: [n, m, shr] -> { S0[i0, i1] -> A[i0, -3i1 + m - 1] }

// Once n >= 0 is known, n / 2 is an unsigned division that SCEV keeps in
// the trip count (-1 + n /u 2): the bound becomes 2*i0 + 2 <= n; the
// obligation n >= 0 is proved from the guard.
// CHECK: SCoP in 'pairs': loop nest, 1 loop(s), 1 statement(s)
// CHECK: domain: [n] -> { S0[i0] : i0 >= 0 and n >= 2i0 + 2 }
// CHECK: read: [n] -> { S0[i0] -> B[2i0 + 1] }
//
// A counter's quotient: j <= i / 2.
// CHECK: SCoP in 'half_triangle': loop nest, 2 loop(s), 2 statement(s)
// CHECK: domain: [n] -> { S1[i0, i1] : n >= i0 + 1 and i1 >= 0 and i0 >= 2i1 }

void swap_halves(int n, int m, double (*restrict A)[m]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m / 2; k++) {
      double t = A[i][k];
      A[i][k] = A[i][m - 1 - k];
      A[i][m - 1 - k] = t;
    }
}

void quarter(int n, int m, double (*restrict A)[m], const double *restrict B) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < (m >> 2); k++)
      A[i][m - 1 - 3 * k] = B[k];
}

void pairs(int n, double *restrict A, const double *restrict B) {
  if (n < 0)
    return;
  for (int i = 0; i < n / 2; i++)
    A[i] = B[2 * i] + B[2 * i + 1];
}

void half_triangle(int n, double (*restrict A)[n]) {
  if (n < 1)
    return;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i / 2 + 1; j++)
      A[i][j] += 1.0;
}
