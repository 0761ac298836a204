// Loops of constant sizes over global arrays on threads. Every value such
// a worker uses is a constant (its bounds, the arrays' addresses), so it
// is outlined without arguments and the team runs it through a function
// taking the runtime's pointer: before, such a worker was left on the
// calling thread while the remark said it ran on threads. A matrix
// product of constant sizes below one column panel (N < NC) keeps its
// panel loop, of one iteration, whose columns the threads share (a
// triangle's cut into units by its own columns): folded away, the product
// ran on one thread of two. Outputs equal plain -O3's at 1 and 2 threads.
// RUN: %clang -O3 -march=native -fopenmp -fpass-plugin=%tessera -Rpass=tessera -S -emit-llvm %s -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %clang -O3 -march=native %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -march=native -fopenmp -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t && env OMP_NUM_THREADS=2 %t > %t.out && diff %t.ref.out %t.out
// RUN: env OMP_NUM_THREADS=1 %t > %t.one.out && diff %t.ref.out %t.one.out

#include <stdio.h>

#define N 600

static double A[N][N], B[N][N], C[N][N], D[N][N];

// CHECK-LABEL: define {{.*}} @product(
// CHECK: call void @GOMP_parallel(ptr nonnull @product.tessera.par{{[.0-9]*}}.team, ptr null
// CHECK: call void @GOMP_parallel(ptr nonnull @product.tessera.par{{[.0-9]*}}.team, ptr null
// CHECK-LABEL: define {{.*}} @lower_rank_k(
// CHECK: call void @GOMP_parallel(ptr nonnull @lower_rank_k.tessera.par{{[.0-9]*}}.team, ptr null
// CHECK: call void @GOMP_parallel(ptr nonnull @lower_rank_k.tessera.par{{[.0-9]*}}.team, ptr null
// REMARK: remark: SCoP rewritten: {{.*}}(2 run by OpenMP threads){{.*}}line [[@LINE+4]], line [[@LINE+3]] on OpenMP threads{{.*}}matrix product
// REMARK: remark: SCoP rewritten: {{.*}}(2 run by OpenMP threads){{.*}}line [[@LINE+12]], line [[@LINE+11]] on OpenMP threads{{.*}}matrix product
__attribute__((noinline)) void product(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] *= 0.5;
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
}

__attribute__((noinline)) void lower_rank_k(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) {
      D[i][j] *= 1.5;
      for (int k = 0; k < N; k++)
        D[i][j] += A[i][k] * A[j][k];
    }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 17) / 17;
      B[i][j] = (double)((i * 5 + j * 11) % 13) / 13;
      C[i][j] = (double)((i + j) % 5);
      D[i][j] = (double)((i * j) % 7);
    }
  product();
  lower_rank_k();
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += C[i][j] * (i + 1) + D[i][j] * (j + 2);
  printf("%a %a %a\n", s, C[N - 1][N - 2], D[N - 1][3]);
  return 0;
}
