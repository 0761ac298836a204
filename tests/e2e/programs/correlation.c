/* Pearson correlation matrix: means, standard deviations with sqrt and a
 * guard (stddev <= eps -> 1.0; one column is constant so the guard fires),
 * normalisation, then the upper triangle of X^T X mirrored. Flattened with
 * runtime stride. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void correlation_kernel(int m, int n, double *data,
                                                  double *corr, double *mean,
                                                  double *stddev) {
  const double eps = 0.1;
  for (int j = 0; j < n; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < m; i++)
      mean[j] += data[i * n + j];
    mean[j] /= (double)m;
  }
  for (int j = 0; j < n; j++) {
    stddev[j] = 0.0;
    for (int i = 0; i < m; i++)
      stddev[j] += (data[i * n + j] - mean[j]) * (data[i * n + j] - mean[j]);
    stddev[j] /= (double)m;
    stddev[j] = sqrt(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      data[i * n + j] -= mean[j];
      data[i * n + j] /= sqrt((double)m) * stddev[j];
    }
  for (int i = 0; i < n - 1; i++) {
    corr[i * n + i] = 1.0;
    for (int j = i + 1; j < n; j++) {
      corr[i * n + j] = 0.0;
      for (int k = 0; k < m; k++)
        corr[i * n + j] += data[k * n + i] * data[k * n + j];
      corr[j * n + i] = corr[i * n + j];
    }
  }
  corr[(n - 1) * n + (n - 1)] = 1.0;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 160, 2, 2000);
  int m = 256; /* power of two: the constant column's mean is exact */
  double *data = malloc(sizeof(double) * (size_t)m * n);
  double *corr = malloc(sizeof(double) * (size_t)n * n);
  double *mean = malloc(sizeof(double) * n), *sd = malloc(sizeof(double) * n);
  if (!data || !corr || !mean || !sd) return 1;
  int cst = n / 2;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      data[i * n + j] = (j == cst) ? 0.5
                                   : (double)((i * 5) % 31) + (double)((i * j + 3 * j) % 17) / 2.0;

  correlation_kernel(m, n, data, corr, mean, sd);

  double s = 0, w = 0, ssd = 0;
  for (int i = 0; i < n; i++) {
    ssd += sd[i] * (double)(i % 5 + 1);
    for (int j = 0; j < n; j++) {
      s += corr[i * n + j];
      w += corr[i * n + j] * (double)((i * n + j) % 7 + 1);
    }
  }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("stddev_wsum %.17g\n", ssd);
  printf("stddev[const] %.17g\n", sd[cst]);
  printf("corr[0][1] %.17g\n", corr[1]);
  printf("corr[0][const] %.17g\n", corr[cst]);
  printf("corr[1][last] %.17g\n", corr[n + n - 1]);
  printf("corr[last][0] %.17g\n", corr[(n - 1) * n]);
  free(data); free(corr); free(mean); free(sd);
  return 0;
}
