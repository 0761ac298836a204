/* Rows of a loop that is not parallel, jammed around floating-point sums:
 * the loop carries other sums (y[j] += A[i][j] * t[i]: A^T·A·x, BiCG's
 * two products in one sweep), yet its rows may advance together since no
 * dependence runs from a row back to an earlier item of a later row.
 * Beside them, loops whose rows feed later rows (a forward substitution,
 * a Gauss-Seidel-like sweep, a sum carried from row to row in a scalar)
 * must keep their rows apart. Each sum keeps its order: the output is
 * -O3's bit for bit, at any thread count and for sizes that are and are
 * not multiples of eight. */
#include <stdio.h>

__attribute__((noinline)) void atax_vla(int m, int n, double A[m][n], const double *x, double *y, double *t) {
  for (int j = 0; j < n; j++)
    y[j] = 0.0;
  for (int i = 0; i < m; i++) {
    t[i] = 0.0;
    for (int j = 0; j < n; j++)
      t[i] = t[i] + A[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * t[i];
  }
}

/* The row's sum in a scalar, read by the second loop of its row. */
__attribute__((noinline)) void atax_scalar_flat(int m, int n, const float *A, const float *x, float *y) {
  for (int i = 0; i < m; i++) {
    float s = 0.0f;
    for (int j = 0; j < n; j++)
      s += A[i * n + j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] += A[i * n + j] * s;
  }
}

/* BiCG: s = A^T r and q = A p in one sweep. */
__attribute__((noinline)) void bicg(int m, int n, double (*A)[n], const double *p, const double *r, double *s, double *q) {
  for (int j = 0; j < n; j++)
    s[j] = 0.0;
  for (int i = 0; i < m; i++) {
    q[i] = 0.0;
    for (int j = 0; j < n; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

/* Forward substitution: row i's result feeds every later row. */
__attribute__((noinline)) void trisolv(int n, double (*L)[n], const double *b, double *x) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

/* Each row reads all of z, which earlier rows have just written. */
__attribute__((noinline)) void sweep(int n, double (*L)[n], const double *b, double *x, double *z) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < n; j++)
      x[i] -= L[i][j] * z[j];
    z[i] = x[i] * 0.25;
  }
}

/* A running value passed from row to row in a scalar. */
__attribute__((noinline)) void carried(int m, int n, double (*A)[n], const double *x, double *out) {
  double c = 1.0;
  for (int i = 0; i < m; i++) {
    double s = c;
    for (int j = 0; j < n; j++)
      s += A[i][j] * x[j];
    c = s * 0.5;
    out[i] = s;
  }
}

static double A[131][133], L[131][131], x[133], y[133], t[131], s[133], q[131], z[131], out[131];
static float Af[131 * 133], xf[133], yf[133];

static void fill(int m, int n) {
  for (int j = 0; j < n; j++) {
    x[j] = (j % 9) * 0.3 - 1.1;
    xf[j] = (float)((j % 7) * 0.25 - 0.6);
    yf[j] = (float)(j % 3);
  }
  for (int i = 0; i < m; i++) {
    z[i] = 0.0;
    for (int j = 0; j < n; j++) {
      A[i][j] = ((i * 13 + j * 7) % 23) / 23.0 - 0.4;
      Af[i * n + j] = (float)(((i * 5 + j * 11) % 17) / 17.0 - 0.3);
    }
    for (int j = 0; j < m; j++)
      L[i][j] = (i == j ? 2.0 + i % 3 : 0.0) + ((i + 2 * j) % 5) / 20.0;
  }
}

static double fold(const double *v, int n) {
  double h = 0;
  for (int i = 0; i < n; i++)
    h = h * 0.5 + v[i];
  return h;
}

int main(void) {
  int sizes[][2] = {{1, 1}, {7, 9}, {8, 8}, {9, 16}, {16, 23}, {23, 64}, {64, 101}, {101, 130}, {131, 133}};
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    int m = sizes[k][0], n = sizes[k][1];
    fill(m, n);
    atax_vla(m, n, (double (*)[n])A, x, y, t);
    printf("atax m=%d n=%d %a %a\n", m, n, fold(y, n), fold(t, m));
    atax_scalar_flat(m, n, Af, xf, yf);
    float f = 0;
    for (int j = 0; j < n; j++)
      f = f * 0.5f + yf[j];
    printf("atax float %a\n", (double)f);
    bicg(m, n, (double (*)[n])A, x, x, s, q);
    printf("bicg %a %a\n", fold(s, n), fold(q, m));
    trisolv(m, (double (*)[m])L, x, t);
    printf("trisolv %a\n", fold(t, m));
    sweep(m, (double (*)[m])L, x, t, z);
    printf("sweep %a %a\n", fold(t, m), fold(z, m));
    carried(m, n, (double (*)[n])A, x, out);
    printf("carried %a\n", fold(out, m));
  }
  return 0;
}
