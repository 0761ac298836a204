// A parallel loop whose iterations hold uneven work (the inner loop's span
// grows with the counter: a triangle) is shared round-robin: thread t runs
// iterations lb + t, lb + t + nt, ... (contiguous shares gave the last of
// two threads 3/4 of the triangle). The point loops of tiles, whose span
// does not change, keep contiguous shares (see openmp.c).
// Rewrites whose only gain is threads for unknown trip counts may take 5%
// of a module by default (pay-before-emitting.c); this file tests their
// code, so the option lets them all through (a hundred times the module).
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-thread-only-growth=10000 -S -emit-llvm %s -o - | FileCheck %s

// CHECK: define internal void @lower_scale.tessera.par
// CHECK: %[[NT32:[0-9]+]] = tail call i32 @omp_get_num_threads()
// CHECK: %[[NT:[0-9]+]] = sext i32 %[[NT32]] to i64
// CHECK: add nsw i64 %{{[0-9]+}}, %[[NT]]
void lower_scale(int n, double (*C)[n], const double (*A)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      C[i][j] = 2.0 * A[i][j] + C[i][j];
}
