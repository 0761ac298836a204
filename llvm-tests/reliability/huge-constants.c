// Loop bounds and subscripts with 64-bit constants near INT64_MAX and
// INT64_MIN, as literals and as run-time parameters, and a stride of 2^40:
// every loop gets a remark (in a SCoP or why not), nothing overflows inside
// Tessera (no internal error), the program prints what clang -O0 prints,
// and the IR verifies after every pass of -O3 with the plugin.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-analysis=tessera %s -o %t 2>%t.remarks
// RUN: FileCheck %s --check-prefix=REMARK --implicit-check-not=warning: < %t.remarks
// RUN: %t | FileCheck %s
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera %s -o %t.omp 2>&1 | FileCheck %s --allow-empty --check-prefix=NOWARN
// RUN: env OMP_NUM_THREADS=2 %t.omp | FileCheck %s
// RUN: %clang -O3 -Xclang -disable-llvm-passes -emit-llvm -c %s -o %t.bc
// RUN: %optt -passes='default<O3>' -verify-each -tessera-parallel=1 -disable-output %t.bc

// CHECK: 3440791
// NOWARN-NOT: warning

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG (INT64_MAX - 100)

// REMARK-DAG: huge-constants.c:[[@LINE+2]]:3: remark: loop {{is in a SCoP|not in a SCoP}}
__attribute__((noinline)) void near_max(long n, double *A) {
  for (long i = BIG; i < BIG + n; i++)
    A[i - BIG] = (double)(i - BIG) * 2.0;
}

// REMARK-DAG: huge-constants.c:[[@LINE+2]]:3: remark: loop {{is in a SCoP|not in a SCoP}}
__attribute__((noinline)) void near_min(long n, double *A) {
  for (long i = INT64_MIN; i < INT64_MIN + n; i++)
    A[i - INT64_MIN] += 1.0;
}

// m is INT64_MAX - 60 and INT64_MAX - n at run time: j runs up to INT64_MAX - 1.
// REMARK-DAG: huge-constants.c:[[@LINE+2]]:3: remark: loop {{is in a SCoP|not in a SCoP}}
__attribute__((noinline)) void big_param(long n, long m, double *A) {
  for (long i = 0; i < n; i++)
    for (long j = m; j < m + n; j++)
      A[i * n + (j - m)] += (double)(i + 2 * (j - m));
}

// m is INT64_MIN and INT64_MIN + 7 at run time.
// REMARK-DAG: huge-constants.c:[[@LINE+2]]:3: remark: loop {{is in a SCoP|not in a SCoP}}
__attribute__((noinline)) void big_neg_param(long n, long m, double *A) {
  for (long i = m; i < m + n; i++)
    for (long j = 0; j < n; j++)
      A[(i - m) * n + j] += (double)(3 * (i - m) + j);
}

// A stride of 2^40 elements (called with n = 1: the loop runs once).
// REMARK-DAG: huge-constants.c:[[@LINE+2]]:3: remark: loop {{is in a SCoP|not in a SCoP}}
__attribute__((noinline)) void big_stride(long n, double *A) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < 4; j++)
      A[i * 1099511627776L + j] += 1.0;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 50;
  if (n < 0 || n > 50)
    n = 50;
  static double A[2500];
  near_max(n, A);
  near_min(n, A);
  big_param(n, INT64_MAX - 60, A);
  big_param(n, INT64_MAX - n, A);
  big_neg_param(n, INT64_MIN, A);
  big_neg_param(n, INT64_MIN + 7, A);
  big_stride(1, A);
  double s = 0;
  for (int i = 0; i < 2500; i++)
    s += A[i] * (i % 7 + 1);
  printf("%.17g\n", s);
  return 0;
}
