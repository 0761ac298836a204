/* Rows of a parallel loop jammed around their sums where the loop's
 * statements occur more than once in the new nest, or its last row's sum
 * is read after it: a row loop split on a parameter (some rows store to
 * y, the others to z), and one whose last row's sum each step reads. The
 * output is -O3's bit for bit, at any thread count. (Apart from
 * row_sums_jammed.c: each module's code-size budget is its own.) */
#include <stdio.h>

/* A row loop split on a parameter (some rows store to y, the others to
 * z), and one whose last row's sum is read after it in each step. */
__attribute__((noinline)) void split_rows(int n, int c, double (*A)[n], const double *x, double *y, double *z) {
  for (int i = 0; i < n; i++) {
    double s = y[i];
    for (int k = 0; k < n; k++)
      s += A[i][k] * x[k];
    if (i < c)
      y[i] = s;
    else
      z[i] = s * 0.5;
  }
}

__attribute__((noinline)) void last_rows(int steps, int n, double (*A)[n], const double *x, double *z, double *w) {
  double s = 0;
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++) {
      s = x[i] + t;
      for (int k = 0; k < n; k++)
        s += A[i][k] * x[n - 1 - k];
      z[i] = s;
    }
    w[t] = s;
  }
}

static double A[130][130], x[130], y[130], z[130], z2[130], w[6];

int main(void) {
  int sizes[] = {1, 7, 8, 9, 16, 23, 64, 101, 130};
  for (unsigned t = 0; t < sizeof sizes / sizeof *sizes; t++) {
    int n = sizes[t];
    for (int i = 0; i < n; i++) {
      x[i] = (i % 9) * 0.3 - 1.1;
      y[i] = i * 0.5 - 3.0;
      for (int j = 0; j < n; j++)
        A[i][j] = ((i * 13 + j * 7) % 23) / 23.0 - 0.4;
    }
    split_rows(n, n / 3, (double (*)[n])A, x, y, z);
    last_rows(6, n, (double (*)[n])A, x, z2, w);
    double v = 0;
    for (int i = 0; i < n; i++)
      v = v * 0.5 + y[i] + z[i] + z2[i];
    for (int s = 0; s < 6; s++)
      v = v * 0.5 + w[s];
    printf("n=%d %a\n", n, v);
  }
  return 0;
}
