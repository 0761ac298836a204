/* sumvec: y = alpha*A*x + beta*B*x (two matrix-vector products summed),
 * then x = y/n feeds the next of `reps` rounds, so the rounds are
 * genuinely dependent. Usage: sumvec [n] [reps] */
#include "bench.h"

BENCH_KERNEL void sumvec(int n, int reps, double alpha, double beta, double (*A)[n],
                                      double (*B)[n], double *x, double *y, double *tmp) {
  for (int t = 0; t < reps; t++) {
    for (int i = 0; i < n; i++) {
      tmp[i] = 0.0;
      y[i] = 0.0;
      for (int j = 0; j < n; j++) {
        tmp[i] += A[i][j] * x[j];
        y[i] += B[i][j] * x[j];
      }
      y[i] = alpha * tmp[i] + beta * y[i];
    }
    /* Rows of A and B average about n/2, so this keeps x of order one. */
    for (int i = 0; i < n; i++)
      x[i] = y[i] / n;
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 2500);
  int reps = bench_arg(argc, argv, 2, 30);
  double (*A)[n] = bench_alloc((size_t)n * n);
  double (*B)[n] = bench_alloc((size_t)n * n);
  double *x = bench_alloc(n), *y = bench_alloc(n), *tmp = bench_alloc(n);
  bench_fill(&A[0][0], n, n, 31, n);
  bench_fill(&B[0][0], n, n, 32, n);
  bench_fill(x, 1, n, 33, n);

  double t0 = bench_now();
  sumvec(n, reps, 1.25, 0.75, A, B, x, y, tmp);
  double t1 = bench_now();

  bench_report(bench_checksum(x, n) + bench_checksum(tmp, n), t1 - t0);
  free(A);
  free(B);
  free(x);
  free(y);
  free(tmp);
  return 0;
}
