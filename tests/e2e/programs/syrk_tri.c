/* Symmetric rank-k update of the lower triangle: C = beta*C + alpha*A*A^T
 * for j <= i only (triangular, i-dependent inner bound), VLA parameters. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void syrk_kernel(int n, int m, double alpha,
                                           double beta, double (*C)[n],
                                           double (*A)[m]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 240, 4, 2000);
  int m = n - n / 6;
  double (*A)[m] = malloc(sizeof(double) * (size_t)n * m);
  double (*C)[n] = malloc(sizeof(double) * (size_t)n * n);
  if (!A || !C) return 1;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++) A[i][k] = (double)((i * k + 1) % n) / n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) C[i][j] = (double)((i * j + 2) % m) / m;

  syrk_kernel(n, m, 1.5, 1.2, C, A);

  /* the whole matrix is checked: the upper triangle must be unchanged */
  double s = 0, w = 0, up = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (j <= i) {
        s += C[i][j];
        w += C[i][j] * (double)((i * n + j) % 7 + 1);
      } else {
        up += C[i][j] * (double)((i + j) % 3 + 1);
      }
    }
  printf("lower_sum %.17g\n", s);
  printf("lower_wsum %.17g\n", w);
  printf("upper_wsum %.17g\n", up);
  printf("C[0][0] %.17g\n", C[0][0]);
  printf("C[mid][1] %.17g\n", C[n / 2][1]);
  printf("C[last][mid] %.17g\n", C[n - 1][n / 2]);
  printf("C[last][last] %.17g\n", C[n - 1][n - 1]);
  free(A); free(C);
  return 0;
}
