/* adi: alternating-direction implicit diffusion on an n x n grid. Each time
 * step solves the tridiagonal system (1+2a) x_j - a x_{j-1} - a x_{j+1} =
 * r_j along every row (u -> v), then along every column (v -> u), with the
 * Thomas algorithm: a forward elimination into p and q, then a backward
 * substitution, boundary values fixed. Rows are independent of each other
 * (so are columns), but each solve is a recurrence in both directions.
 * Usage: adi [n] [steps] */
#include "bench.h"

BENCH_KERNEL void adi(int n, int steps, double (*u)[n], double (*v)[n],
                                   double (*p)[n], double (*q)[n]) {
  const double a = 0.5, d = 1.0 + 2.0 * a;
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++) {
      p[i][0] = 0.0;
      q[i][0] = u[i][0];
      for (int j = 1; j < n - 1; j++) {
        p[i][j] = a / (d - a * p[i][j - 1]);
        q[i][j] = (u[i][j] + a * q[i][j - 1]) / (d - a * p[i][j - 1]);
      }
      v[i][0] = u[i][0];
      v[i][n - 1] = u[i][n - 1];
      for (int j = n - 2; j >= 1; j--)
        v[i][j] = q[i][j] + p[i][j] * v[i][j + 1];
    }
    for (int j = 1; j < n - 1; j++) {
      p[0][j] = 0.0;
      q[0][j] = v[0][j];
      for (int i = 1; i < n - 1; i++) {
        p[i][j] = a / (d - a * p[i - 1][j]);
        q[i][j] = (v[i][j] + a * q[i - 1][j]) / (d - a * p[i - 1][j]);
      }
      u[0][j] = v[0][j];
      u[n - 1][j] = v[n - 1][j];
      for (int i = n - 2; i >= 1; i--)
        u[i][j] = q[i][j] + p[i][j] * u[i + 1][j];
    }
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1000);
  int steps = bench_arg(argc, argv, 2, 20);
  size_t nn = (size_t)n * n;
  double (*u)[n] = bench_alloc(nn);
  double (*v)[n] = bench_alloc(nn);
  double (*p)[n] = bench_alloc(nn);
  double (*q)[n] = bench_alloc(nn);
  bench_fill(&u[0][0], n, n, 49, n);
  bench_fill(&v[0][0], n, n, 50, n);
  /* p and q are scratch, but cells the sweeps never write (the last
   * column and row) would otherwise be uninitialized in the checksum. */
  bench_fill(&p[0][0], n, n, 51, n);
  bench_fill(&q[0][0], n, n, 52, n);

  double t0 = bench_now();
  adi(n, steps, u, v, p, q);
  double t1 = bench_now();

  double sum = bench_checksum(&u[0][0], (long)nn) + bench_checksum(&v[0][0], (long)nn);
  bench_report(sum, t1 - t0);
  free(u);
  free(v);
  free(p);
  free(q);
  return 0;
}
