// An in-place (Gauss-Seidel) 2-D stencil: each point reads its west
// neighbour, just written, so a row runs at the latency of one chain of
// adds per point. The time band (t, t + i, t + j) is tiled on (t, t + i)
// with t + j left whole; that row carries the recurrence, so full tiles
// run several rows of t + i together along it (unroll-and-jam: the rows
// were one permutable band), several independent chains in flight.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: stencil-jam.c:[[@LINE+4]]:3: remark: SCoP rewritten: {{.*}}full tiles separated; {{[248]}} iterations of {{.*}} at a time along {{.*}} in full tiles (unroll-and-jam)
// RUN: rm -rf %t.dir && %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-export-dir=%t.dir -c %s -o /dev/null && FileCheck %s --check-prefix=SCHED < %t.dir/sweep.0.json
// SCHED: "new_schedule": "{{.*}}band 0..2 permutable tiles [{{[0-9]+}}, {{[0-9]+}}] points 2..4\nband 4..5 permutable jam {{[248]}}\n"
void sweep(int n, int steps, double (*g)[n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        g[i][j] = 0.2 * (g[i - 1][j] + g[i][j - 1] + g[i][j] + g[i][j + 1] + g[i + 1][j]);
}

// The program prints what -O0's prints, at grids and step counts with no
// full tile, a few, and remainders, with the schedule checker on, with
// and without threads:
// RUN: %clang -O0 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t 2>&1 | count 0
// RUN: %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -DMAIN -fopenmp -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t.omp 2>&1 | count 0
// RUN: env OMP_NUM_THREADS=2 %t.omp > %t.omp.out && diff %t.ref.out %t.omp.out
#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int sizes[][2] = {{3, 4}, {9, 30}, {40, 7}, {75, 41}, {130, 66}};
  for (int c = 0; c < 5; c++) {
    int n = sizes[c][0], steps = sizes[c][1];
    double (*g)[n] = malloc(sizeof(double) * n * n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        g[i][j] = (double)((i * 37 + j * 11) % 101) / 7.0;
    sweep(n, steps, g);
    double s = 0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        s = s * 0.999 + g[i][j];
    printf("n=%d steps=%d %a\n", n, steps, s);
    free(g);
  }
  return 0;
}
#endif
