// A SCoP inside a loop the model leaves out (its bounds are loaded from
// memory) runs once per iteration of that loop: its outermost parallel
// loop forks only when the work pays, like a loop under sequential loops
// of the SCoP; otherwise the same loop runs in place.
// Rewrites whose only gain is threads for unknown trip counts may take 5%
// of a module by default (pay-before-emitting.c); this file tests their
// code, so the option lets them all through (a hundred times the module).
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-thread-only-growth=10000 -S -emit-llvm %s -o - | FileCheck %s

// CHECK-LABEL: define {{.*}} @rows_by_pointer(
// CHECK: icmp {{.*}}, 65535
// CHECK: call void @GOMP_parallel(ptr nonnull @rows_by_pointer.tessera.par
void rows_by_pointer(int n, const int *start, double *restrict out, const double *restrict in) {
  for (int r = 0; r < n; r++)
    for (int k = start[r]; k < start[r + 1]; k++)
      out[k] = 2.0 * in[k] + 1.0;
}
