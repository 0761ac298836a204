// Rows jammed around their sums when their epilogues chain from row to
// row: y[i] reads y[i - 1] (under a condition, in a statement of its own),
// so a jam item by item (every row's boundary term, then every row's
// result) would read rows not yet written. The runs of statements beside
// the inner loop then run whole, row after row (Schedule::run_start,
// DimInfo::jammable_in_runs_for), and the rows' sums still advance
// together. A running maximum passed from row to row in a scalar keeps its
// rows apart. The results are bit for bit -O3's, at any thread count.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// (-funroll-loops: at -O1 clang marks every loop not to be unrolled, and such
// a nest is not jammed.)
// RUN: %clang -O1 -funroll-loops -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: %optt -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-ast>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=AST
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t.omp && env OMP_NUM_THREADS=2 %t.omp > %t.omp.out && diff %t.ref.out %t.omp.out

// CHECK: jam-chained-epilogue.c:[[@LINE+16]]:3: remark: SCoP rewritten: {{.*}}8 iterations of line [[@LINE+16]] at a time along line [[@LINE+18]], each with its own running values (unroll-and-jam)
// AST-LABEL: SCoP in 'forward'
// AST: 8 rows at a time
// AST: for (t2 = 0; t2 <= m - 1; t2++) {
// AST: S2(8*t0 + 7, t2);
// AST-NEXT: }
// The epilogue of row 8*t0 whole (its boundary term, then its result)
// before that of row 8*t0 + 1.
// (What both sides of the guard run stands outside it: ast::hoist.)
// AST-NEXT: S3(8*t0);
// AST-NEXT: S4(8*t0);
// AST-NEXT: if (8*t0 >= 1) {
// AST-NEXT: S5(8*t0);
// AST: S7(8*t0);
// AST-NEXT: S3(8*t0 + 1);
void forward(int n, int m, double (*restrict A)[m], const double *restrict x, double *restrict w, double *restrict y) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++)
      s += A[i][j] * x[j];
    if (i >= 1)
      w[i] = 0.25 * y[i - 1] - 0.5;
    else
      w[i] = 1.0;
    y[i] = s * w[i] + y[i];
  }
}

// CHECK-NOT: remark: SCoP rewritten: {{.*}}iterations of line [[@LINE+4]]
// CHECK: jam-chained-epilogue.c:[[@LINE+3]]:3: remark: SCoP not transformed
double running_max(int n, int m, double (*restrict A)[m], const double *restrict x, double *restrict y) {
  double best = -1e300;
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++)
      s += A[i][j] * x[j];
    if (s > best)
      best = s;
    y[i] = s - best;
  }
  return best;
}

#ifdef MAIN
#include <stdio.h>
static double A[77][61], x[61], y[77], w[77];

int main(void) {
  int sizes[][2] = {{1, 1}, {8, 8}, {9, 5}, {23, 61}, {77, 40}};
  for (int k = 0; k < 5; k++) {
    int n = sizes[k][0], m = sizes[k][1];
    for (int i = 0; i < n; i++) {
      y[i] = (i % 5) * 0.125;
      for (int j = 0; j < m; j++)
        A[i][j] = ((i * 13 + j * 7) % 23) / 23.0 - 0.4;
    }
    for (int j = 0; j < m; j++)
      x[j] = (j % 9) * 0.3 - 1.1;
    forward(n, m, (double (*)[m])A, x, w, y);
    double h = 0;
    for (int i = 0; i < n; i++)
      h = h * 0.5 + y[i] + w[i];
    double best = running_max(n, m, (double (*)[m])A, x, y);
    for (int i = 0; i < n; i++)
      h = h * 0.5 + y[i];
    printf("%d %d %a %a\n", n, m, h, best);
  }
  return 0;
}
#endif
