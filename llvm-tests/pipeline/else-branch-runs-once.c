// A symmetric product's update in the reference-BLAS style: the row's
// scalar alpha * B[i][j] is computed again in the column loop
// (scop::remat), so the column statements run in loops marked for
// vectorization. The tile separation splits off `n2 <= 1`, where the
// column loop runs once: that branch's context now holds the negated
// condition, its loop runs at most once and is not marked, and
// LoopVectorize, which cannot vectorize one iteration, no longer warns
// "loop not vectorized" (an error under -Werror).
//
// The whole product also sums `temp2` along the column loop: each point
// of its (i, j) band is then a chain of floating-point adds, which tiles
// do not speed up (tile::try_tile): it is left as -O3 has it.
// RUN: %clang -O3 -Werror -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera %s -o %t && %t > %t.out && diff %t.ref.out %t.out

// CHECK: remark: SCoP not transformed: not profitable: the schedule keeps the original order
void symm_right_upper(int n1, int n2, double alpha, const double *A, int lda, const double *B, int ldb, double *C, int ldc) {
  for (int i = 0; i < n1; i++)
    for (int j = 0; j < n2; j++) {
      const double temp1 = alpha * B[ldb * i + j];
      double temp2 = 0.0;
      C[i * ldc + j] += temp1 * A[j * lda + j];
      for (int k = j + 1; k < n2; k++) {
        const double ajk = A[j * lda + k];
        C[i * ldc + k] += temp1 * ajk;
        temp2 += B[ldb * i + k] * ajk;
      }
      C[i * ldc + j] += alpha * temp2;
    }
}

// CHECK: remark: SCoP rewritten: {{.*}}tiled
void symm_right_upper_update(int n1, int n2, double alpha, const double *A, int lda, const double *B, int ldb, double *C, int ldc) {
  for (int i = 0; i < n1; i++)
    for (int j = 0; j < n2; j++) {
      const double temp1 = alpha * B[ldb * i + j];
      C[i * ldc + j] += temp1 * A[j * lda + j];
      for (int k = j + 1; k < n2; k++)
        C[i * ldc + k] += temp1 * A[j * lda + k];
    }
}

#ifdef MAIN
#include <stdio.h>
int main(void) {
  enum { N1 = 70, N2 = 90 };
  static double A[N2 * N2], B[N1 * N2], C[N1 * N2];
  for (int i = 0; i < N2 * N2; i++) A[i] = (i % 17) / 8.0 - 1.0;
  for (int i = 0; i < N1 * N2; i++) {
    B[i] = (i % 13) / 6.0 - 1.0;
    C[i] = (i % 7) / 3.0;
  }
  for (int n2 = 1; n2 <= N2; n2 += 89) {
    symm_right_upper(N1, n2, 1.5, A, N2, B, N2, C, N2);
    symm_right_upper_update(N1, n2, 0.5, A, N2, B, N2, C, N2);
    double s = 0;
    for (int i = 0; i < N1 * N2; i++) s += C[i] * (i % 5 + 1);
    printf("%d %a\n", n2, s);
  }
  return 0;
}
#endif
