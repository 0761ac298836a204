/* gemm_rowzero: C = A*B on n x n matrices, each row of C zeroed just before
 * its products (i, then k-j). LLVM turns the zeroing loop into a call of
 * llvm.memset inside the i loop, which Tessera puts back as a loop to model
 * the nest. Usage: gemm_rowzero [n] */
#include "bench.h"

BENCH_KERNEL void gemm_rowzero(int n, double (*C)[n], double (*A)[n], double (*B)[n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] = 0.0;
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[i][k] * B[k][j];
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1500);
  double (*A)[n] = bench_alloc((size_t)n * n);
  double (*B)[n] = bench_alloc((size_t)n * n);
  double (*C)[n] = bench_alloc((size_t)n * n);
  bench_fill(&A[0][0], n, n, 31, n);
  bench_fill(&B[0][0], n, n, 32, n);
  bench_fill(&C[0][0], n, n, 33, n);

  double t0 = bench_now();
  gemm_rowzero(n, C, A, B);
  double t1 = bench_now();

  bench_report(bench_checksum(&C[0][0], (long)n * n), t1 - t0);
  free(A);
  free(B);
  free(C);
  return 0;
}
