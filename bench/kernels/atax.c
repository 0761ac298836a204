/* atax: y = A^T (A x) by rows, run `reps` times with x = y / (nm) fed
 * back: each row first sums t[i] = A[i][:] . x (a floating-point chain -O3
 * keeps in order), then adds A[i][j] * t[i] into every y[j], so the row
 * loop carries the column sums y[j] and is not parallel. m = 9n/10 rows.
 * Usage: atax [n] [reps] */
#include "bench.h"

BENCH_KERNEL void atax(int m, int n, double (*A)[n], const double *x, double *y, double *t) {
  for (int j = 0; j < n; j++)
    y[j] = 0.0;
  for (int i = 0; i < m; i++) {
    t[i] = 0.0;
    for (int j = 0; j < n; j++)
      t[i] = t[i] + A[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * t[i];
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 4000);
  int reps = bench_arg(argc, argv, 2, 20);
  int m = n - n / 10;
  double (*A)[n] = bench_alloc((size_t)m * n);
  double *x = bench_alloc(n), *y = bench_alloc(n), *t = bench_alloc(m);
  bench_fill(&A[0][0], m, n, 71, n);
  bench_fill(x, 1, n, 72, n);

  double t0 = bench_now();
  for (int r = 0; r < reps; r++) {
    atax(m, n, A, x, y, t);
    /* Entries of A average 1/2: this keeps x of order one. */
    for (int j = 0; j < n; j++)
      x[j] = y[j] / ((double)n * m);
  }
  double t1 = bench_now();

  bench_report(bench_checksum(y, n) + bench_checksum(t, m), t1 - t0);
  free(A);
  free(x);
  free(y);
  free(t);
  return 0;
}
