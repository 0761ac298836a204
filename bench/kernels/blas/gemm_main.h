/* The OpenBLAS versions of the square matrix products: C = beta*C +
 * alpha*A*B on n x n matrices filled as the kernel's own program fills
 * them (the fill seeds), so that the checksums compare. */
#include "../bench.h"
#include <cblas.h>

static int gemm_main(int argc, char **argv, int default_n, int seed, double alpha, double beta) {
  int n = bench_arg(argc, argv, 1, default_n);
  size_t nn = (size_t)n * n;
  double *A = bench_alloc(nn), *B = bench_alloc(nn), *C = bench_alloc(nn);
  bench_fill(A, n, n, seed, n);
  bench_fill(B, n, n, seed + 1, n);
  bench_fill(C, n, n, seed + 2, n);
  double t0 = bench_now();
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, alpha, A, n, B, n, beta, C, n);
  double t1 = bench_now();
  bench_report(bench_checksum(C, (long)nn), t1 - t0);
  free(A);
  free(B);
  free(C);
  return 0;
}
