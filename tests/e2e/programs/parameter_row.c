/* Modified Gram-Schmidt with its column loop in a function of its own:
 * the step p is a parameter, so row p of R (`R[p][j]`) is a parameter row
 * and its columns start at p + 1 (a run-time condition on p). The driver
 * loop over p stays in main; each call is one SCoP. argv[1]: n. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void column_step(int p, int rows, int n, double (*A)[n], double (*Q)[n], double (*R)[n]) {
  for (int j = p + 1; j < n; j++) {
    R[p][j] = 0.0;
    for (int r = 0; r < rows; r++)
      R[p][j] += Q[r][p] * A[r][j];
    for (int r = 0; r < rows; r++)
      A[r][j] -= Q[r][p] * R[p][j];
  }
}

__attribute__((noinline)) void normalize(int p, int rows, int n, double (*A)[n], double (*Q)[n], double (*R)[n]) {
  double s = 0.0;
  for (int r = 0; r < rows; r++)
    s += A[r][p] * A[r][p];
  R[p][p] = sqrt(s);
  for (int r = 0; r < rows; r++)
    Q[r][p] = A[r][p] / R[p][p];
}

int main(int argc, char **argv) {
  int n = 60;
  if (argc > 1) n = atoi(argv[1]);
  if (n < 1) n = 1;
  if (n > 1000) n = 1000;
  int rows = n + n / 2 + 1;
  double (*A)[n] = malloc(sizeof(double) * (size_t)rows * n);
  double (*Q)[n] = malloc(sizeof(double) * (size_t)rows * n);
  double (*R)[n] = malloc(sizeof(double) * (size_t)n * n);
  if (!A || !Q || !R) return 1;
  for (int r = 0; r < rows; r++)
    for (int j = 0; j < n; j++) {
      A[r][j] = (double)((r * 3 + j * 7) % 23) / 23.0 + (r == j ? 2.0 : 0.0);
      Q[r][j] = 0.0;
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) R[i][j] = 0.0;
  for (int p = 0; p < n; p++) {
    normalize(p, rows, n, A, Q, R);
    column_step(p, rows, n, A, Q, R);
  }
  double sr = 0.0, wr = 0.0, sq = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      sr += R[i][j];
      wr += R[i][j] * (double)((i * n + j) % 13 + 1);
    }
  for (int r = 0; r < rows; r++)
    for (int j = 0; j < n; j++) sq += Q[r][j] * (double)(j + 1);
  printf("R %.17g\n", sr);
  printf("R_weighted %.17g\n", wr);
  printf("Q_weighted %.17g\n", sq);
  printf("R_last %.17g\n", R[n - 1][n - 1]);
  printf("R_first_row %.17g\n", R[0][n > 1 ? 1 : 0]);
  return 0;
}
