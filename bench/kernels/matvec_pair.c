/* matvec_pair: x1 += A*y1 and x2 += A^T*y2 with one matrix, repeated
 * `reps` times (a single pass over a matrix that fits in memory is too
 * short to time). The transposed product walks A by columns, so the two
 * nests want opposite loop orders. Usage: matvec_pair [n] [reps] */
#include "bench.h"

BENCH_KERNEL void matvec_pair(int n, int reps, double (*A)[n], double *x1,
                                           double *x2, double *y1, double *y2) {
  for (int r = 0; r < reps; r++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        x1[i] += A[i][j] * y1[j];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        x2[i] += A[j][i] * y2[j];
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 3000);
  int reps = bench_arg(argc, argv, 2, 9);
  double (*A)[n] = bench_alloc((size_t)n * n);
  double *x1 = bench_alloc(n), *x2 = bench_alloc(n);
  double *y1 = bench_alloc(n), *y2 = bench_alloc(n);
  bench_fill(&A[0][0], n, n, 21, n);
  bench_fill(x1, 1, n, 22, n);
  bench_fill(x2, 1, n, 23, n);
  bench_fill(y1, 1, n, 24, n);
  bench_fill(y2, 1, n, 25, n);

  double t0 = bench_now();
  matvec_pair(n, reps, A, x1, x2, y1, y2);
  double t1 = bench_now();

  bench_report(bench_checksum(x1, n) + 3.0 * bench_checksum(x2, n), t1 - t0);
  free(A);
  free(x1);
  free(x2);
  free(y1);
  free(y2);
  return 0;
}
