/* trmv: x = U * x in place, U upper triangular (n x n), by rows as in the
 * reference BLAS: row i sums U[i][j] * x[j] over j >= i, whose x[j] are
 * still the old ones; the row's sum is one chain of adds (-O3 keeps its
 * order). Divided by n and repeated for `reps` rounds, each round reading
 * the last. Usage: trmv [n] [reps] */
#include "bench.h"

BENCH_KERNEL void trmv(int n, int reps, double (*U)[n], double *x) {
  for (int t = 0; t < reps; t++)
    for (int i = 0; i < n; i++) {
      double s = U[i][i] * x[i];
      for (int j = i + 1; j < n; j++)
        s += U[i][j] * x[j];
      x[i] = s / n;
    }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 2000);
  int reps = bench_arg(argc, argv, 2, 200);
  double (*U)[n] = bench_alloc((size_t)n * n);
  double *x = bench_alloc(n);
  bench_fill(&U[0][0], n, n, 41, n);
  bench_fill(x, 1, n, 42, n);

  double t0 = bench_now();
  trmv(n, reps, U, x);
  double t1 = bench_now();

  bench_report(bench_checksum(x, n), t1 - t0);
  free(U);
  free(x);
  return 0;
}
