/* Rows jammed around floating-point sums whose epilogues chain from row
 * to row: each row's dot product is independent of the others, but what
 * the row does with it after its inner loop reads the previous row's
 * result, often through a boundary term under a condition
 * (`i + 1 < n ? y[i + 1] * 0.5 : 0.0`). Jammed item by item (every row's
 * boundary term before any row's result) the chain would run backwards;
 * the rows' sums may still advance together when each epilogue runs
 * whole, row after row. Beside them, an epilogue that passes a scalar on
 * to the next row (a running total) keeps its rows apart. Each sum
 * keeps its order: the output is -O3's bit for bit, at any thread count
 * and for sizes that are and are not multiples of eight. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* Backwards over rows with a size_t counter, the boundary under a condition. */
__attribute__((noinline)) void back_rows(size_t n, size_t m, double *restrict y, const double *restrict a, const double *restrict x) {
  for (size_t i = n; i-- > 0;) {
    double s = 0;
    for (size_t j = 0; j < m; j++)
      s += a[i * m + j] * x[j];
    y[i] = s + (i + 1 < n ? y[i + 1] * 0.5 : 0.0);
  }
}

/* Forwards, a boundary term from the two rows before in its own statement
 * and array. */
__attribute__((noinline)) void forward_rows(int n, int m, double (*restrict A)[m], const double *restrict x, double *restrict w, double *restrict y) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++)
      s += A[i][j] * x[j];
    if (i >= 2)
      w[i] = 0.25 * y[i - 2] + 0.125 * y[i - 1];
    else
      w[i] = 1.0 - i;
    y[i] = w[i] - s * y[i];
  }
}

/* A running total passed from row to row in a scalar. */
__attribute__((noinline)) double total_rows(int n, int m, double (*restrict A)[m], const double *restrict x, double *restrict y) {
  double c = 0.5;
  for (int i = 0; i < n; i++) {
    double s = c * 0.25;
    for (int j = 0; j < m; j++)
      s += A[i][j] * x[j];
    c += s;
    y[i] = c;
  }
  return c;
}

static double fold(const double *v, int n) {
  double h = 0;
  for (int i = 0; i < n; i++)
    h = h * 0.5 + v[i];
  return h;
}

int main(int argc, char **argv) {
  int big = argc > 1 ? atoi(argv[1]) : 131;
  if (big < 1 || big > 2000)
    big = 131;
  int sizes[][2] = {{1, 1}, {2, 3}, {7, 9}, {8, 8}, {9, 16}, {16, 23}, {23, 64}, {64, 101}, {big, big + 2}};
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    int n = sizes[k][0], m = sizes[k][1];
    double *a = malloc(sizeof(double) * n * m), *x = malloc(sizeof(double) * m);
    double *y = malloc(sizeof(double) * n), *w = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        a[i * m + j] = ((i * 13 + j * 7) % 23) / 23.0 - 0.4;
    for (int j = 0; j < m; j++)
      x[j] = (j % 9) * 0.3 - 1.1;
    back_rows(n, m, y, a, x);
    printf("back n=%d m=%d %.17g %.17g\n", n, m, fold(y, n), y[0]);
    for (int i = 0; i < n; i++)
      y[i] = (i % 5) * 0.125;
    forward_rows(n, m, (double (*)[m])a, x, w, y);
    printf("forward %.17g %.17g\n", fold(y, n), fold(w, n));
    double total = total_rows(n, m, (double (*)[m])a, x, y);
    printf("total %.17g %.17g\n", total, fold(y, n));
    free(a);
    free(x);
    free(y);
    free(w);
  }
  return 0;
}
