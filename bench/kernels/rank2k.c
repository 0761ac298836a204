/* rank2k: symmetric rank-2k update of the lower triangle, C = beta*C +
 * alpha*(A*B^T + B*A^T), A and B of n x m (m = n/2). Each update reads four
 * rows, two of them indexed by the triangular loop. Usage: rank2k [n] */
#include "bench.h"

BENCH_KERNEL void rank2k(int n, int m, double alpha, double beta, double (*C)[n],
                                      double (*A)[m], double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < m; k++)
        C[i][j] += alpha * A[i][k] * B[j][k] + alpha * B[i][k] * A[j][k];
    }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1400);
  int m = n / 2;
  double (*C)[n] = bench_alloc((size_t)n * n);
  double (*A)[m] = bench_alloc((size_t)n * m);
  double (*B)[m] = bench_alloc((size_t)n * m);
  bench_fill(&C[0][0], n, n, 14, n);
  bench_fill(&A[0][0], n, m, 15, m);
  bench_fill(&B[0][0], n, m, 16, m);

  double t0 = bench_now();
  rank2k(n, m, 0.75, 0.5, C, A, B);
  double t1 = bench_now();

  bench_report(bench_checksum(&C[0][0], (long)n * n), t1 - t0);
  free(C);
  free(A);
  free(B);
  return 0;
}
