/* BiCG-style fused sweep over an m x n matrix: s = A^T r and q = A p are both
 * computed in one i-j nest (s accumulates across i, q across j). */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void bicg_kernel(int m, int n, double (*A)[n],
                                           double *s, double *q,
                                           const double *p, const double *r) {
  for (int j = 0; j < n; j++)
    s[j] = 0.0;
  for (int i = 0; i < m; i++) {
    q[i] = 0.0;
    for (int j = 0; j < n; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

int main(int argc, char **argv) {
  int m = get_n(argc, argv, 900, 2, 5000);
  int n = m + m / 4;
  double (*A)[n] = malloc(sizeof(double) * (size_t)m * n);
  double *s = malloc(sizeof(double) * n), *p = malloc(sizeof(double) * n);
  double *q = malloc(sizeof(double) * m), *r = malloc(sizeof(double) * m);
  if (!A || !s || !p || !q || !r) return 1;
  for (int j = 0; j < n; j++) p[j] = (double)(j % n) / n;
  for (int i = 0; i < m; i++) {
    r[i] = (double)(i % m) / m;
    for (int j = 0; j < n; j++) A[i][j] = (double)((long)i * (j + 1) % m) / m;
  }

  bicg_kernel(m, n, A, s, q, p, r);

  double ss = 0, sq = 0, ws = 0, wq = 0;
  for (int j = 0; j < n; j++) { ss += s[j]; ws += s[j] * (double)(j % 7 + 1); }
  for (int i = 0; i < m; i++) { sq += q[i]; wq += q[i] * (double)(i % 7 + 1); }
  printf("s_sum %.17g\n", ss);
  printf("s_wsum %.17g\n", ws);
  printf("q_sum %.17g\n", sq);
  printf("q_wsum %.17g\n", wq);
  printf("s[0] %.17g\n", s[0]);
  printf("s[last] %.17g\n", s[n - 1]);
  printf("q[1] %.17g\n", q[1]);
  printf("q[mid] %.17g\n", q[m / 2]);
  free(A); free(s); free(p); free(q); free(r);
  return 0;
}
