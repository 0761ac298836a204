// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// After -O3, the row offset k*w of the second inner loop is a PHI that
// partial redundancy elimination made: 0 on the path where k == 0 (the
// first inner loop does not run), k*w computed on the other. SCEV sees an
// opaque PHI; detection reads it as k*w, which is also 0 when k == 0, and
// the whole nest is one SCoP.

void forward_rows(int m, int w, const double *T, double *Y) {
  // CHECK: merged-phi.c:[[@LINE+1]]:3: remark: loop is in a SCoP (4 loop(s), 2 statement(s))
  for (int k = 0; k < m; k++) {
    for (int p = 0; p < k; p++)
      for (int q = 0; q < w; q++)
        Y[k * w + q] -= T[k * m + p] * Y[p * w + q];
    for (int q = 0; q < w; q++)
      Y[k * w + q] = Y[k * w + q] * T[k * m + k];
  }
}
