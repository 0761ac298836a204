/* contract3: multiplies every row of a 3-D tensor by a square matrix in
 * place, T[a][b][:] = T[a][b][:] * W, through a scratch row (the result
 * overwrites the row it is computed from). n1 = n2 = n, n3 = 2n.
 * Usage: contract3 [n] */
#include "bench.h"

BENCH_KERNEL void contract3(int n1, int n2, int n3, double (*T)[n2][n3],
                                         double (*W)[n3], double *row) {
  for (int a = 0; a < n1; a++)
    for (int b = 0; b < n2; b++) {
      for (int c = 0; c < n3; c++) {
        row[c] = 0.0;
        for (int s = 0; s < n3; s++)
          row[c] += T[a][b][s] * W[s][c];
      }
      for (int c = 0; c < n3; c++)
        T[a][b][c] = row[c];
    }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 104);
  int n1 = n, n2 = n, n3 = 2 * n;
  size_t cells = (size_t)n1 * n2 * n3;
  double (*T)[n2][n3] = bench_alloc(cells);
  double (*W)[n3] = bench_alloc((size_t)n3 * n3);
  double *row = bench_alloc(n3);
  bench_fill(&T[0][0][0], (long)n1 * n2, n3, 61, n3);
  bench_fill(&W[0][0], n3, n3, 62, n3);

  double t0 = bench_now();
  contract3(n1, n2, n3, T, W, row);
  double t1 = bench_now();

  bench_report(bench_checksum(&T[0][0][0], (long)cells) + bench_checksum(row, n3), t1 - t0);
  free(T);
  free(W);
  free(row);
  return 0;
}
