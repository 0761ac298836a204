// -fsave-optimization-record keeps the facts of the rewrite (tiled: -tessera-matmul=0) as named
// arguments of the remark: counts, the tiled loops and their sizes, the
// loop order, the loops on threads and the vectorized loop.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O3 -g -fopenmp -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -fsave-optimization-record -foptimization-record-file=%t/mm.yaml -c %s -o %t/mm.o
// RUN: FileCheck %s < %t/mm.yaml

void mm(int n, double A[n][n], double B[n][n], double C[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}

// CHECK-LABEL: Name: Rewritten
// CHECK-NEXT: DebugLoc: { File: {{.*}}record.c, Line: 10, Column: 3 }
// CHECK-NEXT: Function: mm
// CHECK-NEXT: Args:
// CHECK-NEXT: - String: 'SCoP rewritten: '
// CHECK-NEXT: - Loops: '{{[1-9][0-9]*}}'
// CHECK:      - OpenMPLoops: '1'
// CHECK:      - AliasChecks: '2'
// CHECK:      - String: '; tiled '
// CHECK-NEXT: - TiledLoops: {{'?i, j, k'?}}
// CHECK-NEXT: - String: ' by '
// CHECK-NEXT: - TileSizes: {{[1-9][0-9]*x[1-9][0-9]*x[1-9][0-9]*}}
// CHECK:      - FullTiles: full tiles separated
// CHECK:      - Order: {{'?i, k, j'?}}
// CHECK:      - OpenMPLoop: tiles of i
// CHECK-NEXT: - String: ' on OpenMP threads'
// CHECK:      - VectorizedLoop: j
// CHECK-NEXT: - String: ' vectorized'
