/* trimul: in-place triangular multiply B = alpha * L * B, L unit lower
 * triangular (n x n, its strict lower part stored in L), B of n x m
 * (m = 5n/4). Row i of the result needs the old rows k < i, so the rows are
 * computed from the last one up: a reversed loop an optimizer must keep
 * reversed (or prove otherwise). Usage: trimul [n] */
#include "bench.h"

BENCH_KERNEL void trimul(int n, int m, double alpha, double (*L)[n],
                                      double (*B)[m]) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = 0; j < m; j++) {
      for (int k = 0; k < i; k++)
        B[i][j] += L[i][k] * B[k][j];
      B[i][j] *= alpha;
    }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 750);
  int m = n + n / 4;
  double (*L)[n] = bench_alloc((size_t)n * n);
  double (*B)[m] = bench_alloc((size_t)n * m);
  /* Entries of L scaled by 1/n so that the products stay of order one. */
  bench_fill(&L[0][0], n, n, 17, (long)n * 4);
  bench_fill(&B[0][0], n, m, 18, m);

  double t0 = bench_now();
  trimul(n, m, 0.5, L, B);
  double t1 = bench_now();

  bench_report(bench_checksum(&B[0][0], (long)n * m), t1 - t0);
  free(L);
  free(B);
  return 0;
}
