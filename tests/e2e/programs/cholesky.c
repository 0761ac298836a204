/* Row-oriented Cholesky factorisation A = L*L^T of a symmetric positive
 * definite matrix, in place in the lower triangle, with sqrt on the diagonal.
 * Flattened with runtime stride. */
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

__attribute__((noinline)) void cholesky_kernel(int n, double *A) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i * n + j] -= A[i * n + k] * A[j * n + k];
      A[i * n + j] /= A[j * n + j];
    }
    for (int k = 0; k < i; k++)
      A[i * n + i] -= A[i * n + k] * A[i * n + k];
    A[i * n + i] = sqrt(A[i * n + i]);
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 260, 2, 3000);
  double *A = malloc(sizeof(double) * (size_t)n * n);
  if (!A) return 1;
  /* symmetric, diagonally dominant with positive diagonal => SPD */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i * n + j] = (double)((i + j) % 10) / 10.0 + (i == j ? (double)n : 0.0);

  cholesky_kernel(n, A);

  double s = 0, w = 0, up = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (j <= i) {
        s += A[i * n + j];
        w += A[i * n + j] * (double)((i * n + j) % 7 + 1);
      } else {
        up += A[i * n + j];
      }
    }
  printf("L_sum %.17g\n", s);
  printf("L_wsum %.17g\n", w);
  printf("upper_sum %.17g\n", up);
  printf("L[0][0] %.17g\n", A[0]);
  printf("L[1][0] %.17g\n", A[n]);
  printf("L[mid][mid] %.17g\n", A[(n / 2) * n + n / 2]);
  printf("L[last][1] %.17g\n", A[(n - 1) * n + 1]);
  printf("L[last][last] %.17g\n", A[(size_t)n * n - 1]);
  free(A);
  return 0;
}
