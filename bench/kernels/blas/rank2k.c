/* rank2k through OpenBLAS: the lower triangle of
 * C = beta*C + alpha*(A*B^T + B*A^T) (see ../rank2k.c). */
#include "../bench.h"
#include <cblas.h>

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1400);
  int m = n / 2;
  double *C = bench_alloc((size_t)n * n), *A = bench_alloc((size_t)n * m), *B = bench_alloc((size_t)n * m);
  bench_fill(C, n, n, 14, n);
  bench_fill(A, n, m, 15, m);
  bench_fill(B, n, m, 16, m);
  double t0 = bench_now();
  cblas_dsyr2k(CblasRowMajor, CblasLower, CblasNoTrans, n, m, 0.75, A, m, B, m, 0.5, C, n);
  double t1 = bench_now();
  bench_report(bench_checksum(C, (long)n * n), t1 - t0);
  free(C);
  free(A);
  free(B);
  return 0;
}
