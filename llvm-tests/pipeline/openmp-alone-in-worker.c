// A tiled nest whose tile loop forks outside every loop runs its small
// runs in its worker, called directly (no second copy of the tiles in
// place): called directly, the worker is a team of one and takes the whole
// range, also when the caller is itself a thread of a team (where
// omp_get_num_threads() says 2). Each of two threads transposes its own
// matrices, small (the direct call) and large (a fork, nested: a team of
// one); the checksums equal plain -O3's, which runs them one after the
// other.
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -Rpass=tessera -S -emit-llvm %s -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %clang -O3 %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera %s -o %t && env OMP_NUM_THREADS=2 %t > %t.out && diff %t.ref.out %t.out
// RUN: env OMP_NUM_THREADS=1 %t > %t.one.out && diff %t.ref.out %t.one.out

#include <stdio.h>
#include <stdlib.h>

// CHECK-LABEL: define {{.*}} @transpose_scaled(
// CHECK: call void @GOMP_parallel(ptr nonnull @transpose_scaled.tessera.par
// CHECK: call void @transpose_scaled.tessera.par(ptr
// CHECK: define internal void @transpose_scaled.tessera.par
// CHECK: br i1 %{{[0-9]+}}, label %[[TEAM:[0-9]+]], label
// CHECK: [[TEAM]]:
// CHECK-NEXT: call i32 @omp_get_num_threads()
// CHECK: phi i64 [ %{{[0-9]+}}, %[[TEAM]] ], [ 1, %
// REMARK: remark: SCoP rewritten: {{.*}}(1 run by OpenMP threads)
__attribute__((noinline)) void transpose_scaled(long n, double *restrict a, const double *restrict b) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      a[i * n + j] = 2.0 * b[j * n + i];
}

static unsigned long checksum(const double *a, long len) {
  unsigned long h = 1469598103934665603ul;
  for (long k = 0; k < len; k++)
    h = (h ^ (unsigned long)(a[k] * 8.0)) * 1099511628211ul;
  return h;
}

int main(void) {
  static const long sizes[] = {1, 5, 37, 130, 300};
  unsigned long sums[2][5];
#pragma omp parallel for num_threads(2)
  for (int t = 0; t < 2; t++) {
    for (int s = 0; s < 5; s++) {
      long n = sizes[s];
      double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n);
      for (long k = 0; k < n * n; k++) {
        a[k] = -1.0;
        b[k] = (double)((k * 7 + t * 3) % 23);
      }
      transpose_scaled(n, a, b);
      sums[t][s] = checksum(a, n * n);
      free(a);
      free(b);
    }
  }
  for (int t = 0; t < 2; t++)
    for (int s = 0; s < 5; s++)
      printf("thread %d n=%ld %lu\n", t, sizes[s], sums[t][s]);
  return 0;
}
