// Tile sizes follow the cache sizes: -tessera-l1-cache-kib and
// -tessera-l2-cache-kib override what the host or the target says (the
// remark shows the sizes change), and the programs built with tiny and
// with default caches print what -O0's prints (many partial tiles with
// tiny ones, n not a multiple of any tile size).
//
// (The product is tiled by the general pipeline: -tessera-matmul=0; the BLIS
// path's remark is checked in llvm-tests/pipeline/matmul-blis.c.)
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -mllvm -tessera-l1-cache-kib=1 -mllvm -tessera-l2-cache-kib=4 -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TINY
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -mllvm -tessera-l1-cache-kib=32 -mllvm -tessera-l2-cache-kib=1024 -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: %clang -O0 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -mllvm -tessera-l1-cache-kib=1 -mllvm -tessera-l2-cache-kib=4 %s -o %t.tiny && %t.tiny > %t.tiny.out && diff %t.ref.out %t.tiny.out
// RUN: %clang -O3 -march=native -fopenmp -DMAIN -fpass-plugin=%tessera -mllvm -tessera-matmul=0 %s -o %t.native && env OMP_NUM_THREADS=2 %t.native > %t.native.out && diff %t.ref.out %t.native.out

void mm(int n, double A[n][n], double B[n][n], double C[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}

// With L2/L1 = 4 the outer tiles are 4 rows; with 1024/32, 32.
// TINY: remark: SCoP rewritten: {{.*}}; tiled i, j, k by 4x{{[0-9]+}}x4;
// LARGE: remark: SCoP rewritten: {{.*}}; tiled i, j, k by 32x{{[0-9]+}}x32;

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 77;
  double (*A)[n] = malloc(sizeof(double[n][n])), (*B)[n] = malloc(sizeof(double[n][n])), (*C)[n] = malloc(sizeof(double[n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (i * 5 + j) % 9 * 0.5;
      B[i][j] = (i + 2 * j) % 7 - 3;
      C[i][j] = 0;
    }
  mm(n, A, B, C);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += C[i][j] * (i + j + 1);
  printf("%a\n", s);
  return 0;
}
#endif
