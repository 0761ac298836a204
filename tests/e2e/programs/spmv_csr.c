/* NON-AFFINE: sparse matrix-vector product in CSR format; inner loop bounds
 * come from memory (rowptr[i] .. rowptr[i+1]) and the x access is indirect
 * (x[col[k]]). Repeated a few times with the result fed back. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void spmv_kernel(int n, int iters, const int *rowptr,
                                           const int *col, const double *val,
                                           double *x, double *y) {
  for (int it = 0; it < iters; it++) {
    for (int i = 0; i < n; i++) {
      double acc = 0.0;
      for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
        acc += val[k] * x[col[k]];
      y[i] = acc;
    }
    for (int i = 0; i < n; i++)
      x[i] = y[i] + 0.01;
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 60000, 1, 2000000);
  int iters = 10;
  int *rowptr = malloc(sizeof(int) * (n + 1));
  if (!rowptr) return 1;
  rowptr[0] = 0;
  for (int i = 0; i < n; i++) rowptr[i + 1] = rowptr[i] + 1 + (i * 7) % 9; /* 1..9 per row */
  int nnz = rowptr[n];
  int *col = malloc(sizeof(int) * nnz);
  double *val = malloc(sizeof(double) * nnz);
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  if (!col || !val || !x || !y) return 1;
  for (int i = 0; i < n; i++) {
    int len = rowptr[i + 1] - rowptr[i];
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++) {
      int t = k - rowptr[i];
      col[k] = (int)(((long)i * 31 + (long)t * 1237 + (long)t * t) % n);
      val[k] = (0.9 / len) * (double)(1 + (i + t) % 3) / 2.0;
    }
    x[i] = 1.0 + (double)(i % 10) / 10.0;
  }

  spmv_kernel(n, iters, rowptr, col, val, x, y);

  double s = 0, w = 0;
  for (int i = 0; i < n; i++) { s += y[i]; w += y[i] * (double)(i % 7 + 1); }
  printf("nnz %d\n", nnz);
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("y[0] %.17g\n", y[0]);
  printf("y[mid] %.17g\n", y[n / 2]);
  printf("y[last] %.17g\n", y[n - 1]);
  free(rowptr); free(col); free(val); free(x); free(y);
  return 0;
}
