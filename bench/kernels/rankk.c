/* rankk: symmetric rank-k update of the lower triangle, C = beta*C +
 * alpha*A*A^T, with A of n x m (m = 3n/4). The triangular j bound makes
 * the iteration domain non-rectangular. Usage: rankk [n] */
#include "bench.h"

BENCH_KERNEL void rankk(int n, int m, double alpha, double beta, double (*C)[n],
                                     double (*A)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < m; k++)
        C[i][j] += alpha * A[i][k] * A[j][k];
    }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1150);
  int m = n - n / 4;
  double (*C)[n] = bench_alloc((size_t)n * n);
  double (*A)[m] = bench_alloc((size_t)n * m);
  bench_fill(&C[0][0], n, n, 12, n);
  bench_fill(&A[0][0], n, m, 13, m);

  double t0 = bench_now();
  rankk(n, m, 0.5, 1.5, C, A);
  double t1 = bench_now();

  bench_report(bench_checksum(&C[0][0], (long)n * n), t1 - t0);
  free(C);
  free(A);
  return 0;
}
