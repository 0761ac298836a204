// Triangular products in the reference-BLAS style (B := B * op(A), each
// cell a sum over the row of A): every point of the (i, j) band is a
// chain of floating-point adds, whose pace is the adds' latency, so the
// band is not tiled (tiled at 32 x 1224 it ran 1.0-1.1x slower than -O3
// at n = 800); the j loop is jammed around the chains instead. Each row's
// sum runs over k > j (or k < j): its range moves with the row, so the
// eight rows run together over the values they share and under guards
// where only some run (ast::reduction_jam). The row's first term, needed
// on both sides of the split of its sum's first iteration, stands before
// the guard (ast::hoist). The results are bit for bit -O3's, at any
// thread count.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t.omp && env OMP_NUM_THREADS=1 %t.omp > %t.omp1.out && diff %t.ref.out %t.omp1.out && env OMP_NUM_THREADS=2 %t.omp > %t.omp2.out && diff %t.ref.out %t.omp2.out

// CHECK-NOT: tiled
// CHECK: jam-triangle-rows.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}8 iterations of line [[@LINE+3]] at a time along line [[@LINE+5]], each with its own running values (unroll-and-jam)
void upper_in_place(int n1, int n2, const double *A, int lda, double *B, int ldb) {
  for (int i = 0; i < n1; i++)
    for (int j = 0; j < n2; j++) {
      double temp = A[j * lda + j] * B[i * ldb + j];
      for (int k = j + 1; k < n2; k++)
        temp += A[lda * j + k] * B[i * ldb + k];
      B[ldb * i + j] = temp;
    }
}

// CHECK-NOT: tiled
// CHECK: jam-triangle-rows.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}8 iterations of line [[@LINE+3]] at a time along line [[@LINE+5]], each with its own running values (unroll-and-jam)
void lower_in_place(int n1, int n2, const double *A, int lda, double *B, int ldb) {
  for (int i = 0; i < n1; i++)
    for (int j = n2 - 1; j >= 0; j--) {
      double temp = 0.0;
      for (int k = 0; k < j; k++)
        temp += A[lda * j + k] * B[i * ldb + k];
      temp += A[j * lda + j] * B[i * ldb + j];
      B[ldb * i + j] = temp;
    }
}

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  enum { N = 45 };
  static double A[N * N], B[N * N];
  for (int i = 0; i < N * N; i++) A[i] = ((i * 7) % 13) / 13.0 - 0.3;
  // Sizes below, at and past the eight rows of a group, and not multiples.
  int sizes[][2] = {{1, 1}, {3, 7}, {2, 8}, {5, 9}, {4, 17}, {N, N}};
  for (int s = 0; s < 6; s++)
    for (int v = 0; v < 2; v++) {
      int n1 = sizes[s][0], n2 = sizes[s][1];
      for (int i = 0; i < N * N; i++) B[i] = ((i * 5) % 11) / 11.0;
      if (v == 0)
        upper_in_place(n1, n2, A, N, B, N);
      else
        lower_in_place(n1, n2, A, N, B, N);
      for (int i = 0; i < n1; i++)
        for (int j = 0; j < n2; j++) printf("%d %d %d %d %a\n", s, v, i, j, B[i * N + j]);
    }
  return 0;
}
#endif
