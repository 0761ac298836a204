// Nests that cannot gain without -fopenmp are turned down before any
// dependence analysis (cost::profit::lone_statement): one statement
// touches arrays, and its innermost loop walks each array in order while
// no outer loop comes back to an element. Reuse across an outer loop or
// a strided innermost loop still goes through the whole pipeline, and
// with -fopenmp the rule does not apply (the outer loop may run on
// threads).
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OMP
// The answers are -O3's, with and without -fopenmp.
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera %s -o %t && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera %s -o %t.omp && env OMP_NUM_THREADS=2 %t.omp > %t.omp.out && diff %t.ref.out %t.omp.out

// A maximum search over a matrix: the running maximum and its row are
// scalars moved by the outer loop's own statements.
// CHECK: nothing-to-gain.c:[[@LINE+4]]:3: remark: SCoP not transformed: not profitable: nothing to gain without -fopenmp: one statement touches arrays
// OMP-NOT: nothing-to-gain.c:[[@LINE+3]]:3: remark: SCoP not transformed: not profitable: nothing to gain
long largest(long m, long n, long ld, const long *a) {
  long best = a[0];
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++)
      best = a[i * ld + j] > best ? a[i * ld + j] : best;
  return best;
}

// Every element scaled once, in order.
// CHECK: nothing-to-gain.c:[[@LINE+2]]:3: remark: SCoP not transformed: not profitable: nothing to gain without -fopenmp
void scale(int n, double s, double a[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] *= s;
}

// x[j] comes back for every i: reuse for tiles to catch.
// CHECK-NOT: nothing-to-gain.c:[[@LINE+2]]:3: remark: SCoP not transformed: not profitable: nothing to gain
void rank1(int n, double a[n][n], const double *x, const double *y) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] += y[i] * x[j];
}

// The innermost loop walks b down a column: a stride to improve.
// CHECK-NOT: nothing-to-gain.c:[[@LINE+2]]:3: remark: SCoP not transformed: not profitable: nothing to gain
void transpose(int n, double b[n][n], double a[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[j][i] = a[i][j];
}

#ifdef MAIN
#include <stdio.h>
int main(void) {
  enum { N = 300 };
  static long m[N * N];
  static double a[N][N], b[N][N], x[N], y[N];
  for (int i = 0; i < N * N; i++)
    m[i] = (i * 7919L) % 100003;
  for (int i = 0; i < N; i++) {
    x[i] = i * 0.5, y[i] = 1.0 / (i + 1);
    for (int j = 0; j < N; j++)
      a[i][j] = (i * 3 + j) % 17 - 8;
  }
  scale(N, 0.75, a);
  rank1(N, a, x, y);
  transpose(N, b, a);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s = s * 0.5 + b[i][j];
  printf("%ld %a\n", largest(N, N - 1, N, m), s);
  return 0;
}
#endif
