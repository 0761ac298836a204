/* In-place triangular matrix multiply B := alpha * L * B, L unit lower
 * triangular (strict lower part stored in A). Rows are processed from the
 * bottom up so that rows k < i are still the original B when row i is
 * computed: a descending outer loop with a triangular inner bound. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void trmm_kernel(int m, int n, double alpha,
                                           double (*A)[m], double (*B)[n]) {
  for (int i = m - 1; i >= 0; i--)
    for (int j = 0; j < n; j++) {
      for (int k = 0; k < i; k++)
        B[i][j] += A[i][k] * B[k][j];
      B[i][j] *= alpha;
    }
}

int main(int argc, char **argv) {
  int m = get_n(argc, argv, 220, 4, 2000);
  int n = m + m / 3;
  double (*A)[m] = malloc(sizeof(double) * (size_t)m * m);
  double (*B)[n] = malloc(sizeof(double) * (size_t)m * n);
  if (!A || !B) return 1;
  for (int i = 0; i < m; i++)
    for (int k = 0; k < m; k++)
      A[i][k] = (k < i) ? (double)((i + k) % m) / (m * 4.0) : (i == k ? 1.0 : -7.0);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) B[i][j] = (double)((n + (i - j)) % n) / n;

  trmm_kernel(m, n, 1.25, A, B);

  double s = 0, w = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      s += B[i][j];
      w += B[i][j] * (double)((i * n + j) % 7 + 1);
    }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("B[0][0] %.17g\n", B[0][0]);
  printf("B[1][2] %.17g\n", B[1][2]);
  printf("B[mid][mid] %.17g\n", B[m / 2][n / 2]);
  printf("B[last][last] %.17g\n", B[m - 1][n - 1]);
  free(A); free(B);
  return 0;
}
