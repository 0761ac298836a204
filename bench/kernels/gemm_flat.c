/* gemm_flat: C += A*B on n x n matrices stored as flat arrays indexed
 * A[i*n + k] with n known only at run time: the subscripts are products of
 * a parameter and an induction variable, which an optimizer must
 * delinearize before it can reason about rows and columns.
 * Usage: gemm_flat [n] */
#include "bench.h"

BENCH_KERNEL void gemm_flat(int n, double *C, double *A, double *B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * B[k * n + j];
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 750);
  size_t nn = (size_t)n * n;
  double *A = bench_alloc(nn), *B = bench_alloc(nn), *C = bench_alloc(nn);
  bench_fill(A, n, n, 54, n);
  bench_fill(B, n, n, 55, n);
  bench_fill(C, n, n, 56, n);

  double t0 = bench_now();
  gemm_flat(n, C, A, B);
  double t1 = bench_now();

  bench_report(bench_checksum(C, (long)nn), t1 - t0);
  free(A);
  free(B);
  free(C);
  return 0;
}
