// An in-place triangular solve keeps the running sum of B[i][j] in the cell
// while its k loop reads other rows of B. scop::delicm maps the sum back to
// the cell once those reads are proved never to be it (k < i), so the k
// loop can move outside the j loop: interchanged, j vectorized. A
// left-looking Cholesky's sums stay in the innermost loop whatever the
// schedule, where the new code would keep them in memory (LLVM cannot tell
// A[i][j] from A[i][k]; cost::profit::sum_left_in_memory): the driver plans
// it again with its sums in registers, as before the mapping, in the
// source order; its i loop is parallel around the k sums, so eight rows'
// sums advance together, each in its own register (ast::reduction_jam),
// and with -fopenmp the column loops also run on threads. Every sum keeps
// its order: the results are bit for bit -O3's, at any thread count.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OMP
// RUN: %clang -O3 -DMAIN %s -o %t.ref -lm && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera %s -o %t -lm && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera %s -o %t.omp -lm && env OMP_NUM_THREADS=2 %t.omp > %t.omp.out && diff %t.ref.out %t.omp.out
#include <math.h>

// CHECK: inplace-running-sum.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}} order line [[@LINE+2]], line [[@LINE+4]], line [[@LINE+3]] (interchanged){{.*}}line [[@LINE+3]] vectorized
void solve(int n, int m, double (*L)[n], double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      for (int k = 0; k < i; k++)
        B[i][j] -= L[i][k] * B[k][j];
      B[i][j] /= L[i][i];
    }
}

// CHECK: inplace-running-sum.c:[[@LINE+3]]:3: remark: SCoP rewritten: {{.*}}; 8 iterations of line [[@LINE+7]] at a time along line [[@LINE+8]], each with its own running values (unroll-and-jam)
// OMP: inplace-running-sum.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}; 8 iterations of line [[@LINE+6]] at a time along line [[@LINE+7]], each with its own running values (unroll-and-jam); {{.*}} on OpenMP threads
void cholesky(int n, double (*A)[n]) {
  for (int j = 0; j < n; j++) {
    for (int k = 0; k < j; k++)
      A[j][j] -= A[j][k] * A[j][k];
    A[j][j] = sqrt(A[j][j]);
    for (int i = j + 1; i < n; i++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
  }
}

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  enum { N = 150, M = 170 };
  static double L[N][N], B[N][M], A[N][N];
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++) {
      L[i][k] = i == k ? 3.0 : (double)((i * 5 + k * 3) % 17) / 50.0;
      A[i][k] = i == k ? N + 1.0 : (double)((i + k) % 7) / 10.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      B[i][j] = (double)((i * 11 + j) % 13) - 6.0;
  solve(N, M, L, B);
  cholesky(N, A);
  double s = 0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      s = s * 0.5 + B[i][j];
    for (int j = 0; j <= i; j++)
      s = s * 0.5 + A[i][j];
  }
  printf("%a\n", s);
  return 0;
}
#endif
