/* chain2 through OpenBLAS: T = A*B; D += T*C (see ../chain2.c). */
#include "../bench.h"
#include <cblas.h>

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 560);
  size_t nn = (size_t)n * n;
  double *T = bench_alloc(nn), *A = bench_alloc(nn), *B = bench_alloc(nn), *C = bench_alloc(nn), *D = bench_alloc(nn);
  bench_fill(A, n, n, 4, n);
  bench_fill(B, n, n, 5, n);
  bench_fill(C, n, n, 6, n);
  bench_fill(D, n, n, 7, n);
  double t0 = bench_now();
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, A, n, B, n, 0.0, T, n);
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, T, n, C, n, 1.0, D, n);
  double t1 = bench_now();
  bench_report(bench_checksum(T, (long)nn) + bench_checksum(D, (long)nn), t1 - t0);
  free(T);
  free(A);
  free(B);
  free(C);
  free(D);
  return 0;
}
