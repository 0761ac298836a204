// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// A reversed outer loop whose inner loop runs only while r > 0: -O3
// unswitches that test and peels the last iteration (r == 0) into a loop
// of its own, which leaves the outer loop un-rotated at the vectorizer's
// extension point. Tessera rotates it first (as LLVM does right after),
// and the nest is one SCoP.

void upper_apply(int p, int q, double s, double (*U)[p], double (*V)[q]) {
  // CHECK: unrotated.c:[[@LINE+1]]:3: remark: loop is in a SCoP (3 loop(s), 4 statement(s))
  for (int r = p - 1; r >= 0; r--)
    for (int c = 0; c < q; c++) {
      for (int t = 0; t < r; t++)
        V[r][c] += U[r][t] * V[t][c];
      V[r][c] *= s;
    }
}
