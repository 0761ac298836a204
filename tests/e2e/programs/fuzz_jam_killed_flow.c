/* Found by scripts/fuzz (seed 20261201, program 225), reduced by hand: in
 * each row i, A2[0] is reset before the inner loop updates it, so the
 * update of row i and the read of row i + 1 are no flow of values (the
 * reset comes between them), while the update and the next row's reset
 * are an output dependence an unroll-and-jam of the row loop would
 * reverse. The jam marks named that pair, so the row loop was not jammed,
 * but the schedule checker (-tessera-check-schedules) judged each pair on
 * its own and rejected the schedule with an internal-error warning. The
 * second kernel (program 385 of the same run) is the same case: each row
 * fills a range holding the element the row's sum then updates. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void kernel(int n, int m, long (*a)[n][n], double *x, int *c) {
  for (int i = 0; i < n; i++)
    for (int j = 1; j < i - 1; j++) {
      c[0] = 0;
      c[m - 1] = -2;
      for (int k = j - 1; k < n - 2; k++) {
        x[j - 1] = 0.375 * x[k + 4];
        c[0] = (c[0] % 1000) * (a[n - 1 - i][n - 1][j - 1] % 100);
        c[0] = 2 * (c[0] % 1000) + 3 * (a[k + 2][k + 2][k + 2] % 1000);
      }
    }
}

__attribute__((noinline)) void fill_then_sum(int n, int m, double *y) {
  for (int i = 1; i < n - 1; i++) {
    for (int j = 2; j < m + 1; j++)
      y[m + 2 - j] = -0.375;
    for (int k = 0; k < n; k++)
      y[m] += 0.03125 * (double)(-k);
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 11;
  int m = argc > 2 ? atoi(argv[2]) : 5;
  if (n < 1) n = 1;
  if (n > 13) n = 13;
  if (m < 1) m = 1;
  if (m > 13) m = 13;
  long (*a)[n][n] = malloc(sizeof(long) * n * n * n);
  double *x = malloc(sizeof(double) * (n + 2));
  int *c = malloc(sizeof(int) * m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        a[i][j][k] = (i * 37 + j * 11 + k * 5) % 41 - 20;
  for (int i = 0; i < n + 2; i++)
    x[i] = (double)((i * 37 + 11) % 29) / 16.0 - 0.875;
  for (int i = 0; i < m; i++)
    c[i] = (i * 37 + 22) % 41 - 20;
  kernel(n, m, a, x, c);
  double *y = malloc(sizeof(double) * (m + 1));
  for (int i = 0; i <= m; i++)
    y[i] = i * 0.5;
  fill_then_sum(n, m, y);
  double sy = 0;
  for (int i = 0; i <= m; i++)
    sy += (i + 1) * y[i];
  double sx = 0, wx = 0;
  for (int i = 0; i < n + 2; i++) {
    sx += x[i];
    wx += (i + 1) * x[i];
  }
  long sc = 0, wc = 0;
  for (int i = 0; i < m; i++) {
    sc += c[i];
    wc += (long)(i + 1) * c[i];
  }
  printf("x_sum %.17g\nx_weighted %.17g\nx0 %.17g\n", sx, wx, x[0]);
  printf("c_sum %ld\nc_weighted %ld\nc0 %d\n", sc, wc, c[0]);
  printf("y_weighted %.17g\ny_m %.17g\n", sy, y[m]);
  free(a);
  free(x);
  free(c);
  free(y);
  return 0;
}
