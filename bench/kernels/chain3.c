/* chain3: G = (A*B) * (C*D) with rectangular factors. The two inner
 * products are independent of each other and both feed the third, a
 * small dataflow graph rather than a straight chain. Sizes: A is n x p,
 * B p x n, C n x q, D q x n, with p = 5n/4 and q = 3n/4.
 * Usage: chain3 [n] */
#include "bench.h"

BENCH_KERNEL void chain3(int n, int p, int q, double (*E)[n], double (*F)[n],
                                      double (*G)[n], double (*A)[p], double (*B)[n],
                                      double (*C)[q], double (*D)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      E[i][j] = 0.0;
      for (int k = 0; k < p; k++)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      F[i][j] = 0.0;
      for (int k = 0; k < q; k++)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      G[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        G[i][j] += E[i][k] * F[k][j];
    }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 500);
  int p = n + n / 4, q = n - n / 4;
  size_t nn = (size_t)n * n;
  double (*E)[n] = bench_alloc(nn);
  double (*F)[n] = bench_alloc(nn);
  double (*G)[n] = bench_alloc(nn);
  double (*A)[p] = bench_alloc((size_t)n * p);
  double (*B)[n] = bench_alloc((size_t)p * n);
  double (*C)[q] = bench_alloc((size_t)n * q);
  double (*D)[n] = bench_alloc((size_t)q * n);
  bench_fill(&A[0][0], n, p, 8, n);
  bench_fill(&B[0][0], p, n, 9, n);
  bench_fill(&C[0][0], n, q, 10, n);
  bench_fill(&D[0][0], q, n, 11, n);

  double t0 = bench_now();
  chain3(n, p, q, E, F, G, A, B, C, D);
  double t1 = bench_now();

  double sum = bench_checksum(&E[0][0], (long)nn) + bench_checksum(&F[0][0], (long)nn) +
               bench_checksum(&G[0][0], (long)nn);
  bench_report(sum, t1 - t0);
  free(E);
  free(F);
  free(G);
  free(A);
  free(B);
  free(C);
  free(D);
  return 0;
}
