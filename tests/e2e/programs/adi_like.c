/* ADI-like scheme: each time step solves a diagonally dominant tridiagonal
 * system along every row (Thomas algorithm: forward sweep, then a backward
 * sweep counting down), then along every column. Coefficient arrays P, Q are
 * 2-D so each row/column solve is an affine loop nest. VLA params. */
#include <stdio.h>
#include <stdlib.h>

static int get_arg(int argc, char **argv, int idx, int def, int lo, int hi) {
  int v = def;
  if (argc > idx) v = atoi(argv[idx]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void adi_kernel(int tsteps, int n, double a,
                                          double (*U)[n], double (*V)[n],
                                          double (*P)[n], double (*Q)[n]) {
  double b = 1.0 + 2.0 * a;
  for (int t = 0; t < tsteps; t++) {
    /* row sweeps: solve along j for each i, U -> V */
    for (int i = 0; i < n; i++) {
      P[i][0] = -a / b;
      Q[i][0] = U[i][0] / b;
      for (int j = 1; j < n; j++) {
        double den = b + a * P[i][j - 1];
        P[i][j] = -a / den;
        Q[i][j] = (U[i][j] + a * Q[i][j - 1]) / den;
      }
      V[i][n - 1] = Q[i][n - 1];
      for (int j = n - 2; j >= 0; j--)
        V[i][j] = Q[i][j] - P[i][j] * V[i][j + 1];
    }
    /* column sweeps: solve along i for each j, V -> U */
    for (int j = 0; j < n; j++) {
      P[0][j] = -a / b;
      Q[0][j] = V[0][j] / b;
      for (int i = 1; i < n; i++) {
        double den = b + a * P[i - 1][j];
        P[i][j] = -a / den;
        Q[i][j] = (V[i][j] + a * Q[i - 1][j]) / den;
      }
      U[n - 1][j] = Q[n - 1][j];
      for (int i = n - 2; i >= 0; i--)
        U[i][j] = Q[i][j] - P[i][j] * U[i + 1][j];
    }
  }
}

int main(int argc, char **argv) {
  int n = get_arg(argc, argv, 1, 200, 2, 4000);
  int tsteps = get_arg(argc, argv, 2, 10, 0, 100000);
  double (*U)[n] = malloc(sizeof(double) * (size_t)n * n);
  double (*V)[n] = malloc(sizeof(double) * (size_t)n * n);
  double (*P)[n] = malloc(sizeof(double) * (size_t)n * n);
  double (*Q)[n] = malloc(sizeof(double) * (size_t)n * n);
  if (!U || !V || !P || !Q) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      U[i][j] = 1.0 + (double)((i * i + 3 * j) % 37) / 37.0;
      V[i][j] = P[i][j] = Q[i][j] = 0.0;
    }

  adi_kernel(tsteps, n, 0.75, U, V, P, Q);

  double s = 0, w = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      s += U[i][j];
      w += U[i][j] * (double)((i * n + j) % 7 + 1);
    }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("U[0][0] %.17g\n", U[0][0]);
  printf("U[1][2] %.17g\n", U[1][n > 2 ? 2 : 1]);
  printf("U[mid][mid] %.17g\n", U[n / 2][n / 2]);
  printf("U[last][last] %.17g\n", U[n - 1][n - 1]);
  printf("V[mid][1] %.17g\n", V[n / 2][1]);
  free(U); free(V); free(P); free(Q);
  return 0;
}
