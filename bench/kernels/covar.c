/* covar: sample covariance of m features over n samples (n = 5m/4):
 * column means, centering in place, then the upper triangle of X^T X/(n-1)
 * mirrored to the lower one. The product walks X by columns.
 * Usage: covar [m] */
#include "bench.h"

BENCH_KERNEL void covar(int n, int m, double (*X)[m], double (*cov)[m],
                                     double *mean) {
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += X[i][j];
    mean[j] /= n;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      X[i][j] -= mean[j];
  for (int a = 0; a < m; a++)
    for (int b = a; b < m; b++) {
      cov[a][b] = 0.0;
      for (int i = 0; i < n; i++)
        cov[a][b] += X[i][a] * X[i][b];
      cov[a][b] /= n - 1;
      cov[b][a] = cov[a][b];
    }
}

int main(int argc, char **argv) {
  int m = bench_arg(argc, argv, 1, 650);
  int n = m + m / 4;
  double (*X)[m] = bench_alloc((size_t)n * m);
  double (*cov)[m] = bench_alloc((size_t)m * m);
  double *mean = bench_alloc(m);
  bench_fill(&X[0][0], n, m, 38, 97);

  double t0 = bench_now();
  covar(n, m, X, cov, mean);
  double t1 = bench_now();

  double sum = bench_checksum(&cov[0][0], (long)m * m) + bench_checksum(mean, m);
  bench_report(sum, t1 - t0);
  free(X);
  free(cov);
  free(mean);
  return 0;
}
