/* Dynamic programming: longest-common-subsequence table over two integer
 * "strings" (int arrays). Each cell depends on (i-1,j), (i,j-1), (i-1,j-1):
 * a wavefront. The branch depends on data but every access is affine.
 * Followed by an edit-distance table with the same dependence shape.
 * VLA parameters. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void lcs_kernel(int n, int m, const int *a,
                                          const int *b, int (*L)[m + 1],
                                          int (*E)[m + 1]) {
  for (int i = 0; i <= n; i++) L[i][0] = 0;
  for (int j = 0; j <= m; j++) L[0][j] = 0;
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++) {
      if (a[i - 1] == b[j - 1])
        L[i][j] = L[i - 1][j - 1] + 1;
      else
        L[i][j] = L[i - 1][j] > L[i][j - 1] ? L[i - 1][j] : L[i][j - 1];
    }
  for (int i = 0; i <= n; i++) E[i][0] = i;
  for (int j = 0; j <= m; j++) E[0][j] = j;
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++) {
      int sub = E[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      int del = E[i - 1][j] + 1;
      int ins = E[i][j - 1] + 1;
      int best = sub < del ? sub : del;
      E[i][j] = best < ins ? best : ins;
    }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 1200, 1, 20000);
  int m = n + n / 5;
  int *a = malloc(sizeof(int) * n), *b = malloc(sizeof(int) * m);
  int (*L)[m + 1] = malloc(sizeof(int) * (size_t)(n + 1) * (m + 1));
  int (*E)[m + 1] = malloc(sizeof(int) * (size_t)(n + 1) * (m + 1));
  if (!a || !b || !L || !E) return 1;
  for (int i = 0; i < n; i++) a[i] = (i * 7 + i / 3) % 5;
  for (int j = 0; j < m; j++) b[j] = (j * 3 + j / 7) % 5;

  lcs_kernel(n, m, a, b, L, E);

  long long s = 0, w = 0, se = 0;
  for (int i = 0; i <= n; i++)
    for (int j = 0; j <= m; j++) {
      s += L[i][j];
      w += (long long)L[i][j] * ((i * (m + 1) + j) % 7 + 1);
      se += (long long)E[i][j] * ((i + j) % 3 + 1);
    }
  printf("lcs %d\n", L[n][m]);
  printf("edit %d\n", E[n][m]);
  printf("L_sum %lld\n", s);
  printf("L_wsum %lld\n", w);
  printf("E_wsum %lld\n", se);
  printf("L[mid][mid] %d\n", L[n / 2][m / 2]);
  printf("E[mid][last] %d\n", E[n / 2][m]);
  free(a); free(b); free(L); free(E);
  return 0;
}
