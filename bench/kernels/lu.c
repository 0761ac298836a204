/* lu: right-looking LU factorization without pivoting, in place (L's
 * multipliers below the diagonal, U on and above it). The trailing update
 * shrinks with k: a triangular, imperfectly nested domain.
 * Usage: lu [n] */
#include "bench.h"

BENCH_KERNEL void lu(int n, double (*A)[n]) {
  for (int k = 0; k < n; k++)
    for (int i = k + 1; i < n; i++) {
      A[i][k] /= A[k][k];
      for (int j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
    }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1500);
  double (*A)[n] = bench_alloc((size_t)n * n);
  bench_fill(&A[0][0], n, n, 36, n);
  /* Diagonal dominance: pivots stay away from zero without pivoting. */
  bench_boost_diagonal(&A[0][0], n, n);

  double t0 = bench_now();
  lu(n, A);
  double t1 = bench_now();

  bench_report(bench_checksum(&A[0][0], (long)n * n), t1 - t0);
  free(A);
  return 0;
}
