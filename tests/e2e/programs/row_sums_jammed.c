/* Parallel loops around floating-point sums and recurrences: rows of
 * matrix-vector products (double and float, VLA and flattened), the
 * column step of a left-looking Cholesky (rows from c + 1), a recurrence
 * along each row, and a sum whose last value is read after its loop. Each
 * row's sum must keep its order: the output is -O3's bit for bit, at any
 * thread count and for sizes that are and are not multiples of eight. */
#include <math.h>
#include <stdio.h>

/* The sum of the last row is read after the loop. */
__attribute__((noinline)) double last_sum(int n, int m, double (*A)[m], double *out) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    s = 0.0;
    for (int j = 0; j < m; j++)
      s += A[i][j] * (j + 1);
    out[i] = s;
  }
  return s;
}

__attribute__((noinline)) void rows_vla(int n, int m, double A[n][m], const double *x, double *y) {
  for (int i = 0; i < n; i++) {
    double s = y[i];
    for (int j = 0; j < m; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

__attribute__((noinline)) void rows_flat_float(int n, int m, const float *A, const float *x, float *y) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += A[i * m + j] * x[j];
    y[i] = s * 0.5f;
  }
}

/* The column step of a left-looking Cholesky, flattened, on the rows
 * below the diagonal: rows from c + 1, a bound that is no multiple of 8. */
__attribute__((noinline)) void column_updates(int n, double *L) {
  for (int c = 0; c < n; c++) {
    double d = L[c * n + c];
    for (int p = 0; p < c; p++)
      d -= L[c * n + p] * L[c * n + p];
    L[c * n + c] = sqrt(d);
    for (int r = c + 1; r < n; r++) {
      double t = L[r * n + c];
      for (int p = 0; p < c; p++)
        t -= L[r * n + p] * L[c * n + p];
      L[r * n + c] = t / L[c * n + c];
    }
  }
}

/* Sums of i terms: none in the first row, whose instances the loop
 * generator runs in a branch of their own, so the sum's statements occur
 * twice and each row's sum is written back after each group. */
__attribute__((noinline)) void growing_sums(int n, double (*A)[n], double (*B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = B[i][j];
      for (int k = 0; k < i; k++)
        s += A[i][k] * A[j][k];
      B[i][j] = s;
    }
}

/* A first-order recurrence per row: no reduction, but floating-point
 * arithmetic whose values the row carries (jammed like a sum). */
__attribute__((noinline)) void recurrences(int n, int m, double (*A)[m], double *out) {
  for (int i = 0; i < n; i++) {
    double v = 1.0;
    for (int j = 0; j < m; j++)
      v = v * 0.999 + A[i][j];
    out[i] = v;
  }
}

static double A[130][130], B[130][130], x[130], y[130], out[130];
static float Af[130 * 130], xf[130], yf[130];

static void fill(int n) {
  for (int i = 0; i < n; i++) {
    x[i] = (i % 9) * 0.3 - 1.1;
    xf[i] = (float)((i % 7) * 0.25 - 0.6);
    y[i] = i * 0.01;
    for (int j = 0; j < n; j++) {
      A[i][j] = ((i * 13 + j * 7) % 23) / 23.0 - 0.4;
      Af[i * n + j] = (float)(((i * 5 + j * 11) % 17) / 17.0 - 0.3);
      B[i][j] = (i == j ? n + 2.0 : 0.0) + ((i + j) % 5) / 10.0;
    }
  }
}

int main(void) {
  int sizes[] = {1, 7, 8, 9, 16, 23, 64, 101, 130};
  for (unsigned t = 0; t < sizeof sizes / sizeof *sizes; t++) {
    int n = sizes[t];
    fill(n);
    rows_vla(n, n, (double (*)[n])A, x, y);
    rows_flat_float(n, n, Af, xf, yf);
    static double C[130 * 130];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        C[i * n + j] = B[i][j];
    column_updates(n, C);
    recurrences(n, n, (double (*)[n])A, out);
    static double G[130 * 130];
    for (int i = 0; i < n * n; i++)
      G[i] = (i % 11) * 0.125;
    growing_sums(n, (double (*)[n])A, (double (*)[n])G);
    double g = 0;
    for (int i = 0; i < n * n; i++)
      g = g * 0.5 + G[i];
    double h = 0, c = 0, r = 0;
    float f = 0;
    for (int i = 0; i < n; i++) {
      h = h * 0.5 + y[i];
      f = f * 0.5f + yf[i];
      r = r * 0.5 + out[i];
      for (int j = 0; j <= i; j++)
        c = c * 0.5 + C[i * n + j];
    }
    double l = last_sum(n, n, (double (*)[n])A, out);
    printf("n=%d %a %a %a %a %a %a %a\n", n, h, (double)f, c, r, g, l, out[n - 1]);
  }
  return 0;
}
