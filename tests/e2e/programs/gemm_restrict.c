/* C = beta*C + alpha*A*B, restrict-qualified flattened pointers with separate
 * runtime leading dimensions, i-k-j loop order. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void gemm_restrict_kernel(
    int ni, int nj, int nk, double alpha, double beta,
    double *restrict C, const double *restrict A, const double *restrict B) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i * nj + j] *= beta;
    for (int k = 0; k < nk; k++) {
      double a = alpha * A[i * nk + k];
      for (int j = 0; j < nj; j++)
        C[i * nj + j] += a * B[k * nj + j];
    }
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 200, 8, 2000);
  int ni = n + 7, nj = n - 3, nk = n + n / 4;
  double *A = malloc(sizeof(double) * (size_t)ni * nk);
  double *B = malloc(sizeof(double) * (size_t)nk * nj);
  double *C = malloc(sizeof(double) * (size_t)ni * nj);
  if (!A || !B || !C) return 1;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      A[i * nk + k] = (double)((i * k + 1) % 19) / 19.0;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      B[k * nj + j] = (double)((k + 2 * j) % 23) / 23.0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      C[i * nj + j] = (double)((3 * i + j) % 13) / 13.0;

  gemm_restrict_kernel(ni, nj, nk, 0.25, -1.5, C, A, B);

  double s = 0, w = 0;
  for (int i = 0; i < ni * nj; i++) {
    s += C[i];
    w += C[i] * (double)(i % 7 + 1);
  }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("C[0][0] %.17g\n", C[0]);
  printf("C[4][1] %.17g\n", C[4 * nj + 1]);
  printf("C[mid][mid] %.17g\n", C[(ni / 2) * nj + nj / 2]);
  printf("C[last][last] %.17g\n", C[ni * nj - 1]);
  free(A); free(B); free(C);
  return 0;
}
