/* 3-D heat equation, 7-point stencil, two arrays with a time loop,
 * 3-D VLA parameters double (*A)[n][n]. */
#include <stdio.h>
#include <stdlib.h>

static int get_arg(int argc, char **argv, int idx, int def, int lo, int hi) {
  int v = def;
  if (argc > idx) v = atoi(argv[idx]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void heat3d_kernel(int tsteps, int n,
                                             double (*A)[n][n],
                                             double (*B)[n][n]) {
  for (int t = 1; t <= tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = A[i][j][k]
                     + 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                     + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                     + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = B[i][j][k]
                     + 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                     + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                     + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]);
  }
}

int main(int argc, char **argv) {
  int n = get_arg(argc, argv, 1, 48, 3, 400);
  int tsteps = get_arg(argc, argv, 2, 20, 0, 100000);
  double (*A)[n][n] = malloc(sizeof(double) * (size_t)n * n * n);
  double (*B)[n][n] = malloc(sizeof(double) * (size_t)n * n * n);
  if (!A || !B) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (double)((i * i + 2 * j * k + k) % 61) / 6.1;

  heat3d_kernel(tsteps, n, A, B);

  double s = 0, w = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++) {
        s += A[i][j][k];
        w += A[i][j][k] * (double)(((i * n + j) * n + k) % 7 + 1);
      }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("A[1][1][1] %.17g\n", A[1][1][1]);
  printf("A[mid][mid][mid] %.17g\n", A[n / 2][n / 2][n / 2]);
  printf("A[1][mid][last-1] %.17g\n", A[1][n / 2][n - 2]);
  printf("B[mid][1][2] %.17g\n", B[n / 2][1][n > 3 ? 2 : 1]);
  free(A); free(B);
  return 0;
}
