/* fdtd2d: 2-D finite-difference time-domain (Yee) scheme on an n x m grid
 * (m = 5n/4): two electric components updated from the magnetic one, then
 * the magnetic one from both, with a source driving the first row. Three
 * statements with different shifts per time step.
 * Usage: fdtd2d [n] [steps] */
#include "bench.h"

BENCH_KERNEL void fdtd2d(int n, int m, int steps, double (*ex)[m], double (*ey)[m],
                                      double (*hz)[m], double *pulse) {
  for (int t = 0; t < steps; t++) {
    for (int j = 0; j < m; j++)
      ey[0][j] = pulse[t];
    for (int i = 1; i < n; i++)
      for (int j = 0; j < m; j++)
        ey[i][j] -= 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < n; i++)
      for (int j = 1; j < m; j++)
        ex[i][j] -= 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < n - 1; i++)
      for (int j = 0; j < m - 1; j++)
        hz[i][j] -= 0.6 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1200);
  int steps = bench_arg(argc, argv, 2, 120);
  int m = n + n / 4;
  size_t cells = (size_t)n * m;
  double (*ex)[m] = bench_alloc(cells);
  double (*ey)[m] = bench_alloc(cells);
  double (*hz)[m] = bench_alloc(cells);
  double *pulse = bench_alloc(steps);
  bench_fill(&ex[0][0], n, m, 46, n);
  bench_fill(&ey[0][0], n, m, 47, n);
  bench_fill(&hz[0][0], n, m, 48, n);
  /* A ramp that rises and falls once over the run. */
  for (int t = 0; t < steps; t++)
    pulse[t] = (double)(t < steps / 2 ? t : steps - t) / steps;

  double t0 = bench_now();
  fdtd2d(n, m, steps, ex, ey, hz, pulse);
  double t1 = bench_now();

  double sum = bench_checksum(&ex[0][0], (long)cells) + bench_checksum(&ey[0][0], (long)cells) +
               bench_checksum(&hz[0][0], (long)cells);
  bench_report(sum, t1 - t0);
  free(ex);
  free(ey);
  free(hz);
  free(pulse);
  return 0;
}
