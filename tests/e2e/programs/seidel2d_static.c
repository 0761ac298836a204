/* In-place Gauss-Seidel-like 9-point averaging on a fixed-size global 2-D
 * array with a time loop; the used extent n <= NMAX is a runtime value. */
#include <stdio.h>
#include <stdlib.h>

#define NMAX 400

static double A[NMAX][NMAX];

static int get_arg(int argc, char **argv, int idx, int def, int lo, int hi) {
  int v = def;
  if (argc > idx) v = atoi(argv[idx]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void seidel_kernel(int tsteps, int n) {
  for (int t = 0; t < tsteps; t++)
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] +
                   A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

int main(int argc, char **argv) {
  int n = get_arg(argc, argv, 1, 220, 3, NMAX);
  int tsteps = get_arg(argc, argv, 2, 12, 0, 100000);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      /* non-linear data: bilinear profiles are fixed points of the average */
      A[i][j] = (double)((3 * i * i + j * j + i * j + 1) % 89) / 8.9;

  seidel_kernel(tsteps, n);

  double s = 0, w = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      s += A[i][j];
      w += A[i][j] * (double)((i * n + j) % 7 + 1);
    }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("A[1][1] %.17g\n", A[1][1]);
  printf("A[1][last-1] %.17g\n", A[1][n - 2]);
  printf("A[mid][mid] %.17g\n", A[n / 2][n / 2]);
  printf("A[last-1][last-1] %.17g\n", A[n - 2][n - 2]);
  return 0;
}
