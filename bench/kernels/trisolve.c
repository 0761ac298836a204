/* trisolve: forward substitution L X = B for m right-hand sides at once
 * (m = n), X overwriting B. L is lower triangular with a dominant diagonal,
 * so the solution stays bounded. Row i depends on every earlier row, and
 * the division by the diagonal ends each element's recurrence.
 * Usage: trisolve [n] */
#include "bench.h"

BENCH_KERNEL void trisolve(int n, int m, double (*L)[n], double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      for (int k = 0; k < i; k++)
        B[i][j] -= L[i][k] * B[k][j];
      B[i][j] /= L[i][i];
    }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 900);
  int m = n;
  double (*L)[n] = bench_alloc((size_t)n * n);
  double (*B)[m] = bench_alloc((size_t)n * m);
  bench_fill(&L[0][0], n, n, 19, n);
  bench_boost_diagonal(&L[0][0], n, n);
  bench_fill(&B[0][0], n, m, 20, m);

  double t0 = bench_now();
  trisolve(n, m, L, B);
  double t1 = bench_now();

  bench_report(bench_checksum(&B[0][0], (long)n * m), t1 - t0);
  free(L);
  free(B);
  return 0;
}
