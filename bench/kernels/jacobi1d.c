/* jacobi1d: three-point weighted average on a line, ping-ponging between
 * two arrays for `steps` time steps; the ends stay fixed. Time tiling is
 * the interesting transformation here. Usage: jacobi1d [n] [steps] */
#include "bench.h"

BENCH_KERNEL void jacobi1d(int n, int steps, double *u, double *v) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
    for (int i = 1; i < n - 1; i++)
      u[i] = 0.25 * v[i - 1] + 0.5 * v[i] + 0.25 * v[i + 1];
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 400000);
  int steps = bench_arg(argc, argv, 2, 1400);
  double *u = bench_alloc(n), *v = bench_alloc(n);
  bench_fill(u, 1, n, 40, 1000);
  bench_fill(v, 1, n, 41, 1000);

  double t0 = bench_now();
  jacobi1d(n, steps, u, v);
  double t1 = bench_now();

  bench_report(bench_checksum(u, n) + bench_checksum(v, n), t1 - t0);
  free(u);
  free(v);
  return 0;
}
