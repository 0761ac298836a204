// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A time loop around four nests, each behind the zero-trip guard -O3 puts
// before it (`if (m > 0)`, `if (n > 1)`, ...). Every guard splits the
// paths into "ran" and "skipped", and the blocks after it see both: the
// domains doubled per guard (16 paths after four) and the time loop was
// rejected ("too many paths"). The two sides of one guard are merged back
// (C and e >= 0, C and e <= -1: C), so the whole time loop is one SCoP
// (of four statements: the source value -O3 hoists out of the row loop is
// read from src again).
// CHECK: SCoP in 'yee': loop nest, 8 loop(s), 4 statement(s)
// CHECK-NOT: not a SCoP

// The same nest built for OpenMP: -O3 hoists the source value p = src[t]
// out of the row loop into a scalar written once per time step and read
// along the row, which kept every time step apart; it is read from src
// again (src is never written), and Pluto's schedule skews the fields into
// one band (t, t + j, t + i). That band ends in the stride-n row, but the
// tiler runs t + j innermost, so the skewed schedule is kept over the
// original order: (t, t + i) tiled and run by wavefronts, and t + j, the
// stride-1 row of a time band, left whole after a scalar row that gives
// each field its own row loop.
// RUN: rm -rf %t.dir
// RUN: %clang -O3 -fopenmp -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-export-dir=%t.dir -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=TILED < %t.dir/yee.0.json
// TILED: "new_schedule": "{{.*}}S2[i0, i1, i2] -> [floor((i0)/{{[0-9]+}}), floor((i0 + i1)/{{[0-9]+}}), i0, i0 + i1, 1, i0 + i2]
// TILED-SAME: band 0..2 permutable tiles [{{[0-9]+}}, {{[0-9]+}}] points 2..4 wavefront\nband 5..6 permutable
// TILED: "new_loops": "{{.*}}// wavefront

void yee(int n, int m, int steps, double (*ex)[m], double (*ey)[m], double (*hz)[m], const double *src) {
  for (int t = 0; t < steps; t++) {
    for (int j = 0; j < m; j++)
      ey[0][j] = src[t];
    for (int i = 1; i < n; i++)
      for (int j = 0; j < m; j++)
        ey[i][j] += 0.25 * (hz[i - 1][j] - hz[i][j]);
    for (int i = 0; i < n; i++)
      for (int j = 1; j < m; j++)
        ex[i][j] += 0.25 * (hz[i][j - 1] - hz[i][j]);
    for (int i = 0; i + 1 < n; i++)
      for (int j = 0; j + 1 < m; j++)
        hz[i][j] += 0.5 * (ex[i][j] - ex[i][j + 1] + ey[i][j] - ey[i + 1][j]);
  }
}
