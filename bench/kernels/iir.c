/* iir: a recursive (IIR) smoothing filter run causally and anti-causally
 * along every row, then along every column, of an n x n image: each step
 * is a floating-point recurrence on the two outputs before it, carried in
 * scalars, which -O3 runs one chain at a time; rows (and columns) are
 * independent. Usage: iir [n] */
#include "bench.h"

BENCH_KERNEL void iir(int n, double (*img)[n], double (*fwd)[n], double (*bwd)[n]) {
  const double a0 = 0.25, a1 = 0.125, b1 = 0.75, b2 = -0.125;
  for (int i = 0; i < n; i++) {
    double y1 = 0.0, y2 = 0.0, x1 = 0.0;
    for (int j = 0; j < n; j++) {
      double y = a0 * img[i][j] + a1 * x1 + b1 * y1 + b2 * y2;
      fwd[i][j] = y;
      x1 = img[i][j];
      y2 = y1;
      y1 = y;
    }
  }
  for (int i = 0; i < n; i++) {
    double y1 = 0.0, y2 = 0.0, x1 = 0.0;
    for (int j = n - 1; j >= 0; j--) {
      double y = a0 * fwd[i][j] + a1 * x1 + b1 * y1 + b2 * y2;
      bwd[i][j] = y;
      x1 = fwd[i][j];
      y2 = y1;
      y1 = y;
    }
  }
  for (int j = 0; j < n; j++) {
    double y1 = 0.0, y2 = 0.0, x1 = 0.0;
    for (int i = 0; i < n; i++) {
      double y = a0 * bwd[i][j] + a1 * x1 + b1 * y1 + b2 * y2;
      fwd[i][j] = y;
      x1 = bwd[i][j];
      y2 = y1;
      y1 = y;
    }
  }
  for (int j = 0; j < n; j++) {
    double y1 = 0.0, y2 = 0.0, x1 = 0.0;
    for (int i = n - 1; i >= 0; i--) {
      double y = a0 * fwd[i][j] + a1 * x1 + b1 * y1 + b2 * y2;
      img[i][j] = y;
      x1 = fwd[i][j];
      y2 = y1;
      y1 = y;
    }
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 3600);
  double (*img)[n] = bench_alloc((size_t)n * n);
  double (*fwd)[n] = bench_alloc((size_t)n * n);
  double (*bwd)[n] = bench_alloc((size_t)n * n);
  bench_fill(&img[0][0], n, n, 81, n);

  double t0 = bench_now();
  iir(n, img, fwd, bwd);
  double t1 = bench_now();

  bench_report(bench_checksum(&img[0][0], (long)n * n), t1 - t0);
  free(img);
  free(fwd);
  free(bwd);
  return 0;
}
