/* 2-D Jacobi 5-point stencil with two arrays and a time loop, VLA params. */
#include <stdio.h>
#include <stdlib.h>

static int get_arg(int argc, char **argv, int idx, int def, int lo, int hi) {
  int v = def;
  if (argc > idx) v = atoi(argv[idx]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void jacobi2d_kernel(int tsteps, int n,
                                               double (*A)[n], double (*B)[n]) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}

int main(int argc, char **argv) {
  int n = get_arg(argc, argv, 1, 250, 3, 4000);
  int tsteps = get_arg(argc, argv, 2, 40, 0, 100000);
  double (*A)[n] = malloc(sizeof(double) * (size_t)n * n);
  double (*B)[n] = malloc(sizeof(double) * (size_t)n * n);
  if (!A || !B) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      /* non-harmonic data: i*j-like profiles are fixed points of the stencil */
      A[i][j] = (double)((i * i + 3 * j * j + i * j) % 97) / 97.0;
      B[i][j] = (double)((2 * i + j * j + 5) % 89) / 89.0;
    }

  jacobi2d_kernel(tsteps, n, A, B);

  double s = 0, w = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      s += A[i][j];
      w += A[i][j] * (double)((i * n + j) % 7 + 1);
    }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("A[1][1] %.17g\n", A[1][1]);
  printf("A[mid][mid] %.17g\n", A[n / 2][n / 2]);
  printf("A[last-1][1] %.17g\n", A[n - 2][1]);
  printf("B[mid][2] %.17g\n", B[n / 2][n > 3 ? 2 : 1]);
  free(A); free(B);
  return 0;
}
