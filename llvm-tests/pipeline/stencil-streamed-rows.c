// Time tiles of a 2-D Jacobi step pair (ping-pong between u and v). The
// scheduler skews the nest into one permutable band (t, 2t + i, 2t + i + j);
// the tiler tiles (t, 2t + i) only and leaves the stride-1 row whole, a
// band of its own after the tile's point loops (tile/sizes.rs,
// streamed_row): each point loop is one row of the grid. The second
// statement, fused at an offset of one row, reads the row the first wrote
// in the same iteration: a scalar row between them gives each its own row
// loop (tile/inner.rs), so the vectorized loop never loads back the vector
// it just stored.
// RUN: rm -rf %t.dir
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-export-dir=%t.dir -c %s -o /dev/null
// RUN: FileCheck %s < %t.dir/jacobi.0.json
// CHECK: "new_schedule": "{{.*}}S0[i0, i1, i2] -> [floor((i0)/{{[0-9]+}}), floor((2i0 + i1)/{{[0-9]+}}), i0, 2i0 + i1, 0, 2i0 + i1 + i2]
// CHECK-SAME: S1[i0, i1, i2] -> [floor((i0)/{{[0-9]+}}), floor((2i0 + i1 + 1)/{{[0-9]+}}), i0, 2i0 + i1 + 1, 1, 2i0 + i1 + i2 + 1]
// CHECK-SAME: dims: 0 loop, 1 loop, 2 loop, 3 loop, 4 scalar, 5 loop parallel\nband 0..2 permutable tiles [{{[0-9]+}}, {{[0-9]+}}] points 2..4\nband 5..6 permutable\n"
//
// The program prints what -O0's prints, at grids smaller than a tile, of
// a few tiles, and not a multiple of the tile sizes, with the schedule
// checker on, with and without threads:
// RUN: %clang -O0 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t 2>&1 | count 0
// RUN: %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -DMAIN -fopenmp -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t.omp 2>&1 | count 0
// RUN: env OMP_NUM_THREADS=2 %t.omp > %t.omp.out && diff %t.ref.out %t.omp.out

void jacobi(int n, int steps, double (*u)[n], double (*v)[n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i][j] = 0.2 * (u[i][j] + u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = 0.2 * (v[i][j] + v[i - 1][j] + v[i + 1][j] + v[i][j - 1] + v[i][j + 1]);
  }
}

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int sizes[][2] = {{3, 5}, {7, 40}, {50, 9}, {101, 37}, {130, 70}};
  for (int c = 0; c < 5; c++) {
    int n = sizes[c][0], steps = sizes[c][1];
    double (*u)[n] = malloc(sizeof(double) * n * n), (*v)[n] = malloc(sizeof(double) * n * n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        u[i][j] = (double)((i * 37 + j * 11) % 101) / 7.0;
        v[i][j] = (double)((i * 13 + j * 29) % 97) / 5.0;
      }
    jacobi(n, steps, u, v);
    double s = 0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        s = s * 0.999 + u[i][j] + 2.0 * v[i][j];
    printf("n=%d steps=%d %a\n", n, steps, s);
    free(u);
    free(v);
  }
  return 0;
}
#endif
