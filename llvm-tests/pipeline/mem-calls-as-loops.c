// Loops LLVM's loop-idiom pass turned into llvm.memset / llvm.memcpy calls
// inside a nest (a product zeroing each row of C, a stencil copying its
// grid back, sizes as compile-time constants over global arrays) used to
// keep the whole nest out of the model ("unsupported call"). They are put
// back as loops (scop::mem_calls) and the nests are rewritten; a nest that
// then gains nothing gets its original body back, calls included; a nest
// of copies alone (no access gives the element width) is left alone, with
// a hint. The
// results are bit for bit -O3's, at any thread count.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t.omp && env OMP_NUM_THREADS=2 %t.omp > %t.omp.out && diff %t.ref.out %t.omp.out
#include <stdio.h>
#define N 600
#define T 20
double A[N][N], B[N][N], C[N][N], U[N][N], V[N][N], W[N][N], X[N][N];
int M[N][N], S[N][N];

// CHECK: mem-calls-as-loops.c:[[@LINE+2]]:3: remark: SCoP rewritten: 6 loop(s)
__attribute__((noinline)) void product(void) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      C[i][j] = 0;
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
  }
}

// CHECK: mem-calls-as-loops.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}; tiled line [[@LINE+2]]
__attribute__((noinline)) void relax(void) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        V[i][j] = 0.2 * (U[i][j] + U[i][j - 1] + U[i][j + 1] + U[i - 1][j] + U[i + 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        U[i][j] = V[i][j];
  }
}

// A data-dependent condition keeps the nest out of the model once the fill
// is a loop again: the original body comes back, the fill a call.
// CHECK: mem-calls-as-loops.c:[[@LINE+4]]:3: remark: loop not optimized: data-dependent
// IR-LABEL: define {{.*}}void @marks(
// IR: call void @llvm.memset{{.*}}i8 -1
__attribute__((noinline)) void marks(void) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      M[i][j] = -1;
    for (int j = 0; j < N; j++)
      if (S[i][j] > 0)
        M[i][j] = S[i][j] + (i > 0 ? M[i - 1][j] : 0);
  }
}

// Only copies: no access says how wide the elements are; left alone.
// CHECK: mem-calls-as-loops.c:[[@LINE+4]]:3: remark: loop not optimized: unsupported call: 'llvm.memcpy{{.*}}; LLVM made this copy or fill of a loop; Tessera puts such calls back as loops only when
// IR-LABEL: define {{.*}}void @copy_only(
// IR: call void @llvm.memcpy
__attribute__((noinline)) void copy_only(void) {
  for (int t = 0; t < T; t++)
    for (int i = 0; i < N; i++)
      for (int j = 1; j < N - 1; j++)
        W[i][j] = X[(i + t) % N][j];
}

#ifdef MAIN
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((i * 7 + j * 3) % 13) / 13.0;
      B[i][j] = ((i * 5 + j * 11) % 17) / 17.0 - 0.5;
      C[i][j] = 99;
      U[i][j] = V[i][j] = ((i * 3 + j) % 10) / 10.0;
      W[i][j] = 0;
      X[i][j] = (i + 2.0 * j) / 3.0;
      S[i][j] = (i * 13 + j * 7) % 5 - 2;
    }
  product();
  relax();
  marks();
  copy_only();
  double x = 0, y = 0, z = 0, s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      x = x * 0.5 + C[i][j];
      y = y * 0.5 + U[i][j];
      z = z * 0.5 + W[i][j];
      s = s * 0.5 + M[i][j];
    }
  printf("%a %a %a %a\n", x, y, z, s);
  return 0;
}
#endif
