// The same source and flags give the same object file, byte for byte, on
// every compilation (reproducible builds and build caches depend on it):
// no wall-clock limit and no per-process hash seed may change what Tessera
// emits. Two nests with alias checks, OpenMP workers and tiling, compiled
// three times; the remark shows the nests were rewritten.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -Rpass=tessera -c %s -o %t/a.o 2>&1 | FileCheck %s
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -c %s -o %t/b.o
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -c %s -o %t/c.o
// RUN: cmp %t/a.o %t/b.o
// RUN: cmp %t/a.o %t/c.o

void mm(int n, double *A, double *B, double *C, double *D) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * B[k * n + j];
  for (int t = 0; t < n; t++)
    for (int i = 1; i < n - 1; i++)
      D[i] = (C[i - 1] + C[i] + C[i + 1]) / 3.0 + D[i];
}

// CHECK: remark: SCoP rewritten: {{.*}}alias check
