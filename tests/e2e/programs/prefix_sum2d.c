/* Integer prefix sums: a 2-D summed-area table S[i][j] = A[i][j] + S[i-1][j]
 * + S[i][j-1] - S[i-1][j-1] (wavefront dependences, boundaries handled by
 * separate loops) and a row-wise inclusive scan. long long, VLA params. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void prefix_kernel(int n, int m, int (*A)[m],
                                             long long (*S)[m],
                                             long long (*R)[m]) {
  S[0][0] = A[0][0];
  for (int j = 1; j < m; j++)
    S[0][j] = S[0][j - 1] + A[0][j];
  for (int i = 1; i < n; i++)
    S[i][0] = S[i - 1][0] + A[i][0];
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++)
      S[i][j] = A[i][j] + S[i - 1][j] + S[i][j - 1] - S[i - 1][j - 1];
  for (int i = 0; i < n; i++) {
    R[i][0] = A[i][0];
    for (int j = 1; j < m; j++)
      R[i][j] = R[i][j - 1] + A[i][j];
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 600, 1, 10000);
  int m = n + n / 2 + 1;
  int (*A)[m] = malloc(sizeof(int) * (size_t)n * m);
  long long (*S)[m] = malloc(sizeof(long long) * (size_t)n * m);
  long long (*R)[m] = malloc(sizeof(long long) * (size_t)n * m);
  if (!A || !S || !R) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) A[i][j] = (i * 31 + j * 17 + i * j) % 199 - 60;

  prefix_kernel(n, m, A, S, R);

  long long s = 0, w = 0, rs = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      s += S[i][j] % 1000;
      w += (S[i][j] % 100003) * ((i * m + j) % 7 + 1);
      rs += R[i][j] % 997;
    }
  printf("S_sum_mod %lld\n", s);
  printf("S_wsum %lld\n", w);
  printf("R_sum_mod %lld\n", rs);
  printf("S[last][last] %lld\n", S[n - 1][m - 1]);
  printf("S[mid][mid] %lld\n", S[n / 2][m / 2]);
  printf("R[mid][last] %lld\n", R[n / 2][m - 1]);
  free(A); free(S); free(R);
  return 0;
}
