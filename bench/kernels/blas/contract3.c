/* contract3 through OpenBLAS: T[a][b][:] = T[a][b][:] * W for every (a, b),
 * one product of the (n1*n2) x n3 matrix T by W (see ../contract3.c). */
#include "../bench.h"
#include <cblas.h>
#include <string.h>

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 104);
  int n1 = n, n2 = n, n3 = 2 * n;
  size_t cells = (size_t)n1 * n2 * n3;
  double *T = bench_alloc(cells), *W = bench_alloc((size_t)n3 * n3), *row = bench_alloc(n3), *out = bench_alloc(cells);
  bench_fill(T, (long)n1 * n2, n3, 61, n3);
  bench_fill(W, n3, n3, 62, n3);
  double t0 = bench_now();
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n1 * n2, n3, n3, 1.0, T, n3, W, n3, 0.0, out, n3);
  memcpy(T, out, cells * sizeof(double));
  memcpy(row, T + cells - n3, (size_t)n3 * sizeof(double));
  double t1 = bench_now();
  bench_report(bench_checksum(T, (long)cells) + bench_checksum(row, n3), t1 - t0);
  free(T);
  free(W);
  free(row);
  free(out);
  return 0;
}
