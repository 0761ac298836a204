// A parallel loop on threads reads a scalar the sequential loop around it
// computes (an FFT's twiddle factor): each thread reads its own copy, made
// when the worker starts, not the shared slot whose address the outlined
// function receives. Read through that address, every iteration loads it
// again, the stores to `d` may alias it, and the loop marked for
// vectorization is not vectorized: the user got a "loop not vectorized"
// warning, an error under -Werror. (The FFT's own rows have a stride
// unknown at compile time: such a loop is left to the vectorizer's cost
// model, not forced, so the contiguous rows here are what tests the copy.)
// Rewrites whose only gain is threads for unknown trip counts may take 5%
// of a module by default (pay-before-emitting.c); this file tests their
// code, so the option lets them all through (a hundred times the module).
// RUN: %clang -O3 -fopenmp -Werror -fpass-plugin=%tessera -mllvm -tessera-thread-only-growth=10000 -S -emit-llvm %s -o - | FileCheck %s

// CHECK: define internal void @twiddle.tessera.par(
// CHECK: x double>
void twiddle(long m, long q, double *restrict d, double s) {
  double w = 1.0;
  for (long a = 1; a < m; a++) {
    w = w - s * w;
    for (long b = 0; b < q; b++)
      d[a * q + b] = w * d[a * q + b] + d[(a - 1) * q + b];
  }
}
