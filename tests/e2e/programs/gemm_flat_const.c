/* C += A*B on flattened buffers with a compile-time leading dimension LD
 * (A[i*LD + k]) while the used extent n <= LD is a runtime parameter. */
#include <stdio.h>
#include <stdlib.h>

#define LD 256

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void gemm_ld_kernel(int n, double *C, double *A,
                                              double *B) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i * LD + j] += A[i * LD + k] * B[k * LD + j];
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 190, 4, LD);
  double *A = malloc(sizeof(double) * LD * LD);
  double *B = malloc(sizeof(double) * LD * LD);
  double *C = malloc(sizeof(double) * LD * LD);
  if (!A || !B || !C) return 1;
  /* fill the whole buffer, padding included, so nothing is uninitialised */
  for (int i = 0; i < LD; i++)
    for (int j = 0; j < LD; j++) {
      A[i * LD + j] = (double)((2 * i + j * j + 1) % 31) / 31.0;
      B[i * LD + j] = (double)((i * j + 5) % 29) / 29.0;
      C[i * LD + j] = (double)((i + j) % 5);
    }

  gemm_ld_kernel(n, C, A, B);

  double s = 0, w = 0, pad = 0;
  for (int i = 0; i < LD; i++)
    for (int j = 0; j < LD; j++) {
      if (i < n && j < n) {
        s += C[i * LD + j];
        w += C[i * LD + j] * (double)((i * n + j) % 7 + 1);
      } else {
        pad += C[i * LD + j];
      }
    }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("padding_sum %.17g\n", pad);
  printf("C[0][0] %.17g\n", C[0]);
  printf("C[1][n-1] %.17g\n", C[1 * LD + n - 1]);
  printf("C[mid][mid] %.17g\n", C[(n / 2) * LD + n / 2]);
  printf("C[last][last] %.17g\n", C[(n - 1) * LD + n - 1]);
  free(A); free(B); free(C);
  return 0;
}
