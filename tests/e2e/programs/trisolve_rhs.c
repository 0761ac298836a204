/* Forward substitution L*X = B for many right-hand sides at once, in place
 * (VLA). No schedule beats the original order here (the k loop is a
 * reduction into B[i][j] whose value is read by later rows), but within
 * one row i the right-hand sides j are independent: the original order's
 * j loop is marked parallel and, with -fopenmp, runs on OpenMP threads.
 * A wrong mark would mix rows or right-hand sides in the checksums. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void trisolve(int n, int m, double (*L)[n], double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      for (int k = 0; k < i; k++)
        B[i][j] -= L[i][k] * B[k][j];
      B[i][j] /= L[i][i];
    }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 60, 1, 600);
  int m = n / 2 + 3;
  double (*L)[n] = malloc(sizeof(double) * (size_t)n * n);
  double (*B)[m] = malloc(sizeof(double) * (size_t)n * m);
  if (!L || !B) return 1;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      L[i][k] = k < i ? (double)((i * 7 + k * 3) % 11) / (8.0 * n) : k == i ? 2.0 + (double)(i % 5) : 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = (double)((i * 13 + j * 5) % 17) - 8.0;
  trisolve(n, m, L, B);
  double s = 0.0, w = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      s += B[i][j];
      w += B[i][j] * (double)((i * m + j) % 7 + 1);
    }
  printf("sum %.17g\n", s);
  printf("weighted %.17g\n", w);
  printf("last %.17g\n", B[n - 1][m - 1]);
  free(L);
  free(B);
  return 0;
}
