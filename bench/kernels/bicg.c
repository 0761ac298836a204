/* bicg: the two products of a BiCG step fused in one sweep over a
 * rectangular A (n x m, m = 5n/4): s += A^T*r and q += A*p, repeated `reps`
 * times. One statement reduces along rows, the other along columns, so no
 * single loop order suits both. Usage: bicg [n] [reps] */
#include "bench.h"

BENCH_KERNEL void bicg(int n, int m, int reps, double (*A)[m], double *s, double *q,
                                    double *p, double *r) {
  for (int t = 0; t < reps; t++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++) {
        s[j] += r[i] * A[i][j];
        q[i] += A[i][j] * p[j];
      }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 2800);
  int reps = bench_arg(argc, argv, 2, 30);
  int m = n + n / 4;
  double (*A)[m] = bench_alloc((size_t)n * m);
  double *s = bench_alloc(m), *p = bench_alloc(m);
  double *q = bench_alloc(n), *r = bench_alloc(n);
  bench_fill(&A[0][0], n, m, 26, m);
  bench_fill(s, 1, m, 27, m);
  bench_fill(p, 1, m, 28, m);
  bench_fill(q, 1, n, 29, n);
  bench_fill(r, 1, n, 30, n);

  double t0 = bench_now();
  bicg(n, m, reps, A, s, q, p, r);
  double t1 = bench_now();

  bench_report(bench_checksum(s, m) + 2.0 * bench_checksum(q, n), t1 - t0);
  free(A);
  free(s);
  free(p);
  free(q);
  free(r);
  return 0;
}
