/* Complex numbers stored as (re, im) pairs in rows of 2m doubles,
 * `double (*Z)[2 * m]`: a conjugating scale, a complex matrix-vector
 * product (x as pairs too) and a row-wise complex accumulation. The rows'
 * length is twice a parameter: every row subscript shows up even
 * (`2m*i` reads as stride m), so the rows are taken as 2m long.
 * argv[1]: n (m = n + 3). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void conj_scale(int n, int m, double (*Z)[2 * m], double a) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      Z[i][2 * j] *= a;
      Z[i][2 * j + 1] *= -a;
    }
}

__attribute__((noinline)) void cmatvec(int n, int m, double (*A)[2 * m], const double *x, double *y) {
  for (int i = 0; i < n; i++) {
    double re = 0.0, im = 0.0;
    for (int j = 0; j < m; j++) {
      re += A[i][2 * j] * x[2 * j] - A[i][2 * j + 1] * x[2 * j + 1];
      im += A[i][2 * j] * x[2 * j + 1] + A[i][2 * j + 1] * x[2 * j];
    }
    y[2 * i] = re;
    y[2 * i + 1] = im;
  }
}

__attribute__((noinline)) void row_prefix(int n, int m, double (*Z)[2 * m]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++) {
      Z[i][2 * j] += 0.5 * Z[i - 1][2 * j];
      Z[i][2 * j + 1] -= 0.25 * Z[i - 1][2 * j + 1];
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 37;
  if (n < 1) n = 1;
  if (n > 1500) n = 1500;
  int m = n + 3;
  double (*Z)[2 * m] = malloc(sizeof(double) * (size_t)n * 2 * m);
  double *x = malloc(sizeof(double) * 2 * (size_t)m), *y = malloc(sizeof(double) * 2 * (size_t)n);
  if (!Z || !x || !y) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 2 * m; j++) Z[i][j] = (double)((3 * i + 5 * j) % 17) / 8.0 - 1.0;
  for (int j = 0; j < 2 * m; j++) x[j] = (double)(j % 7) - 3.0;
  conj_scale(n, m, Z, 1.5);
  cmatvec(n, m, Z, x, y);
  row_prefix(n, m, Z);
  double s = 0, w = 0, t = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 2 * m; j++) {
      s += Z[i][j];
      w += Z[i][j] * (double)((i + 3 * j) % 5 + 1);
    }
  for (int i = 0; i < 2 * n; i++) t += y[i] * (double)(i % 3 + 1);
  printf("sum %.17g\nweighted %.17g\nmatvec %.17g\n", s, w, t);
  free(Z); free(x); free(y);
  return 0;
}
