// A left-looking Cholesky update, A[i][j] -= A[i][k] * A[j][k] along k:
// the sum's cell does not move with k, but the loop reads other cells of
// the same array, which LLVM cannot tell from it, so -O3 (and a plain
// rewrite) stores the sum and reloads A[j][k] on every iteration. The
// dependences tell the cells apart: each jammed row's cell is loaded
// before the k loop, kept in a register, and stored after it
// (plan::promote, codegen::cells). The k loop of the rewritten code then
// stores nothing. Where another access of the loop may touch the cell
// in the same run of the loop (`reads_own_row`), it stays in memory. The results
// are bit for bit -O3's, at any thread count.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -O3 -DMAIN %s -o %t.ref -lm && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t -lm && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t.omp -lm && env OMP_NUM_THREADS=1 %t.omp > %t.omp1.out && diff %t.ref.out %t.omp1.out && env OMP_NUM_THREADS=2 %t.omp > %t.omp2.out && diff %t.ref.out %t.omp2.out

#include <math.h>

// CHECK: sums-in-registers.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}(unroll-and-jam){{.*}}cells of {{.*}} kept in registers along inner loops
void cholesky(int n, double A[n][n]) {
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

// The jammed rows' inner loop: its eight sums, now in registers, are
// one vector of eight independent chains (LLVM's SLP vectorizer; each
// lane adds its terms in order), and nothing is stored before the loop's
// branch back.
// IR-LABEL: define {{.*}}@cholesky(
// IR: call <8 x double> @llvm.fmuladd.v8f64
// IR-NOT: store
// IR: br i1 %{{[0-9]+}}, label %{{[0-9]+}}, label %{{[0-9]+}}

// Row sums y[i] along j, and a second statement reading y[j]: for j > i
// a cell of a later row (the dependence is carried by i, outside the j
// loop), so y[i] stays in a register; for j <= i the row's own cell at
// j = i, in the same run of the j loop, so it stays in memory.
// CHECK: sums-in-registers.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}cells of {{.*}} kept in registers along inner loops
void reads_later_rows(int n, double A[n][n], const double *x, double *y, double *z) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      y[i] += A[i][j] * x[j];
      if (j > i)
        z[j] += y[j];
    }
}

// CHECK: sums-in-registers.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{[^;]*}} [-Rpass=tessera]
void reads_own_row(int n, double A[n][n], const double *x, double *y, double *z) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      y[i] += A[i][j] * x[j];
      if (j <= i)
        z[j] += y[j];
    }
}

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  enum { N = 37 };
  static double A[N][N];
  // Sizes below, at and past the eight rows of a group, and not multiples.
  int sizes[] = {1, 2, 7, 8, 9, 17, N};
  for (int s = 0; s < 7; s++) {
    int n = sizes[s];
    double (*M)[n] = malloc(sizeof(double) * n * n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j <= i; j++) M[i][j] = M[j][i] = ((i * 7 + j * 3) % 11) / 11.0 + (i == j ? n : 0);
    cholesky(n, M);
    for (int i = 0; i < n; i++)
      for (int j = 0; j <= i; j++) printf("%d %d %d %a\n", n, i, j, M[i][j]);
    free(M);
  }
  static double x[N], y[N], z[N];
  for (int v = 0; v < 2; v++) {
    for (int i = 0; i < N; i++) {
      x[i] = i * 0.25 + 1, y[i] = i % 3, z[i] = 0.5 * i;
      for (int j = 0; j < N; j++) A[i][j] = ((i * 7 + j) % 11) / 11.0;
    }
    if (v == 0)
      reads_later_rows(N, A, x, y, z);
    else
      reads_own_row(N, A, x, y, z);
    for (int i = 0; i < N; i++) printf("%d %d %a %a\n", v, i, y[i], z[i]);
  }
  return 0;
}
#endif
