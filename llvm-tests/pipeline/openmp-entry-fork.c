// A SCoP that is one parallel loop forks at its entry: whether the work
// pays for a thread team is decided with the run-time checks, and a run
// too small for threads takes the original nest (kept as the checks'
// fallback) instead of a second, sequential copy of the tiled loop. The
// function holds the fork test, the team's call and the original loops,
// none of the generated ones; they are all in the worker.
// RUN: %clang -O3 -fopenmp -fno-discard-value-names -fpass-plugin=%tessera -Rpass=tessera -S -emit-llvm %s -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

// REMARK: remark: SCoP rewritten: {{.*}}(1 run by OpenMP threads){{.*}}tiled

// CHECK-LABEL: define {{.*}} @transpose_scaled(
// CHECK-NOT: tessera.loop
// CHECK: icmp {{.*}}, 65535
// CHECK-NOT: tessera.loop
// CHECK: call void @GOMP_parallel(ptr nonnull @transpose_scaled.tessera.par
// CHECK-NOT: tessera.loop
// CHECK: {{^}}}
// CHECK: define internal void @transpose_scaled.tessera.par(
// CHECK: tessera.loop
void transpose_scaled(long n, double *restrict a, const double *restrict b) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      a[i * n + j] = 2.0 * b[j * n + i];
}
