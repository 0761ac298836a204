/* chol: left-looking (column by column) Cholesky factorization A = L*L^T,
 * in place in the lower triangle; the strict upper triangle is not read
 * or written. Each column first subtracts the contributions of all
 * earlier columns, then divides by the square root of its pivot.
 * Usage: chol [n] */
#include "bench.h"

BENCH_KERNEL void chol(int n, double (*A)[n]) {
  for (int j = 0; j < n; j++) {
    for (int k = 0; k < j; k++)
      A[j][j] -= A[j][k] * A[j][k];
    A[j][j] = sqrt(A[j][j]);
    for (int i = j + 1; i < n; i++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
  }
}

/* A symmetric matrix with entries in [0, 1) and n added to the diagonal:
 * strictly diagonally dominant with a positive diagonal, hence positive
 * definite, so every pivot is positive. */
static void make_spd(int n, double (*A)[n]) {
  bench_fill(&A[0][0], n, n, 37, n);
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      A[i][j] = A[j][i];
  bench_boost_diagonal(&A[0][0], n, n);
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1500);
  double (*A)[n] = bench_alloc((size_t)n * n);
  make_spd(n, A);

  double t0 = bench_now();
  chol(n, A);
  double t1 = bench_now();

  bench_report(bench_checksum(&A[0][0], (long)n * n), t1 - t0);
  free(A);
  return 0;
}
