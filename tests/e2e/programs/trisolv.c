/* Forward substitution L*X = B for several right-hand sides (columns of X),
 * L lower triangular with a dominant diagonal. Flattened, runtime stride. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

/* X is n x r, overwritten with the solution (it holds B on entry) */
__attribute__((noinline)) void trisolv_kernel(int n, int r, const double *L,
                                              double *X) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++)
      for (int c = 0; c < r; c++)
        X[i * r + c] -= L[i * n + j] * X[j * r + c];
    for (int c = 0; c < r; c++)
      X[i * r + c] = X[i * r + c] / L[i * n + i];
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 400, 2, 3000);
  int r = 24;
  double *L = malloc(sizeof(double) * (size_t)n * n);
  double *X = malloc(sizeof(double) * (size_t)n * r);
  if (!L || !X) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      L[i * n + j] = (j < i) ? (double)((i * j + 1) % 10) / (10.0 * n)
                             : (j == i ? 1.0 + (double)(i % 5) / 5.0 : 0.0);
  for (int i = 0; i < n; i++)
    for (int c = 0; c < r; c++) X[i * r + c] = 1.0 + (double)((i + 3 * c) % 9) / 9.0;

  trisolv_kernel(n, r, L, X);

  double s = 0, w = 0;
  for (int i = 0; i < n * r; i++) {
    s += X[i];
    w += X[i] * (double)(i % 7 + 1);
  }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("X[0][0] %.17g\n", X[0]);
  printf("X[1][5] %.17g\n", X[1 * r + 5]);
  printf("X[mid][mid] %.17g\n", X[(n / 2) * r + r / 2]);
  printf("X[last][last] %.17g\n", X[n * r - 1]);
  free(L); free(X);
  return 0;
}
