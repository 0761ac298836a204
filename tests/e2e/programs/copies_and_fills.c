/* Loops LLVM turns into llvm.memset / llvm.memcpy calls inside nests: a
 * matrix product that zeroes each row of C before its k loop, a
 * time-iterated stencil that copies its new grid back, an integer table
 * filled with -1 (a non-zero byte) then updated, a copy of float rows.
 * Tessera puts such calls back as loops and models the nest; a row shift
 * within one array (a memmove: source and destination overlap) stays as it
 * is. Sizes run through 1 and 2, where the copied rows are empty. */
#include <stdio.h>

__attribute__((noinline)) void product(int n, double (*A)[n], double (*B)[n], double (*C)[n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] = 0;
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[i][k] * B[k][j];
  }
}

__attribute__((noinline)) void relax(int n, int steps, double (*U)[n], double (*V)[n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        V[i][j] = 0.2 * (U[i][j] + U[i][j - 1] + U[i][j + 1] + U[i - 1][j] + U[i + 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        U[i][j] = V[i][j];
  }
}

__attribute__((noinline)) void marks(int n, int m, int (*T)[m], const int (*S)[m]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      T[i][j] = -1;
    for (int j = 0; j < m; j++)
      if (S[i][j] > 0)
        T[i][j] = S[i][j] + (i > 0 ? T[i - 1][j] : 0);
  }
}

__attribute__((noinline)) void float_rows(int n, int m, float (*D)[m], const float (*E)[m]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      D[i][j] = E[i][j];
    for (int j = 0; j < m; j++)
      D[i][j] = D[i][j] * 0.5f + (i > 0 ? D[i - 1][j] : 0.0f);
  }
}

__attribute__((noinline)) void shift_rows(int n, int m, double (*W)[m]) {
  for (int t = 0; t < 3; t++)
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m - 1; j++)
        W[i][j] = W[i][j + 1];
      W[i][m - 1] = W[i][0] * 0.5 + t;
    }
}

#define MAXN 48
static double A[MAXN][MAXN], B[MAXN][MAXN], C[MAXN][MAXN], U[MAXN][MAXN], V[MAXN][MAXN], W[MAXN][MAXN];
static int S[MAXN][MAXN], T[MAXN][MAXN];
static float D[MAXN][MAXN], E[MAXN][MAXN];

int main(void) {
  int sizes[][2] = {{1, 1}, {2, 3}, {3, 2}, {7, 9}, {16, 16}, {33, 17}, {48, 48}};
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    int n = sizes[k][0], m = sizes[k][1];
    double (*a)[n] = (double (*)[n])A, (*b)[n] = (double (*)[n])B, (*c)[n] = (double (*)[n])C;
    double (*u)[n] = (double (*)[n])U, (*v)[n] = (double (*)[n])V, (*w)[m] = (double (*)[m])W;
    int (*s)[m] = (int (*)[m])S, (*tt)[m] = (int (*)[m])T;
    float (*d)[m] = (float (*)[m])D, (*e)[m] = (float (*)[m])E;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        a[i][j] = ((i * 7 + j * 3) % 13) / 13.0;
        b[i][j] = ((i * 5 + j * 11) % 17) / 17.0 - 0.5;
        c[i][j] = 99;
        u[i][j] = ((i * 3 + j) % 10) / 10.0;
        v[i][j] = u[i][j];
      }
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++) {
        s[i][j] = (i * 13 + j * 7) % 5 - 2;
        e[i][j] = (float)((i * 9 + j * 4) % 23) / 23.0f;
        w[i][j] = (i + 2.0 * j) / 3.0;
      }
    product(n, a, b, c);
    relax(n, 5, u, v);
    marks(n, m, tt, (const int (*)[m])s);
    float_rows(n, m, d, (const float (*)[m])e);
    shift_rows(n, m, w);
    double x = 0, y = 0, z = 0, q = 0;
    long long h = 0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        x = x * 0.5 + c[i][j];
        y = y * 0.5 + u[i][j];
      }
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++) {
        h = h * 31 + tt[i][j];
        z = z * 0.5 + d[i][j];
        q = q * 0.5 + w[i][j];
      }
    printf("n=%d m=%d %a %a %lld %a %a\n", n, m, x, y, h, z, q);
  }
  return 0;
}
