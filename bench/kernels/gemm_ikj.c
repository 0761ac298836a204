/* gemm_ikj: C += A*B on n x n matrices in i-k-j order, the order that plain
 * -O3 already vectorizes well (the innermost loop walks rows of B and C):
 * the baseline a compiler's matrix product must beat is -O3 at its best.
 * Usage: gemm_ikj [n] */
#include "bench.h"

BENCH_KERNEL void gemm_ikj(int n, double (*C)[n], double (*A)[n], double (*B)[n]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[i][k] * B[k][j];
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1000);
  double (*A)[n] = bench_alloc((size_t)n * n);
  double (*B)[n] = bench_alloc((size_t)n * n);
  double (*C)[n] = bench_alloc((size_t)n * n);
  bench_fill(&A[0][0], n, n, 21, n);
  bench_fill(&B[0][0], n, n, 22, n);
  bench_fill(&C[0][0], n, n, 23, n);

  double t0 = bench_now();
  gemm_ikj(n, C, A, B);
  double t1 = bench_now();

  bench_report(bench_checksum(&C[0][0], (long)n * n), t1 - t0);
  free(A);
  free(B);
  free(C);
  return 0;
}
