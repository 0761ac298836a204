/* Chain of two products: T = alpha*A*B, then D = beta*D + T*C.
 * Flattened arrays, rectangular runtime extents, plain (aliasable) pointers. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void two_mm_kernel(int ni, int nj, int nk, int nl,
                                             double alpha, double beta,
                                             double *T, const double *A,
                                             const double *B, const double *C,
                                             double *D) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      T[i * nj + j] = 0.0;
      for (int k = 0; k < nk; k++)
        T[i * nj + j] += alpha * A[i * nk + k] * B[k * nj + j];
    }
  for (int i = 0; i < ni; i++)
    for (int l = 0; l < nl; l++) {
      D[i * nl + l] *= beta;
      for (int j = 0; j < nj; j++)
        D[i * nl + l] += T[i * nj + j] * C[j * nl + l];
    }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 140, 24, 1500); /* nk = n - 20 */
  int ni = n, nj = n + 10, nk = n - 20, nl = n + 30;
  double *A = malloc(sizeof(double) * (size_t)ni * nk);
  double *B = malloc(sizeof(double) * (size_t)nk * nj);
  double *C = malloc(sizeof(double) * (size_t)nj * nl);
  double *D = malloc(sizeof(double) * (size_t)ni * nl);
  double *T = malloc(sizeof(double) * (size_t)ni * nj);
  if (!A || !B || !C || !D || !T) return 1;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      A[i * nk + k] = (double)((i * k + 1) % ni) / ni;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      B[k * nj + j] = (double)(k * (j + 1) % nj) / nj;
  for (int j = 0; j < nj; j++)
    for (int l = 0; l < nl; l++)
      C[j * nl + l] = (double)((j * (l + 3) + 1) % nl) / nl;
  for (int i = 0; i < ni; i++)
    for (int l = 0; l < nl; l++)
      D[i * nl + l] = (double)(i * (l + 2) % nk) / nk;

  two_mm_kernel(ni, nj, nk, nl, 1.5, 1.2, T, A, B, C, D);

  double s = 0, w = 0, st = 0;
  for (int i = 0; i < ni * nl; i++) {
    s += D[i];
    w += D[i] * (double)(i % 7 + 1);
  }
  for (int i = 0; i < ni * nj; i++) st += T[i] * (double)(i % 5 + 1);
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("tmp_wsum %.17g\n", st);
  printf("D[0][0] %.17g\n", D[0]);
  printf("D[mid][mid] %.17g\n", D[(ni / 2) * nl + nl / 2]);
  printf("D[last][last] %.17g\n", D[ni * nl - 1]);
  free(A); free(B); free(C); free(D); free(T);
  return 0;
}
