/* Loops whose bodies are guarded by affine conditions on the loop indices:
 * if (i <= j) ... else ..., if (i + j < n), and a k <= i guard inside a
 * matrix-product reduction. Flattened with runtime stride. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void affine_if_kernel(int n, const double *A,
                                                const double *B, double *U,
                                                double *C) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (i <= j)
        U[i * n + j] = A[i * n + j] + B[j * n + i];
      else
        U[i * n + j] = A[i * n + j] * 0.5;
      if (i + j < n)
        U[i * n + j] += 1.0;
      if (2 * i - j >= 3)
        U[i * n + j] -= 0.25;
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i * n + j] = 0.0;
      for (int k = 0; k < n; k++)
        if (k <= i)
          C[i * n + j] += U[i * n + k] * B[k * n + j];
    }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 190, 1, 3000);
  double *A = malloc(sizeof(double) * (size_t)n * n);
  double *B = malloc(sizeof(double) * (size_t)n * n);
  double *U = malloc(sizeof(double) * (size_t)n * n);
  double *C = malloc(sizeof(double) * (size_t)n * n);
  if (!A || !B || !U || !C) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i * n + j] = (double)((i * j + 3) % n) / n;
      B[i * n + j] = (double)((2 * i + j + 1) % n) / n;
    }

  affine_if_kernel(n, A, B, U, C);

  double s = 0, w = 0, su = 0;
  for (int i = 0; i < n * n; i++) {
    s += C[i];
    w += C[i] * (double)(i % 7 + 1);
    su += U[i] * (double)(i % 5 + 1);
  }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("U_wsum %.17g\n", su);
  printf("U[1][0] %.17g\n", U[n > 1 ? n : 0]);
  printf("U[0][last] %.17g\n", U[n - 1]);
  printf("C[0][0] %.17g\n", C[0]);
  printf("C[mid][mid] %.17g\n", C[(n / 2) * n + n / 2]);
  printf("C[last][last] %.17g\n", C[n * n - 1]);
  free(A); free(B); free(U); free(C);
  return 0;
}
