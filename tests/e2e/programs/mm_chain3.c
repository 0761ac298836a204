/* Three products G = (A*B) * (C*D) with VLA parameters: E = A*B and F = C*D
 * are independent, G depends on both. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void mm3_kernel(int ni, int nj, int nk, int nl,
                                          int nm, double (*E)[nj],
                                          double (*A)[nk], double (*B)[nj],
                                          double (*F)[nl], double (*C)[nm],
                                          double (*D)[nl], double (*G)[nl]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      E[i][j] = 0.0;
      for (int k = 0; k < nk; k++)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (int j = 0; j < nj; j++)
    for (int l = 0; l < nl; l++) {
      F[j][l] = 0.0;
      for (int m = 0; m < nm; m++)
        F[j][l] += C[j][m] * D[m][l];
    }
  for (int i = 0; i < ni; i++)
    for (int l = 0; l < nl; l++) {
      G[i][l] = 0.0;
      for (int j = 0; j < nj; j++)
        G[i][l] += E[i][j] * F[j][l];
    }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 120, 8, 1000);
  int ni = n, nj = n + 5, nk = n + 10, nl = n - 5, nm = n + 2;
  double (*A)[nk] = malloc(sizeof(double) * (size_t)ni * nk);
  double (*B)[nj] = malloc(sizeof(double) * (size_t)nk * nj);
  double (*C)[nm] = malloc(sizeof(double) * (size_t)nj * nm);
  double (*D)[nl] = malloc(sizeof(double) * (size_t)nm * nl);
  double (*E)[nj] = malloc(sizeof(double) * (size_t)ni * nj);
  double (*F)[nl] = malloc(sizeof(double) * (size_t)nj * nl);
  double (*G)[nl] = malloc(sizeof(double) * (size_t)ni * nl);
  if (!A || !B || !C || !D || !E || !F || !G) return 1;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++) A[i][k] = (double)((i * k + 1) % ni) / (5 * ni);
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++) B[k][j] = (double)((k * (j + 1) + 2) % nj) / (5 * nj);
  for (int j = 0; j < nj; j++)
    for (int m = 0; m < nm; m++) C[j][m] = (double)(j * (m + 3) % nl) / (5 * nl);
  for (int m = 0; m < nm; m++)
    for (int l = 0; l < nl; l++) D[m][l] = (double)((m * (l + 2) + 2) % nk) / (5 * nk);

  mm3_kernel(ni, nj, nk, nl, nm, E, A, B, F, C, D, G);

  double s = 0, w = 0;
  for (int i = 0; i < ni; i++)
    for (int l = 0; l < nl; l++) {
      s += G[i][l];
      w += G[i][l] * (double)((i * nl + l) % 7 + 1);
    }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("E[1][2] %.17g\n", E[1][2]);
  printf("F[2][1] %.17g\n", F[2][1]);
  printf("G[0][0] %.17g\n", G[0][0]);
  printf("G[mid][mid] %.17g\n", G[ni / 2][nl / 2]);
  printf("G[last][last] %.17g\n", G[ni - 1][nl - 1]);
  free(A); free(B); free(C); free(D); free(E); free(F); free(G);
  return 0;
}
