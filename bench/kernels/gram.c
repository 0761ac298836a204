/* gram: modified Gram-Schmidt QR of an m x n matrix (m = n + n/4): A
 * becomes the residual, Q gets orthonormal columns, R the upper triangle.
 * Every step walks columns of row-major arrays (poor locality) and the
 * square root makes R's diagonal a non-affine value.
 * Usage: gram [n] */
#include "bench.h"

BENCH_KERNEL void gram(int m, int n, double (*A)[n], double (*Q)[n],
                                    double (*R)[n]) {
  for (int k = 0; k < n; k++) {
    double norm2 = 0.0;
    for (int i = 0; i < m; i++)
      norm2 += A[i][k] * A[i][k];
    R[k][k] = sqrt(norm2);
    for (int i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (int i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < m; i++)
        A[i][j] -= Q[i][k] * R[k][j];
    }
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 700);
  int m = n + n / 4;
  double (*A)[n] = bench_alloc((size_t)m * n);
  double (*Q)[n] = bench_alloc((size_t)m * n);
  double (*R)[n] = bench_alloc((size_t)n * n);
  bench_fill(&A[0][0], m, n, 34, n);
  /* A strong diagonal keeps the columns far from dependent, so no norm
   * comes near zero. */
  for (int i = 0; i < n; i++)
    A[i][i] += 4.0;
  bench_fill(&R[0][0], n, n, 35, n); /* only the upper triangle is written */

  double t0 = bench_now();
  gram(m, n, A, Q, R);
  double t1 = bench_now();

  double sum = bench_checksum(&A[0][0], (long)m * n) + bench_checksum(&Q[0][0], (long)m * n) +
               bench_checksum(&R[0][0], (long)n * n);
  bench_report(sum, t1 - t0);
  free(A);
  free(Q);
  free(R);
  return 0;
}
