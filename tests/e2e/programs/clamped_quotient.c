/* A size derived from a clamped argument by a division: with n clamped to
 * 5000, -O3 computes n / 3 in 16 bits, and SCEV reads the row length
 * n / 3 + 4 zero-extended from the full-width n. The initialisation nest
 * in main uses that division instruction as a parameter, under a run-time
 * check that n fits in 16 bits. argv[1]: n (sizes past the clamp too). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void row_shift(int n, int m, double (*A)[m]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] += 0.5 * A[i - 1][j];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 41;
  if (n < 1) n = 1;
  if (n > 5000) n = 5000;
  int m = n / 3 + 4;
  double *p = malloc(sizeof(double) * (size_t)n * m);
  if (!p) return 1;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) p[i * m + j] = (double)((i * 5 + j) % 17) / 4.0;
  row_shift(n, m, (double (*)[m])p);
  double s = 0, w = 0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) {
      s += p[i * m + j];
      w += p[i * m + j] * (double)((i + 3 * j) % 7 + 1);
    }
  printf("sum %.17g\nweighted %.17g\nlast %.17g\n", s, w, p[(long)n * m - 1]);
  free(p);
  return 0;
}
