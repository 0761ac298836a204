/* Covariance matrix of m observations of n variables: column means, centring,
 * then cov[i][j] = sum_k d[k][i]*d[k][j] / (m-1) on the upper triangle,
 * mirrored into the lower one. VLA parameters. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void covariance_kernel(int m, int n, double (*data)[n],
                                                 double (*cov)[n],
                                                 double *mean) {
  for (int j = 0; j < n; j++) {
    mean[j] = 0.0;
    for (int k = 0; k < m; k++)
      mean[j] += data[k][j];
    mean[j] /= (double)m;
  }
  for (int k = 0; k < m; k++)
    for (int j = 0; j < n; j++)
      data[k][j] -= mean[j];
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      cov[i][j] = 0.0;
      for (int k = 0; k < m; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (double)(m - 1);
      cov[j][i] = cov[i][j];
    }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 180, 3, 2000);
  int m = n + n / 3;
  double (*data)[n] = malloc(sizeof(double) * (size_t)m * n);
  double (*cov)[n] = malloc(sizeof(double) * (size_t)n * n);
  double *mean = malloc(sizeof(double) * n);
  if (!data || !cov || !mean) return 1;
  /* a shared per-observation component makes all variables correlated, so
   * every covariance is clearly positive (no near-zero cancellation) */
  for (int k = 0; k < m; k++)
    for (int j = 0; j < n; j++)
      data[k][j] = (double)((k * 7) % 23) / 23.0 + (double)((k * j + j) % 13) / 50.0;

  covariance_kernel(m, n, data, cov, mean);

  double s = 0, w = 0, tr = 0, sm = 0;
  for (int i = 0; i < n; i++) {
    tr += cov[i][i];
    sm += mean[i] * (double)(i % 5 + 1);
    for (int j = 0; j < n; j++) {
      s += cov[i][j];
      w += cov[i][j] * (double)((i * n + j) % 7 + 1);
    }
  }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("trace %.17g\n", tr);
  printf("mean_wsum %.17g\n", sm);
  printf("cov[0][0] %.17g\n", cov[0][0]);
  printf("cov[1][2] %.17g\n", cov[1][2]);
  printf("cov[mid][last] %.17g\n", cov[n / 2][n - 1]);
  printf("cov[last][last] %.17g\n", cov[n - 1][n - 1]);
  free(data); free(cov); free(mean);
  return 0;
}
