/* gemm_flat through OpenBLAS: C += A*B (see ../gemm_flat.c). */
#include "../bench.h"
#include <cblas.h>

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 750);
  size_t nn = (size_t)n * n;
  double *A = bench_alloc(nn), *B = bench_alloc(nn), *C = bench_alloc(nn);
  bench_fill(A, n, n, 54, n);
  bench_fill(B, n, n, 55, n);
  bench_fill(C, n, n, 56, n);
  double t0 = bench_now();
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, A, n, B, n, 1.0, C, n);
  double t1 = bench_now();
  bench_report(bench_checksum(C, (long)nn), t1 - t0);
  free(A);
  free(B);
  free(C);
  return 0;
}
