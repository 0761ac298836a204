/* Banded matrix-vector product with min/max loop bounds
 * (j from max(0, i-kl) to min(n-1, i+ku)), repeated a few times with the
 * result fed back (y -> x). Flattened dense storage, runtime stride. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int imin(int a, int b) { return a < b ? a : b; }

__attribute__((noinline)) void banded_kernel(int n, int kl, int ku, int iters,
                                             const double *A, double *x,
                                             double *y) {
  for (int it = 0; it < iters; it++) {
    for (int i = 0; i < n; i++) {
      y[i] = 0.0;
      for (int j = imax(0, i - kl); j <= imin(n - 1, i + ku); j++)
        y[i] += A[i * n + j] * x[j];
    }
    for (int i = 0; i < n; i++)
      x[i] = y[i];
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 1500, 1, 6000);
  int kl = 20, ku = 35, iters = 8;
  double *A = malloc(sizeof(double) * (size_t)n * n);
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  if (!A || !x || !y) return 1;
  /* rows sum to about 1 inside the band so the iteration stays bounded */
  for (int i = 0; i < n; i++) {
    x[i] = 1.0 + (double)(i % 9) / 9.0;
    for (int j = 0; j < n; j++)
      A[i * n + j] = (j >= i - kl && j <= i + ku) ? (double)((i + 3 * j) % 7 + 1) / 224.0 : 99.0;
  }

  banded_kernel(n, kl, ku, iters, A, x, y);

  double s = 0, w = 0;
  for (int i = 0; i < n; i++) { s += y[i]; w += y[i] * (double)(i % 7 + 1); }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("y[0] %.17g\n", y[0]);
  printf("y[mid] %.17g\n", y[n / 2]);
  printf("y[last] %.17g\n", y[n - 1]);
  free(A); free(x); free(y);
  return 0;
}
