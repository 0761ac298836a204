// A tile's innermost point loop, marked for the vectorizer, is kept from
// being unrolled through the vectorizer's follow-up attributes, not with
// `llvm.loop.unroll.disable` on the loop itself: LoopVectorize reads that
// as "interleave count 1", and the skewed sweeps of this stencil's time
// tiles ran one vector per iteration where -O3's own loop runs four
// ("the cost-model indicates that interleaving is beneficial but is
// explicitly disabled"). The vector loops still carry unroll.disable, so
// LLVM's unroller does not unroll a constant-trip tile completely after
// vectorizing it.
// RUN: %clang -O3 -fpass-plugin=%tessera '-Rpass=tessera|loop-vectorize|loop-unroll' -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// The answers are -O3's.
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera %s -o %t && %t > %t.out && diff %t.ref.out %t.out

// CHECK: point-loops-interleaved.c:[[@LINE+6]]:3: remark: SCoP rewritten: {{.*}}tiled line [[@LINE+6]]
// CHECK-NOT: point-loops-interleaved.c:[[@LINE+5]]:3: remark: vectorized loop (vectorization width: {{[0-9]+}}, interleaved count: 1)
// CHECK: point-loops-interleaved.c:[[@LINE+4]]:3: remark: vectorized loop (vectorization width: {{[0-9]+}}, interleaved count: {{[2-9]|[1-9][0-9]}})
// CHECK-NOT: point-loops-interleaved.c:[[@LINE+3]]:3: remark: vectorized loop (vectorization width: {{[0-9]+}}, interleaved count: 1)
// CHECK-NOT: point-loops-interleaved.c:[[@LINE+2]]:3: remark: {{.*}}unrolled
void sweep(int n, int steps, double *u, double *v) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
    for (int i = 1; i < n - 1; i++)
      u[i] = 0.25 * v[i - 1] + 0.5 * v[i] + 0.25 * v[i + 1];
  }
}
// IR: define {{.*}} @sweep(
// IR: llvm.loop.isvectorized
// IR-DAG: !{!"llvm.loop.unroll.disable"}

#ifdef MAIN
#include <stdio.h>
int main(void) {
  enum { N = 3000, T = 40 };
  static double u[N], v[N];
  for (int i = 0; i < N; i++) {
    u[i] = (double)((i * 37) % 101) / 7.0;
    v[i] = (double)((i * 11) % 97) / 5.0;
  }
  sweep(N, T, u, v);
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum = sum * 0.999 + u[i] - v[i] / 3.0;
  printf("%.17g\n", sum);
  return 0;
}
#endif
