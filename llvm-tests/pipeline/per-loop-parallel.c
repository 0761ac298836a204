// Parallel marks per loop, not per schedule dimension: the two i loops of
// a row step share a dimension; the first carries the reduction into s,
// the second (distributed from it by a scalar dimension) carries nothing.
// A loop that holds only the second's statement is parallel and
// vectorizable, though the dimension as a whole is not.
// RUN: %clang -O1 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: %optt -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-schedule>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=SCHED
// RUN: %optt -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-ast>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=AST

// SCHED: dims: 0 loop, 1 scalar, 2 loop parallel-if-reduction, 3 scalar
// AST: for (t0 = 0; t0 <= n - 2; t0++) {
// AST: // parallel with reductions
// AST-NEXT: for (t2 = 0; t2 <= m - 1; t2++)
// AST-NEXT: S2(t0, t2);
// AST: // parallel, vectorizable
// AST-NEXT: for (t2 = 0; t2 <= m - 1; t2++)
// AST-NEXT: S5(t0, t2);

void rows_from_sums(int n, int m, double (*A)[m]) {
  for (int k = 1; k < n; k++) {
    double s = 0.0;
    for (int i = 0; i < m; i++)
      s += A[k - 1][i];
    for (int i = 0; i < m; i++)
      A[k][i] += 0.5 * s;
  }
}
