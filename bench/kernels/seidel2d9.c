/* seidel2d9: in-place Gauss-Seidel style nine-point average for `steps`
 * sweeps, divided by 9 (the common benchmark's shape). Each point reads
 * its already-updated west, north-west, north and north-east neighbours:
 * the north-east one makes the stride-1 row lag one point per row, so a
 * wavefront in registers needs rows that start one point apart.
 * Usage: seidel2d9 [n] [steps] */
#include "bench.h"

BENCH_KERNEL void seidel2d9(int n, int steps, double (*g)[n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        g[i][j] = (g[i - 1][j - 1] + g[i - 1][j] + g[i - 1][j + 1] + g[i][j - 1] + g[i][j] + g[i][j + 1] + g[i + 1][j - 1] +
                   g[i + 1][j] + g[i + 1][j + 1]) /
                  9.0;
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1200);
  int steps = bench_arg(argc, argv, 2, 80);
  double (*g)[n] = bench_alloc((size_t)n * n);
  bench_fill(&g[0][0], n, n, 59, n);

  double t0 = bench_now();
  seidel2d9(n, steps, g);
  double t1 = bench_now();

  bench_report(bench_checksum(&g[0][0], (long)n * n), t1 - t0);
  free(g);
  return 0;
}
