/* jacobi2d: five-point average on an n x n grid, ping-ponging between two
 * arrays for `steps` time steps with fixed borders.
 * Usage: jacobi2d [n] [steps] */
#include "bench.h"

BENCH_KERNEL void jacobi2d(int n, int steps, double (*u)[n], double (*v)[n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i][j] = 0.2 * (u[i][j] + u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = 0.2 * (v[i][j] + v[i - 1][j] + v[i + 1][j] + v[i][j - 1] + v[i][j + 1]);
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1500);
  int steps = bench_arg(argc, argv, 2, 200);
  double (*u)[n] = bench_alloc((size_t)n * n);
  double (*v)[n] = bench_alloc((size_t)n * n);
  bench_fill(&u[0][0], n, n, 42, n);
  bench_fill(&v[0][0], n, n, 43, n);

  double t0 = bench_now();
  jacobi2d(n, steps, u, v);
  double t1 = bench_now();

  double sum = bench_checksum(&u[0][0], (long)n * n) + bench_checksum(&v[0][0], (long)n * n);
  bench_report(sum, t1 - t0);
  free(u);
  free(v);
  return 0;
}
