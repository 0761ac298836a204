/* correl: Pearson correlation matrix of m features over n samples
 * (n = 5m/4). Means and standard deviations per column, standardization
 * in place, then the symmetric product. A nearly constant column gets a
 * deviation of one instead of a division by zero: a data-dependent branch
 * inside an otherwise affine program. Usage: correl [m] */
#include "bench.h"

BENCH_KERNEL void correl(int n, int m, double (*X)[m], double (*corr)[m],
                                      double *mean, double *dev) {
  const double tiny = 1e-9;
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += X[i][j];
    mean[j] /= n;
  }
  for (int j = 0; j < m; j++) {
    dev[j] = 0.0;
    for (int i = 0; i < n; i++)
      dev[j] += (X[i][j] - mean[j]) * (X[i][j] - mean[j]);
    dev[j] = sqrt(dev[j] / n);
    dev[j] = dev[j] <= tiny ? 1.0 : dev[j];
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      X[i][j] = (X[i][j] - mean[j]) / (sqrt((double)n) * dev[j]);
  for (int a = 0; a < m; a++) {
    corr[a][a] = 1.0;
    for (int b = a + 1; b < m; b++) {
      corr[a][b] = 0.0;
      for (int i = 0; i < n; i++)
        corr[a][b] += X[i][a] * X[i][b];
      corr[b][a] = corr[a][b];
    }
  }
}

int main(int argc, char **argv) {
  int m = bench_arg(argc, argv, 1, 600);
  int n = m + m / 4;
  double (*X)[m] = bench_alloc((size_t)n * m);
  double (*corr)[m] = bench_alloc((size_t)m * m);
  double *mean = bench_alloc(m), *dev = bench_alloc(m);
  bench_fill(&X[0][0], n, m, 39, 89);

  double t0 = bench_now();
  correl(n, m, X, corr, mean, dev);
  double t1 = bench_now();

  double sum = bench_checksum(&corr[0][0], (long)m * m) + bench_checksum(mean, m) +
               bench_checksum(dev, m);
  bench_report(sum, t1 - t0);
  free(X);
  free(corr);
  free(mean);
  free(dev);
  return 0;
}
