/* Found by scripts/fuzz (seed 20271701, program 76), reduced by hand:
 * every row i adds into the cells of the last row of A (a reduction over
 * i and j: the same cells in every row), and then reads the diagonal
 * element A[i][i], which in the last row is one of those cells. The row
 * loop was marked parallel once its reduction was relaxed: the value-based
 * flow named only the last update before the read, not every update of
 * the earlier rows it must follow. The schedule checker
 * (-tessera-check-schedules) rejected the mark with an internal-error
 * warning, and the nest was left as it was.
 * e2e-plugin-flags: -mllvm -tessera-rewrite-all
 */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void last_row_sums(int n, double (*A)[n], const long *b, double *d) {
  for (int i = 0; i < n; i++) {
    for (int j = n + 1; j >= i + 1; j--)
      for (int k = 0; k < n; k++)
        A[n - 1][k] += 0.25 * (double)(b[k + 2] % 8);
    d[i + 1] += 0.0625 * A[i][i] * A[i][i];
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 37;
  if (n < 1)
    n = 1;
  if (n > 1000)
    n = 1000;
  double (*A)[n] = malloc(sizeof(double) * n * n);
  long *b = malloc(sizeof(long) * (n + 2));
  double *d = malloc(sizeof(double) * (n + 1));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = ((i * n + j) * 37 % 29) / 16.0 - 0.875;
  for (int k = 0; k < n + 2; k++)
    b[k] = (k * 37 + 11) % 41 - 20;
  for (int i = 0; i < n + 1; i++)
    d[i] = (i * 37 % 29) / 16.0;
  last_row_sums(n, A, b, d);
  double sum = 0, weighted = 0;
  for (int i = 0; i < n + 1; i++) {
    sum += d[i];
    weighted += d[i] * (double)(i + 1);
  }
  printf("sum %.17g\n", sum);
  printf("weighted %.17g\n", weighted);
  printf("d[n] %.17g\n", d[n]);
  printf("A[n-1][0] %.17g\n", A[n - 1][0]);
  free(A);
  free(b);
  free(d);
  return 0;
}
