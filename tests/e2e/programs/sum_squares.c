/* Reductions of a 2-D array into scalars: sum of squares and a weighted sum,
 * accumulated in local scalars over a doubly nested loop; plus per-row norms.
 * Flattened with runtime stride. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) double sum_squares_kernel(int rows, int cols,
                                                    const double *A,
                                                    double *rownorm,
                                                    double *wsum_out) {
  double ss = 0.0, ws = 0.0;
  for (int i = 0; i < rows; i++) {
    double r = 0.0;
    for (int j = 0; j < cols; j++) {
      ss += A[i * cols + j] * A[i * cols + j];
      ws += A[i * cols + j] * (double)(j + 1);
      r += A[i * cols + j] * A[i * cols + j];
    }
    rownorm[i] = sqrt(r);
  }
  *wsum_out = ws;
  return ss;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 700, 1, 20000);
  int rows = n, cols = n + 13;
  double *A = malloc(sizeof(double) * (size_t)rows * cols);
  double *rn = malloc(sizeof(double) * rows);
  if (!A || !rn) return 1;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      A[i * cols + j] = (double)(((long)i * j + 3) % 101) / 101.0 + 0.5;

  double ws = 0.0;
  double ss = sum_squares_kernel(rows, cols, A, rn, &ws);

  double sr = 0, wr = 0;
  for (int i = 0; i < rows; i++) { sr += rn[i]; wr += rn[i] * (double)(i % 7 + 1); }
  printf("sumsq %.17g\n", ss);
  printf("wsum %.17g\n", ws);
  printf("rownorm_sum %.17g\n", sr);
  printf("rownorm_wsum %.17g\n", wr);
  printf("rownorm[0] %.17g\n", rn[0]);
  printf("rownorm[last] %.17g\n", rn[rows - 1]);
  free(A); free(rn);
  return 0;
}
