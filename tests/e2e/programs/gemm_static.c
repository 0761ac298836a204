/* C = beta*C + alpha*A*B on fixed-size global 2-D arrays; the used extent
 * (ni x nk times nk x nj) is a runtime parameter <= NMAX. */
#include <stdio.h>
#include <stdlib.h>

#define NMAX 256

static double A[NMAX][NMAX];
static double B[NMAX][NMAX];
static double C[NMAX][NMAX];

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void gemm_static_kernel(int ni, int nj, int nk,
                                                  double alpha, double beta) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 200, 8, NMAX);
  int ni = n - n / 10, nj = n - n / 20, nk = n;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      A[i][k] = (double)((i * k + 2 * i + 3) % nk) / nk;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      B[k][j] = (double)((k * (j + 2) + 1) % nj) / nj;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      C[i][j] = (double)((i + 2 * j) % 17) / 17.0;

  gemm_static_kernel(ni, nj, nk, 1.5, 0.75);

  double s = 0, w = 0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      s += C[i][j];
      w += C[i][j] * (double)((i * nj + j) % 7 + 1);
    }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("C[0][0] %.17g\n", C[0][0]);
  printf("C[1][2] %.17g\n", C[1][2]);
  printf("C[mid][third] %.17g\n", C[ni / 2][nj / 3]);
  printf("C[last][last] %.17g\n", C[ni - 1][nj - 1]);
  return 0;
}
