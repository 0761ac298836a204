/* gemm through OpenBLAS: C = beta*C + alpha*A*B (see ../gemm.c). */
#include "../bench.h"
#include <cblas.h>

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 750);
  double *A = bench_alloc((size_t)n * n), *B = bench_alloc((size_t)n * n), *C = bench_alloc((size_t)n * n);
  bench_fill(A, n, n, 1, n);
  bench_fill(B, n, n, 2, n);
  bench_fill(C, n, n, 3, n);
  double t0 = bench_now();
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.25, A, n, B, n, 0.75, C, n);
  double t1 = bench_now();
  bench_report(bench_checksum(C, (long)n * n), t1 - t0);
  free(A);
  free(B);
  free(C);
  return 0;
}
