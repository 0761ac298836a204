/* matvec_flat: power-iteration-like rounds x = (2/n) * A^T x on a flat
 * n x n matrix (A[i*n + j], runtime n): the product is written column-wise
 * (y[j] accumulates over rows i), so the inner loop strides by n.
 * Usage: matvec_flat [n] [rounds] */
#include "bench.h"

BENCH_KERNEL void matvec_flat(int n, int rounds, double *A, double *x, double *y) {
  for (int r = 0; r < rounds; r++) {
    for (int j = 0; j < n; j++) {
      y[j] = 0.0;
      for (int i = 0; i < n; i++)
        y[j] += A[i * n + j] * x[i];
    }
    /* Entries average 1/2, so 2/n keeps x of order one across rounds. */
    for (int j = 0; j < n; j++)
      x[j] = y[j] * (2.0 / n);
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 2500);
  int rounds = bench_arg(argc, argv, 2, 22);
  double *A = bench_alloc((size_t)n * n);
  double *x = bench_alloc(n), *y = bench_alloc(n);
  bench_fill(A, n, n, 59, n);
  bench_fill(x, 1, n, 60, n);

  double t0 = bench_now();
  matvec_flat(n, rounds, A, x, y);
  double t1 = bench_now();

  bench_report(bench_checksum(x, n) + bench_checksum(y, n), t1 - t0);
  free(A);
  free(x);
  free(y);
  return 0;
}
