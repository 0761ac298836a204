// A parallel loop under a sequential one (rows in order, each row's
// columns independent) runs on a thread team once per row, when the row
// holds enough work for a fork to pay: at least 65536 statement instances
// by a run-time estimate (here the row length m) and at least 4
// iterations. Otherwise the same loop, emitted a second time in place,
// runs on the calling thread (the worker is never called directly). The
// worker's loop is marked for the vectorizer, and vectorized. Threads are
// this nest's only gain (its source order is kept: the skew that would
// make it a tiled band is left out, as the tiler leaves the band untiled),
// so its code is paid from the module's allowance for such rewrites,
// raised here: the file is a few dozen instructions.
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-thread-only-growth=1000 -Rpass=tessera -S -emit-llvm %s -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

// CHECK-LABEL: define {{.*}} @rows(
// CHECK: icmp {{.*}} i32 %1, 65535
// CHECK: call void @GOMP_parallel(ptr nonnull @rows.tessera.par
// CHECK-NOT: call void @rows.tessera.par(
// CHECK: define internal void @rows.tessera.par
// CHECK: call i32 @omp_get_num_threads()
// CHECK: call i32 @omp_get_thread_num()
// CHECK: load <{{[0-9]+}} x double>
// REMARK: SCoP rewritten: 2 loop(s), 1 parallelizable (1 run by OpenMP threads), 1 marked vectorizable
void rows(int n, int m, double (*x)[m + 1], const double (*y)[m]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      x[i][j] = 0.5 * x[i - 1][j] + y[i][j] - 0.25 * x[i - 1][j + 1];
}
