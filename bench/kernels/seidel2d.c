/* seidel2d: in-place Gauss-Seidel style five-point average for `steps`
 * sweeps: each point reads its already-updated north and west neighbours,
 * so the only parallelism is along wavefronts (skewing).
 * Usage: seidel2d [n] [steps] */
#include "bench.h"

BENCH_KERNEL void seidel2d(int n, int steps, double (*g)[n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        g[i][j] = 0.2 * (g[i - 1][j] + g[i][j - 1] + g[i][j] + g[i][j + 1] + g[i + 1][j]);
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1200);
  int steps = bench_arg(argc, argv, 2, 120);
  double (*g)[n] = bench_alloc((size_t)n * n);
  bench_fill(&g[0][0], n, n, 53, n);

  double t0 = bench_now();
  seidel2d(n, steps, g);
  double t1 = bench_now();

  bench_report(bench_checksum(&g[0][0], (long)n * n), t1 - t0);
  free(g);
  return 0;
}
