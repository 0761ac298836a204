/* Square C = A*B on flattened arrays A[i*n + k] with runtime stride n and a
 * scalar accumulator per output element. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void gemm_flat_kernel(int n, const double *A,
                                                const double *B, double *C) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double acc = 0.0;
      for (int k = 0; k < n; k++)
        acc += A[i * n + k] * B[k * n + j];
      C[i * n + j] = acc;
    }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 200, 4, 3000);
  double *A = malloc(sizeof(double) * (size_t)n * n);
  double *B = malloc(sizeof(double) * (size_t)n * n);
  double *C = malloc(sizeof(double) * (size_t)n * n);
  if (!A || !B || !C) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i * n + j] = (double)((i * j + i + 3) % n) / n;
      B[i * n + j] = (double)((i + 3 * j + 1) % n) / n - 0.25;
      C[i * n + j] = -1.0;
    }

  gemm_flat_kernel(n, A, B, C);

  double s = 0, w = 0;
  for (int i = 0; i < n * n; i++) {
    s += C[i];
    w += C[i] * (double)(i % 7 + 1);
  }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("C[0][0] %.17g\n", C[0]);
  printf("C[2][7] %.17g\n", C[2 * n + 7 % n]);
  printf("C[mid][mid] %.17g\n", C[(n / 2) * n + n / 2]);
  printf("C[last][last] %.17g\n", C[n * n - 1]);
  free(A); free(B); free(C);
  return 0;
}
