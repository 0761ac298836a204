/* Tensor contraction over the last mode of a 3-D tensor:
 * Out[r][q][s] = sum_p In[r][q][p] * W[p][s], then In is overwritten with Out
 * (copy-back), 3-D VLA parameters. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void contract_kernel(int nr, int nq, int np,
                                               double (*In)[nq][np],
                                               double (*W)[np],
                                               double (*Out)[nq][np]) {
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int s = 0; s < np; s++) {
        Out[r][q][s] = 0.0;
        for (int p = 0; p < np; p++)
          Out[r][q][s] += In[r][q][p] * W[p][s];
      }
      for (int s = 0; s < np; s++)
        In[r][q][s] = Out[r][q][s];
    }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 48, 1, 500);
  int nr = n, nq = n + 4, np = n + 10;
  double (*In)[nq][np] = malloc(sizeof(double) * (size_t)nr * nq * np);
  double (*Out)[nq][np] = malloc(sizeof(double) * (size_t)nr * nq * np);
  double (*W)[np] = malloc(sizeof(double) * (size_t)np * np);
  if (!In || !Out || !W) return 1;
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++)
      for (int p = 0; p < np; p++) In[r][q][p] = (double)((r * q + p) % np) / np;
  for (int p = 0; p < np; p++)
    for (int s = 0; s < np; s++) W[p][s] = (double)((p * s + p) % np) / np;

  contract_kernel(nr, nq, np, In, W, Out);

  double s = 0, w = 0;
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++)
      for (int p = 0; p < np; p++) {
        s += In[r][q][p];
        w += In[r][q][p] * (double)(((r * nq + q) * np + p) % 7 + 1);
      }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("T[0][0][1] %.17g\n", In[0][0][np > 1 ? 1 : 0]);
  printf("T[mid][mid][mid] %.17g\n", In[nr / 2][nq / 2][np / 2]);
  printf("T[last][last][last] %.17g\n", In[nr - 1][nq - 1][np - 1]);
  free(In); free(Out); free(W);
  return 0;
}
