/* gemm: C = beta*C + alpha*A*B on n x n matrices, in i-j-k order: the
 * innermost loop walks B down a column and accumulates into one element of
 * C, which -O3 cannot vectorize without reassociating. Usage: gemm [n] */
#include "bench.h"

BENCH_KERNEL void gemm(int n, double alpha, double beta, double (*C)[n],
                                    double (*A)[n], double (*B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < n; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 750);
  double (*A)[n] = bench_alloc((size_t)n * n);
  double (*B)[n] = bench_alloc((size_t)n * n);
  double (*C)[n] = bench_alloc((size_t)n * n);
  bench_fill(&A[0][0], n, n, 1, n);
  bench_fill(&B[0][0], n, n, 2, n);
  bench_fill(&C[0][0], n, n, 3, n);

  double t0 = bench_now();
  gemm(n, 1.25, 0.75, C, A, B);
  double t1 = bench_now();

  bench_report(bench_checksum(&C[0][0], (long)n * n), t1 - t0);
  free(A);
  free(B);
  free(C);
  return 0;
}
