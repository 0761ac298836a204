// A cell written along a loop with values that do not run on is no
// accumulator: the rewrite's alias checks free nothing there, and a nest
// that keeps its source order is not rewritten for it. Here the time
// loop's row of pulse stores (its 20 columns unrolled by LLVM into 20
// stores under t) left an FDTD-like nest rewritten in its own order (the
// bench's fdtd2d at N = 16 over 20000 steps, so rewritten, ran 1.7x slower
// than -O3). With -tessera-rewrite-all
// it is rewritten anyway; both outputs must equal plain -O3's.
// The remark is checked without the module's polyhedral work limit
// (cost::work), which this file's size would reach first.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-work-per-instruction=0 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -fpass-plugin=%tessera %s -o %t && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all %s -o %t.all && %t.all > %t.all.out && diff %t.ref.out %t.all.out

#include <stdio.h>

#define N 16
#define T 2000
double ex[N][N + 4], ey[N][N + 4], hz[N][N + 4], pulse[T];

// CHECK: write-only-cell.c:[[@LINE+2]]:3: remark: SCoP not transformed: not profitable: the schedule keeps the original order
__attribute__((noinline)) void yee(double (*ex)[N + 4], double (*ey)[N + 4], double (*hz)[N + 4], const double *pulse) {
  for (int t = 0; t < T; t++) {
    for (int j = 0; j < N + 4; j++)
      ey[0][j] = pulse[t];
    for (int i = 1; i < N; i++)
      for (int j = 0; j < N + 4; j++)
        ey[i][j] -= 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < N; i++)
      for (int j = 1; j < N + 4; j++)
        ex[i][j] -= 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < N - 1; i++)
      for (int j = 0; j < N + 3; j++)
        hz[i][j] -= 0.6 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}
int main(void) {
  for (int t = 0; t < T; t++) pulse[t] = (double)(t % 97) / 97.0;
  for (int i = 0; i < N; i++) for (int j = 0; j < N + 4; j++) { ex[i][j] = (i * 3 + j) % 7 / 7.0; ey[i][j] = (i + 2 * j) % 5 / 5.0; hz[i][j] = (i * j) % 11 / 11.0; }
  yee(ex, ey, hz, pulse);
  double s = 0; for (int i = 0; i < N; i++) for (int j = 0; j < N + 4; j++) s += ex[i][j] + 2 * ey[i][j] + 3 * hz[i][j];
  printf("%a\n", s);
}
