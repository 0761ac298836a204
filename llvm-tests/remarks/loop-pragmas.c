// A loop the user kept from being vectorized, distributed or interleaved,
// or asked to be unrolled, with a pragma is left as written: a rewrite
// emits new loops without the loop's metadata, and the vectorizer or the
// unroller would then do what the pragma forbade or leave undone what it
// asked for. The remark names the pragma. Hints that ask for what a rewrite
// does anyway (`#pragma omp simd`) keep the nest in, and so does
// `#pragma nounroll`, which clang also puts on every loop when unrolling is
// off (-O1, -fno-unroll-loops).
// With -tessera-rewrite-all every SCoP that can be rewritten is.
//
// RUN: %clang -O3 -march=x86-64-v3 -fopenmp-simd -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -march=x86-64-v3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// The answers are -O3's.
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-rewrite-all %s -o %t && %t > %t.out && diff %t.ref.out %t.out

void blur(int n, float (*restrict b)[n], const float (*restrict a)[n]) {
  // CHECK: loop-pragmas.c:[[@LINE+1]]:3: remark: loop not optimized: loop pragma: #pragma clang loop vectorize(disable) on a loop of the nest is kept
  for (int i = 1; i < n - 1; i++)
#pragma clang loop vectorize(disable)
    for (int j = 1; j < n - 1; j++)
      b[i][j] = (a[i - 1][j] + a[i][j] + a[i + 1][j]) * 0.25f;
}

void transpose(int n, float (*restrict b)[n], const float (*restrict a)[n]) {
  // CHECK: loop-pragmas.c:[[@LINE+2]]:3: remark: loop not optimized: loop pragma: #pragma unroll on a loop of the nest is kept
#pragma unroll 4
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[i][j] = a[j][i];
}

void scale(int n, float (*restrict b)[n], const float (*restrict a)[n]) {
  // CHECK: loop-pragmas.c:[[@LINE+1]]:3: remark: SCoP rewritten
  for (int i = 0; i < n; i++)
#pragma omp simd
    for (int j = 0; j < n; j++)
      b[i][j] = 2.0f * a[i][j];
}
void nounroll(int n, float (*restrict b)[n], const float (*restrict a)[n]) {
  // CHECK: loop-pragmas.c:[[@LINE+2]]:3: remark: SCoP rewritten
#pragma nounroll
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[i][j] = a[j][i] + 1.0f;
}
// The kept loop keeps its pragma.
// IR: define {{.*}} @blur(
// IR: !{!"llvm.loop.vectorize.width", i32 1}

#ifdef MAIN
#include <stdio.h>
int main(void) {
  enum { N = 37 };
  static float a[N][N], b[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = (float)(i * 7 - j * 3) / 5.0f;
  blur(N, b, a);
  transpose(N, a, b);
  scale(N, b, a);
  nounroll(N, a, b);
  scale(N, b, a);
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum = sum * 0.5 + b[i][j];
  printf("%.17g\n", sum);
  return 0;
}
#endif
