// Distribution for tiling: the column loop j of one step k of Gram-Schmidt
// (k a parameter, p here). Pluto fuses
// R's initialisation (S0), R's reduction over i (S1) and A's update (S2) in
// j, with the i loops one after the other inside: two one-row bands,
// nothing to tile, and the i loops walk down columns. The scalar row is
// moved out: one nest per statement, each with the band (j, i). With j
// innermost (unit stride) every access walks its array in order and the
// reuse left (a row of T, a column of U one element per row) is near, so
// the band is interchanged, not tiled (tile::reuse::tiling_pays judged in
// the order the points run).
// RUN: %clang -O1 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: %optt -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-schedule>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=SCHED
// RUN: %optt -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-ast>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=AST
// RUN: %optt -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),tessera)' -verify-each -S %t.ll -o /dev/null

// SCHED: tessera: SCoP in 'gram_step' (3 statement(s)):
// SCHED-NEXT: S0[i0] -> [0, 0, 0, i0, 0] }
// SCHED-NEXT: S1[i0, i1] -> [0, [[S1:[0-9]+]], i1, i0, 0] }
// SCHED-NEXT: S2[i0, i1] -> [0, [[S2:[0-9]+]], i1, i0, 0] }
// SCHED-NEXT: dims: 0 scalar, 1 scalar, 2 loop parallel-if-reduction, 3 loop parallel, 4 scalar
// SCHED-NEXT: band 2..4 permutable

// Three nests; in each the innermost loop runs along j.
// AST: S0(t3);
// AST: // parallel with reductions
// AST-NEXT: for (t2 = {{.*}})
// AST-NEXT: // parallel, vectorizable
// AST-NEXT: for (t3 = {{.*}})
// AST-NEXT: S1(t3, t2);
// AST: // parallel
// AST-NEXT: for (t2 = {{.*}})
// AST-NEXT: // parallel, vectorizable
// AST-NEXT: for (t3 = {{.*}})
// AST-NEXT: S2(t3, t2);

void gram_step(int p, int rows, int cols, double (*V)[cols], double (*U)[cols], double (*T)[cols]) {
  for (int c = p + 1; c < cols; c++) {
    T[p][c] = 0.0;
    for (int r = 0; r < rows; r++)
      T[p][c] += U[r][p] * V[r][c];
    for (int r = 0; r < rows; r++)
      V[r][c] -= U[r][p] * T[p][c];
  }
}
