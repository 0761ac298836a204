/* chain2: two dependent matrix products, T = A*B then D = D + T*C. The
 * second product reads T by rows and columns, so fusing or tiling the two
 * nests must respect the producer-consumer order. Usage: chain2 [n] */
#include "bench.h"

BENCH_KERNEL void chain2(int n, double (*T)[n], double (*A)[n], double (*B)[n],
                                      double (*C)[n], double (*D)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      T[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        T[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        D[i][j] += T[i][k] * C[k][j];
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 560);
  size_t nn = (size_t)n * n;
  double (*T)[n] = bench_alloc(nn);
  double (*A)[n] = bench_alloc(nn);
  double (*B)[n] = bench_alloc(nn);
  double (*C)[n] = bench_alloc(nn);
  double (*D)[n] = bench_alloc(nn);
  bench_fill(&A[0][0], n, n, 4, n);
  bench_fill(&B[0][0], n, n, 5, n);
  bench_fill(&C[0][0], n, n, 6, n);
  bench_fill(&D[0][0], n, n, 7, n);

  double t0 = bench_now();
  chain2(n, T, A, B, C, D);
  double t1 = bench_now();

  double sum = bench_checksum(&T[0][0], (long)nn) + bench_checksum(&D[0][0], (long)nn);
  bench_report(sum, t1 - t0);
  free(T);
  free(A);
  free(B);
  free(C);
  free(D);
  return 0;
}
