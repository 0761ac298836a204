// Sizes at which a statement runs no iteration go to the original code
// when the rewritten nest runs behind a run-time check anyway (here the
// alias checks): the statement over columns 1 .. m - 1 needs m >= 2, the
// one over rows 1 .. n - 1 needs n >= 2, and the loop tree is built for
// those sizes only (plan/sizes.rs), with no copies of its loops for m = 1
// or n = 1.
// RUN: rm -rf %t.dir
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-export-dir=%t.dir -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.dir/sweep.0.json
// JSON: "assumptions": "[arg0, arg1, arg2] -> { : arg0 >= 2 and arg1 >= 2 }"
//
// The degenerate sizes run the original code, the others the new one, and
// every size prints what -O0 prints, with and without threads:
// RUN: %clang -O0 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -g -DMAIN -fpass-plugin=%tessera -mllvm -tessera-rtc-stats -mllvm -tessera-check-schedules %s -o %t
// RUN: %t > %t.out 2> %t.stats && diff %t.ref.out %t.out
// RUN: FileCheck %s < %t.stats
// CHECK: tessera-rtc-stats: sweep (running-sizes.c:[[@LINE+5]]): optimized 3, fallback 3
// RUN: %clang -O3 -DMAIN -fopenmp -fpass-plugin=%tessera %s -o %t.omp
// RUN: env OMP_NUM_THREADS=2 %t.omp > %t.omp.out && diff %t.ref.out %t.omp.out

__attribute__((noinline)) void sweep(int n, int m, int steps, double (*a)[m], double (*b)[m]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 1; j < m; j++)
        a[i][j] += 0.25 * b[i][j - 1] - 0.125 * a[i][j - 1];
    for (int i = 1; i < n; i++)
      for (int j = 0; j < m; j++)
        b[i][j] = 0.5 * (b[i][j] + a[i - 1][j]);
  }
}

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int sizes[][2] = {{1, 1}, {1, 9}, {9, 1}, {2, 2}, {9, 2}, {37, 21}, {0, 5}};
  for (int c = 0; c < 7; c++) {
    int n = sizes[c][0], m = sizes[c][1], cells = (n + 1) * m;
    double (*a)[m] = malloc(sizeof(double) * cells), (*b)[m] = malloc(sizeof(double) * cells);
    for (int k = 0; k < n * m; k++) {
      a[0][k] = (double)(k % 13) / 3.0;
      b[0][k] = (double)(k % 7) / 5.0;
    }
    sweep(n, m, 5, a, b);
    double s = 0;
    for (int k = 0; k < n * m; k++)
      s = s * 0.999 + a[0][k] + 2.0 * b[0][k];
    printf("n=%d m=%d %a\n", n, m, s);
    free(a);
    free(b);
  }
  return 0;
}
#endif
