// The -Rpass=tessera remark on a rewritten (tiled: -tessera-matmul=0) SCoP says what was done to its
// loops, in the source's names: the tiled loops with their tile sizes,
// the new loop order, the loop run on OpenMP threads and the vectorized
// loop. With -g the loops are named by their counters; without debug
// variables (plain -Rpass), by the line each loop starts on.
//
// RUN: %clang -O3 -g -fopenmp -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMES
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINES

void mm(int n, double A[n][n], double B[n][n], double C[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}

// NAMES: what-was-done.c:11:3: remark: SCoP rewritten: {{.*}} alias check(s); tiled i, j, k by {{[1-9][0-9]*x[1-9][0-9]*x[1-9][0-9]*}}; full tiles separated; order i, k, j (interchanged); tiles of i on OpenMP threads; j vectorized [-Rpass=tessera]
// LINES: what-was-done.c:11:3: remark: SCoP rewritten: {{.*}}; tiled line 11, line 12, line 13 by {{[0-9x]+}}; full tiles separated; order line 11, line 13, line 12 (interchanged); line 12 vectorized [-Rpass=tessera]
