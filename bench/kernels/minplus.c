/* minplus: all-pairs shortest paths by repeated min-plus squaring of the
 * distance matrix, E = min(D, D (x) D) then D = E, `rounds` times (after
 * log2(n) rounds every path is found). The k loop is innermost: a min
 * reduction that -O3 cannot vectorize without reassociation flags.
 * Distances are small integers, so every build computes them exactly.
 * Usage: minplus [n] [rounds] */
#include "bench.h"

BENCH_KERNEL void minplus(int n, int rounds, double (*D)[n], double (*E)[n]) {
  for (int r = 0; r < rounds; r++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        E[i][j] = D[i][j];
        for (int k = 0; k < n; k++)
          E[i][j] = D[i][k] + D[k][j] < E[i][j] ? D[i][k] + D[k][j] : E[i][j];
      }
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        D[i][j] = E[i][j];
  }
}

/* Edge weights 1..40 that vary irregularly, zero on the diagonal. */
static void make_graph(int n, double (*D)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      D[i][j] = i == j ? 0.0 : (double)((i * 13 + j * 29 + (i ^ j)) % 40 + 1);
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 550);
  int rounds = bench_arg(argc, argv, 2, 2);
  double (*D)[n] = bench_alloc((size_t)n * n);
  double (*E)[n] = bench_alloc((size_t)n * n);
  make_graph(n, D);

  double t0 = bench_now();
  minplus(n, rounds, D, E);
  double t1 = bench_now();

  bench_report(bench_checksum(&D[0][0], (long)n * n), t1 - t0);
  free(D);
  free(E);
  return 0;
}
