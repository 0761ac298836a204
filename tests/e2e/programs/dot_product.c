/* Dot products: a double dot product into a scalar, an integer dot product
 * with a 64-bit accumulator, and a batch of strided column dot products. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) double dot_kernel(int n, const double *x,
                                            const double *y) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

__attribute__((noinline)) long long idot_kernel(int n, const int *a,
                                                const int *b) {
  long long s = 0;
  for (int i = 0; i < n; i++)
    s += (long long)a[i] * b[i];
  return s;
}

/* out[c] = sum_r M[r*cols + c] * v[r] : column dot products */
__attribute__((noinline)) void coldot_kernel(int rows, int cols,
                                             const double *M, const double *v,
                                             double *out) {
  for (int c = 0; c < cols; c++) {
    out[c] = 0.0;
    for (int r = 0; r < rows; r++)
      out[c] += M[r * cols + c] * v[r];
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 400000, 1, 50000000);
  int rows = 300, cols = 250;
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  int *a = malloc(sizeof(int) * n), *b = malloc(sizeof(int) * n);
  double *M = malloc(sizeof(double) * rows * cols);
  double *v = malloc(sizeof(double) * rows), *out = malloc(sizeof(double) * cols);
  if (!x || !y || !a || !b || !M || !v || !out) return 1;
  for (int i = 0; i < n; i++) {
    x[i] = (double)(i % 97) / 97.0 + 0.25;
    y[i] = (double)((i * 7 + 3) % 89) / 89.0;
    a[i] = i % 2001 - 1000;
    b[i] = (i * 13) % 1999 - 999;
  }
  for (int r = 0; r < rows; r++) {
    v[r] = (double)(r % 10) / 10.0 + 0.1;
    for (int c = 0; c < cols; c++) M[r * cols + c] = (double)((r * c + 1) % 37) / 37.0;
  }

  double d = dot_kernel(n, x, y);
  long long id = idot_kernel(n, a, b);
  coldot_kernel(rows, cols, M, v, out);

  double s = 0, w = 0;
  for (int c = 0; c < cols; c++) { s += out[c]; w += out[c] * (double)(c % 7 + 1); }
  printf("dot %.17g\n", d);
  printf("idot %lld\n", id);
  printf("coldot_sum %.17g\n", s);
  printf("coldot_wsum %.17g\n", w);
  printf("coldot[0] %.17g\n", out[0]);
  printf("coldot[last] %.17g\n", out[cols - 1]);
  free(x); free(y); free(a); free(b); free(M); free(v); free(out);
  return 0;
}
