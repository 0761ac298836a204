// A function whose nests Tessera only looks at keeps its analyses: when the
// nests already had their preheaders and LCSSA form and none is
// rewritten, the IR is the one the pass found, so it preserves everything
// (the dominator tree, loops and SCEV are not computed again by the passes
// after it), and it analyses the function once, not again after preparing.
// A nest that gains nothing whatever its dependences (one statement in one
// loop) is not even prepared: it keeps its analyses though a value is used
// after its loop. A nest that is planned needed LCSSA PHIs (a value used
// after its loop, whose PHI instcombine folded away) and was changed: its
// analyses are invalidated even when nothing is rewritten.
// RUN: %clang -O1 -Xclang -disable-llvm-passes -S -emit-llvm %s -o - | %opt -passes='mem2reg,loop-simplify,loop-rotate,instcombine' -S -o %t.ll
// RUN: %optt -passes='function(tessera)' -debug-pass-manager -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK-LABEL: Running pass: {{.*}}TesseraPass on scale
// CHECK-NOT: Invalidating analysis
// CHECK: Running pass: {{.*}}TesseraPass on scale_sum
void scale(int n, double *restrict a, const double *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = 2.0 * b[i];
}

// CHECK-NOT: Invalidating analysis
// CHECK: Running pass: {{.*}}TesseraPass on row_sums_last
double scale_sum(int n, double *restrict a, const double *restrict b) {
  double last = 0;
  for (int i = 0; i < n; i++) {
    a[i] = 2.0 * b[i];
    last = a[i];
  }
  return last;
}

// CHECK: Invalidating analysis: ScalarEvolutionAnalysis on row_sums_last
double row_sums_last(int n, int m, const double *restrict a, double *restrict r) {
  double last = 0;
  for (int i = 0; i < n; i++) {
    r[i] = 0;
    for (int j = 0; j < m; j++)
      r[i] += a[i * m + j];
    last = r[i];
  }
  return last;
}
