// When the original loop order is kept (no better schedule was found),
// its parallel loops are still marked: here the j loop of a triangular
// solve with many right-hand sides runs on OpenMP threads. The scalar
// accumulator of the k loop lives within one (i, j) point.
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: SCoP rewritten: {{[0-9]+}} loop(s), {{[1-9][0-9]*}} parallelizable ({{[1-9][0-9]*}} run by OpenMP threads)

void trisolve(int n, int m, double (*L)[n], double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      for (int k = 0; k < i; k++)
        B[i][j] -= L[i][k] * B[k][j];
      B[i][j] /= L[i][i];
    }
}
