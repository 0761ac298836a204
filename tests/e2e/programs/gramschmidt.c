/* Modified Gram-Schmidt QR of an m x n (m >= n) matrix: A = Q*R, with a sqrt
 * per column. A is overwritten (its residual is not printed). VLA params. */
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

__attribute__((noinline)) void gramschmidt_kernel(int m, int n, double (*A)[n],
                                                  double (*R)[n],
                                                  double (*Q)[n]) {
  for (int k = 0; k < n; k++) {
    double nrm = 0.0;
    for (int i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (int i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (int i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 160, 2, 1500);
  int m = n + n / 4;
  double (*A)[n] = malloc(sizeof(double) * (size_t)m * n);
  double (*R)[n] = malloc(sizeof(double) * (size_t)n * n);
  double (*Q)[n] = malloc(sizeof(double) * (size_t)m * n);
  if (!A || !R || !Q) return 1;
  /* strongly diagonal so the factorisation is well conditioned */
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i * j + 1) % m) / m + (i == j ? 4.0 : 0.0);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) R[i][j] = 0.0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) Q[i][j] = 0.0;

  gramschmidt_kernel(m, n, A, R, Q);

  double sr = 0, wr = 0, sq = 0, diag = 0;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      sr += R[i][j];
      wr += R[i][j] * (double)((i * n + j) % 7 + 1);
    }
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) sq += Q[i][j] * Q[i][j] * (double)(j % 7 + 1);
  for (int k = 0; k < n; k++) diag += Q[k][k];
  printf("R_sum %.17g\n", sr);
  printf("R_wsum %.17g\n", wr);
  printf("Q_sq_wsum %.17g\n", sq);
  printf("Q_diag_sum %.17g\n", diag);
  printf("R[0][0] %.17g\n", R[0][0]);
  printf("R[0][last] %.17g\n", R[0][n - 1]);
  printf("R[mid][mid] %.17g\n", R[n / 2][n / 2]);
  printf("R[last][last] %.17g\n", R[n - 1][n - 1]);
  printf("Q[last][last] %.17g\n", Q[n - 1][n - 1]);
  free(A); free(R); free(Q);
  return 0;
}
