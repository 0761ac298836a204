/* heat3d: explicit heat equation on an n^3 grid, seven-point Laplacian with
 * diffusion number 1/8 per direction (stable: 3 * 2/8 < 1), ping-ponging
 * for `steps` steps with fixed faces. Usage: heat3d [n] [steps] */
#include "bench.h"

/* One explicit step from `from` into `to`, interior points only. */
static inline void heat_step(int n, double (*to)[n][n], double (*from)[n][n]) {
  const double nu = 0.125;
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++)
        to[i][j][k] = from[i][j][k] +
                      nu * (from[i + 1][j][k] - 2.0 * from[i][j][k] + from[i - 1][j][k]) +
                      nu * (from[i][j + 1][k] - 2.0 * from[i][j][k] + from[i][j - 1][k]) +
                      nu * (from[i][j][k + 1] - 2.0 * from[i][j][k] + from[i][j][k - 1]);
}

BENCH_KERNEL void heat3d(int n, int steps, double (*a)[n][n], double (*b)[n][n]) {
  for (int t = 0; t < steps; t++) {
    heat_step(n, b, a);
    heat_step(n, a, b);
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 150);
  int steps = bench_arg(argc, argv, 2, 90);
  size_t cells = (size_t)n * n * n;
  double (*a)[n][n] = bench_alloc(cells);
  double (*b)[n][n] = bench_alloc(cells);
  bench_fill(&a[0][0][0], (long)n * n, n, 44, n);
  bench_fill(&b[0][0][0], (long)n * n, n, 45, n);

  double t0 = bench_now();
  heat3d(n, steps, a, b);
  double t1 = bench_now();

  bench_report(bench_checksum(&a[0][0][0], (long)cells) + bench_checksum(&b[0][0][0], (long)cells),
               t1 - t0);
  free(a);
  free(b);
  return 0;
}
