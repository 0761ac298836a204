/* Loads that -O3 carries from one iteration to the next in registers
 * (GVN's load PRE on `restrict` arrays): a 5-point 1-D smoothing at the top
 * of a function (a chain of four carried values whose first values are
 * loaded before the loop), the same in a time loop ping-ponging between two
 * arrays, and a 2-D row filter. Tessera reads the cells again instead of the
 * registers; a wrong cell or iteration shows in the checksums. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void smooth5(int n, double *restrict out, const double *restrict in) {
  for (int i = 2; i < n - 2; i++)
    out[i] = 0.1 * in[i - 2] + 0.2 * in[i - 1] + 0.4 * in[i] + 0.2 * in[i + 1] + 0.1 * in[i + 2];
}

__attribute__((noinline)) void pingpong(int steps, int n, double *restrict a, double *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1];
    for (int i = 1; i < n - 1; i++)
      a[i] = 0.3 * b[i - 1] + 0.3 * b[i] + 0.4 * b[i + 1];
  }
}

__attribute__((noinline)) void rows(int n, int m, double (*restrict out)[m], const double (*restrict in)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m - 2; j++)
      out[i][j] = in[i][j - 1] - 2.0 * in[i][j] + in[i][j + 1] + 0.5 * in[i][j + 2];
}

static double sum(const double *a, long len) {
  double s = 0.0;
  for (long i = 0; i < len; i++) s += a[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 300, 1, 5000);
  int m = n / 3 + 4;
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  double *p = malloc(sizeof(double) * (size_t)n * m), *q = malloc(sizeof(double) * (size_t)n * m);
  if (!x || !y || !p || !q) return 1;
  for (int i = 0; i < n; i++) {
    x[i] = (double)(i % 13) / 13.0;
    y[i] = -1.0;
  }
  for (long i = 0; i < (long)n * m; i++) {
    p[i] = (double)((i * 5) % 17);
    q[i] = 0.0;
  }
  smooth5(n, y, x);
  printf("smooth %.17g\n", sum(y, n));
  pingpong(7, n, x, y);
  printf("pingpong_a %.17g\n", sum(x, n));
  printf("pingpong_b %.17g\n", sum(y, n));
  rows(n, m, (double (*)[m])q, (double (*)[m])p);
  printf("rows %.17g\n", sum(q, (long)n * m));
  printf("rows_mid %.17g\n", q[(long)(n / 2) * m + m / 2]);
  free(x);
  free(y);
  free(p);
  free(q);
  return 0;
}
