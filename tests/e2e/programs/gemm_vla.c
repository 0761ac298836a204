/* C = beta*C + alpha*A*B with rectangular C99 VLA parameters,
 * i-j-k order accumulating directly into C[i][j]. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void gemm_vla_kernel(int ni, int nj, int nk,
                                               double alpha, double beta,
                                               double (*C)[nj],
                                               double (*A)[nk],
                                               double (*B)[nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 180, 8, 2000);
  int ni = n, nj = n + n / 8, nk = n - n / 5;
  double (*A)[nk] = malloc(sizeof(double) * (size_t)ni * nk);
  double (*B)[nj] = malloc(sizeof(double) * (size_t)nk * nj);
  double (*C)[nj] = malloc(sizeof(double) * (size_t)ni * nj);
  if (!A || !B || !C) return 1;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      A[i][k] = (double)((i * (k + 1)) % ni) / ni;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      B[k][j] = (double)((k * j + 2) % nk) / nk;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      C[i][j] = (double)((i * j + 1) % 11) / 11.0;

  gemm_vla_kernel(ni, nj, nk, 0.5, 2.0, C, A, B);

  double s = 0, w = 0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      s += C[i][j];
      w += C[i][j] * (double)((i * nj + j) % 7 + 1);
    }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("C[0][0] %.17g\n", C[0][0]);
  printf("C[3][5] %.17g\n", C[3][5]);
  printf("C[mid][mid] %.17g\n", C[ni / 2][nj / 2]);
  printf("C[last][last] %.17g\n", C[ni - 1][nj - 1]);
  free(A); free(B); free(C);
  return 0;
}
