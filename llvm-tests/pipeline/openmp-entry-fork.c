// A SCoP that is one parallel loop and keeps the source order (only the
// threads are new) forks at its entry: whether the work pays for a thread
// team is decided with the run-time checks, and a run too small for
// threads takes the original nest (kept as the checks' fallback) instead
// of a second, sequential copy of the loop. The function holds the fork
// test, the team's call and the original loop, none of the generated
// ones. A tiled nest runs its small runs in its own tiles (faster than the
// original: a matrix product's blocks at n = 140 ran at -O3's speed
// without them): outside every loop, its worker is called directly, as a
// team of one, instead of a second copy of the tiles in place.
// Rewrites whose only gain is threads for unknown trip counts may take 5%
// of a module by default (pay-before-emitting.c); this file tests their
// code, so the option lets them all through (a hundred times the module).
// RUN: %clang -O3 -fopenmp -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-thread-only-growth=10000 -Rpass=tessera -S -emit-llvm %s -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

// REMARK: remark: SCoP rewritten: 1 loop(s), 1 parallelizable (1 run by OpenMP threads)
// REMARK: remark: SCoP rewritten: {{.*}}(1 run by OpenMP threads){{.*}}tiled

// CHECK-LABEL: define {{.*}} @scale(
// CHECK-NOT: tessera.loop
// CHECK: icmp {{.*}}, 65535
// CHECK-NOT: tessera.loop
// CHECK: call void @GOMP_parallel(ptr nonnull @scale.tessera.par
// CHECK-NOT: tessera.loop
// CHECK: {{^}}}
void scale(long n, double *restrict a, const double *restrict b) {
  for (long i = 0; i < n; i++)
    a[i] = 2.0 * b[i];
}

// CHECK-LABEL: define {{.*}} @transpose_scaled(
// CHECK-NOT: tessera.loop
// CHECK: call void @GOMP_parallel(ptr nonnull @transpose_scaled.tessera.par
// CHECK-NOT: tessera.loop
// CHECK: call void @transpose_scaled.tessera.par(ptr
// CHECK-NOT: tessera.loop
// CHECK: {{^}}}
void transpose_scaled(long n, double *restrict a, const double *restrict b) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      a[i * n + j] = 2.0 * b[j * n + i];
}
