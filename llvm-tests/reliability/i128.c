// 128-bit loop counters and subscripts (__int128): Tessera either models
// them or leaves the loops alone with a remark; it must never leave broken
// IR behind. The programs print what clang -O0 prints (sequentially and on
// two OpenMP threads), no internal error is reported, and the IR verifies
// after every pass of -O3 with the plugin (parallel code generation on).
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass-analysis=tessera %s -o %t 2>%t.remarks
// RUN: FileCheck %s --check-prefix=REMARK --implicit-check-not=warning: < %t.remarks
// RUN: %t | FileCheck %s
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera %s -o %t.omp 2>&1 | FileCheck %s --allow-empty --check-prefix=NOWARN
// RUN: env OMP_NUM_THREADS=2 %t.omp | FileCheck %s
// RUN: %clang -O3 -Xclang -disable-llvm-passes -emit-llvm -c %s -o %t.bc
// RUN: %optt -passes='default<O3>' -verify-each -tessera-parallel=1 -disable-output %t.bc

// Values printed by the program built with clang -O0:
// CHECK: counter 1542.5
// CHECK-NEXT: nest 1581.5
// CHECK-NEXT: big 1891.5
// CHECK-NEXT: subscript 40217.5
// NOWARN-NOT: warning

#include <stdio.h>
#include <stdlib.h>

// REMARK-DAG: i128.c:[[@LINE+2]]:3: remark: loop {{is in a SCoP|not in a SCoP}}
__attribute__((noinline)) void i128_counter(int n, double *A) {
  for (__int128 i = 0; i < n; i++)
    A[i] = (double)i * 0.5;
}

// REMARK-DAG: i128.c:[[@LINE+2]]:3: remark: loop {{is in a SCoP|not in a SCoP}}
__attribute__((noinline)) void i128_nest(long n, double *A) {
  for (__int128 i = 0; i < n; i++)
    for (__int128 j = 0; j < n; j++)
      A[(long)(i * n + j)] += (double)(i - j);
}

// The counter starts at 2^100.
// REMARK-DAG: i128.c:[[@LINE+3]]:3: remark: loop {{is in a SCoP|not in a SCoP}}
__attribute__((noinline)) void i128_big(long n, double *A) {
  __int128 base = (__int128)1 << 100;
  for (__int128 i = base; i < base + n; i++)
    A[(long)(i - base)] += 2.0;
}

// 64-bit counters, subscripts computed in 128 bits.
// REMARK-DAG: i128.c:[[@LINE+2]]:3: remark: loop {{is in a SCoP|not in a SCoP}}
__attribute__((noinline)) void i128_subscript(long n, double *A, const double *B) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      A[(__int128)i * n + j] += B[(__int128)j * n + i];
}

static double sum(const double *A, long len) {
  double s = 0;
  for (long i = 0; i < len; i++)
    s += A[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 40;
  if (n < 1 || n > 1000)
    n = 40;
  double *A = calloc(n * n, sizeof(double)), *B = calloc(n * n, sizeof(double));
  if (!A || !B)
    return 1;
  for (long i = 0; i < n * n; i++)
    B[i] = (double)(i % 13);
  i128_counter((int)n, A);
  printf("counter %.17g\n", sum(A, n * n));
  i128_nest(n, A);
  printf("nest %.17g\n", sum(A, n * n));
  i128_big(n, A);
  printf("big %.17g\n", sum(A, n * n));
  i128_subscript(n, A, B);
  printf("subscript %.17g\n", sum(A, n * n));
  free(A);
  free(B);
  return 0;
}
