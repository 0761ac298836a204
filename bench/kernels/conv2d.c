/* conv2d: valid 2-D correlation of an n x n image with a w x w filter
 * (default w = 7), both sizes at run time; the filter loops are innermost and
 * accumulate into one output pixel, so -O3 keeps them scalar, and every
 * input pixel is reused w*w times. Usage: conv2d [n] [w] */
#include "bench.h"

BENCH_KERNEL void conv2d(int n, int w, double (*out)[n - w + 1], double (*in)[n],
                                      double (*f)[w]) {
  int m = n - w + 1;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) {
      out[i][j] = 0.0;
      for (int a = 0; a < w; a++)
        for (int b = 0; b < w; b++)
          out[i][j] += in[i + a][j + b] * f[a][b];
    }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 3500);
  int w = bench_arg(argc, argv, 2, 7);
  int m = n - w + 1;
  if (m < 1) {
    fprintf(stderr, "conv2d: n must be at least %d\n", w);
    return 2;
  }
  double (*out)[m] = bench_alloc((size_t)m * m);
  double (*in)[n] = bench_alloc((size_t)n * n);
  double (*f)[w] = bench_alloc((size_t)w * w);
  bench_fill(&in[0][0], n, n, 63, n);
  bench_fill(&f[0][0], w, w, 64, 2 * w * w);

  double t0 = bench_now();
  conv2d(n, w, out, in, f);
  double t1 = bench_now();

  bench_report(bench_checksum(&out[0][0], (long)m * m), t1 - t0);
  free(out);
  free(in);
  free(f);
  return 0;
}
