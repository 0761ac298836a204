/* rankk through OpenBLAS: the lower triangle of C = beta*C + alpha*A*A^T
 * (see ../rankk.c). */
#include "../bench.h"
#include <cblas.h>

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1150);
  int m = n - n / 4;
  double *C = bench_alloc((size_t)n * n), *A = bench_alloc((size_t)n * m);
  bench_fill(C, n, n, 12, n);
  bench_fill(A, n, m, 13, m);
  double t0 = bench_now();
  cblas_dsyrk(CblasRowMajor, CblasLower, CblasNoTrans, n, m, 0.5, A, m, 1.5, C, n);
  double t1 = bench_now();
  bench_report(bench_checksum(C, (long)n * n), t1 - t0);
  free(C);
  free(A);
  return 0;
}
