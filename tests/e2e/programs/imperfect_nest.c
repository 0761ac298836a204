/* Imperfectly nested loops: statements between and after inner loops of the
 * same outer loop (scale, rank-1 update, diagonal read, row reduction), then a
 * second nest reading the first one's results. VLA parameters. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void imperfect_kernel(int n, double (*A)[n],
                                                double *t, const double *b,
                                                const double *x, double *y,
                                                double *z) {
  for (int i = 0; i < n; i++) {
    t[i] = 2.0 * b[i] + 1.0;
    for (int j = 0; j < n; j++)
      A[i][j] += t[i] * x[j];
    y[i] = A[i][i] + t[i];
    z[i] = 0.0;
    for (int j = 0; j < n; j++)
      z[i] += A[i][j] * 0.5;
    z[i] = z[i] - y[i];
  }
  for (int i = 1; i < n; i++) {
    double c = z[i - 1] * 0.001;
    for (int j = 0; j < n; j++)
      A[i][j] -= c * A[i - 1][j];
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 700, 1, 5000);
  double (*A)[n] = malloc(sizeof(double) * (size_t)n * n);
  double *t = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  double *z = malloc(sizeof(double) * n);
  if (!A || !t || !b || !x || !y || !z) return 1;
  for (int i = 0; i < n; i++) {
    b[i] = (double)(i % 13) / 13.0;
    x[i] = (double)((i * 3) % 17) / (17.0 * n);
    for (int j = 0; j < n; j++) A[i][j] = (double)(((long)i * j + j + 1) % 23) / (23.0 * n);
  }

  imperfect_kernel(n, A, t, b, x, y, z);

  double s = 0, w = 0, sy = 0, sz = 0;
  for (int i = 0; i < n; i++) {
    sy += y[i] * (double)(i % 7 + 1);
    sz += z[i] * (double)(i % 5 + 1);
    for (int j = 0; j < n; j++) {
      s += A[i][j];
      w += A[i][j] * (double)((i * n + j) % 7 + 1);
    }
  }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("y_wsum %.17g\n", sy);
  printf("z_wsum %.17g\n", sz);
  printf("A[0][0] %.17g\n", A[0][0]);
  printf("A[mid][mid] %.17g\n", A[n / 2][n / 2]);
  printf("A[last][1] %.17g\n", A[n - 1][n > 1 ? 1 : 0]);
  printf("z[last] %.17g\n", z[n - 1]);
  free(A); free(t); free(b); free(x); free(y); free(z);
  return 0;
}
