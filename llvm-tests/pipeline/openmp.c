// With -fopenmp, the outermost parallel loop of a rewritten nest runs on an
// OpenMP team: its worker is outlined and started with GOMP_parallel; each
// thread takes its share of the iterations from omp_get_thread_num().
// Without -fopenmp nothing is outlined, unless -tessera-parallel=1.
// Rewrites whose only gain is threads for unknown trip counts may take 5%
// of a module by default (pay-before-emitting.c); this file tests their
// code, so the option lets them all through (a hundred times the module).
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-thread-only-growth=10000 -Rpass=tessera -S -emit-llvm %s -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %clang -O3 -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s --check-prefix=SEQ
// -tessera-parallel forces it off with -fopenmp, and on without it.
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-thread-only-growth=10000 -mllvm -tessera-parallel=0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=SEQ
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-thread-only-growth=10000 -mllvm -tessera-parallel=1 -S -emit-llvm %s -o - | FileCheck %s

// CHECK: call void @GOMP_parallel(ptr nonnull @scale.tessera.par
// CHECK: define internal void @scale.tessera.par
// CHECK: call i32 @omp_get_num_threads()
// CHECK: call i32 @omp_get_thread_num()
// REMARK: SCoP rewritten: {{.*}} (1 run by OpenMP threads)
// SEQ-NOT: GOMP_parallel
void scale(int n, int m, double (*A)[m], const double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = 2.0 * B[i][j] + 1.0;
}
