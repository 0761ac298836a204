/* In-place LU decomposition without pivoting (k-i-j form), diagonally
 * dominant input so it is stable. VLA parameter. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void lu_kernel(int n, double (*A)[n]) {
  for (int k = 0; k < n; k++)
    for (int i = k + 1; i < n; i++) {
      A[i][k] = A[i][k] / A[k][k];
      for (int j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
    }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 220, 2, 2000);
  double (*A)[n] = malloc(sizeof(double) * (size_t)n * n);
  if (!A) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i + 2 * j + 1) % n) / n + (i == j ? (double)n : 0.0);

  lu_kernel(n, A);

  double sl = 0, su = 0, w = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (j < i) sl += A[i][j];
      else su += A[i][j];
      w += A[i][j] * (double)((i * n + j) % 7 + 1);
    }
  printf("L_sum %.17g\n", sl);
  printf("U_sum %.17g\n", su);
  printf("wsum %.17g\n", w);
  printf("A[1][0] %.17g\n", A[1][0]);
  printf("A[0][last] %.17g\n", A[0][n - 1]);
  printf("A[mid][mid] %.17g\n", A[n / 2][n / 2]);
  printf("A[last][1] %.17g\n", A[n - 1][1]);
  printf("A[last][last] %.17g\n", A[n - 1][n - 1]);
  free(A);
  return 0;
}
