/* stencil_flat: nine-point box blur on an n x n grid stored flat
 * (g[i*n + j], runtime n), ping-ponging for `steps` time steps with fixed
 * borders. The same delinearization problem as gemm_flat, on a stencil.
 * Usage: stencil_flat [n] [steps] */
#include "bench.h"

/* One blur step from `src` into `dst`, interior points only. */
static inline void blur_step(int n, double *dst, const double *src) {
  const double w = 1.0 / 9.0;
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      dst[i * n + j] = w * (src[(i - 1) * n + j - 1] + src[(i - 1) * n + j] +
                            src[(i - 1) * n + j + 1] + src[i * n + j - 1] + src[i * n + j] +
                            src[i * n + j + 1] + src[(i + 1) * n + j - 1] +
                            src[(i + 1) * n + j] + src[(i + 1) * n + j + 1]);
}

BENCH_KERNEL void stencil_flat(int n, int steps, double *a, double *b) {
  for (int t = 0; t < steps; t++) {
    blur_step(n, b, a);
    blur_step(n, a, b);
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1500);
  int steps = bench_arg(argc, argv, 2, 120);
  size_t nn = (size_t)n * n;
  double *a = bench_alloc(nn), *b = bench_alloc(nn);
  bench_fill(a, n, n, 57, n);
  bench_fill(b, n, n, 58, n);

  double t0 = bench_now();
  stencil_flat(n, steps, a, b);
  double t1 = bench_now();

  bench_report(bench_checksum(a, (long)nn) + bench_checksum(b, (long)nn), t1 - t0);
  free(a);
  free(b);
  return 0;
}
