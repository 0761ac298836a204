// A parallel loop on threads reads a scalar the sequential loop around it
// computes (an FFT's twiddle factor): each thread reads its own copy, made
// when the worker starts, not the shared slot whose address the outlined
// function receives. Read through that address, every iteration loads it
// again, the stores to `d` (of unknown stride) may alias it, and the loop
// marked for vectorization is not vectorized: the user got a "loop not
// vectorized" warning, an error under -Werror.
// RUN: %clang -O3 -fopenmp -Werror -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s

// CHECK: define internal void @twiddle.tessera.par(
// CHECK: x double>
void twiddle(long m, long q, long stride, double *restrict d, double s) {
  double w = 1.0;
  for (long a = 1; a < m; a++) {
    w = w - s * w;
    for (long b = 0; b < q; b++)
      d[stride * (b * m + a)] = w * d[stride * (b * m + a)] + d[stride * (b * m + a - 1)];
  }
}
