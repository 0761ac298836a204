// An internal error inside Tessera is a warning naming the function, never a
// crash: the program still compiles and runs correctly. The error is raised
// after the function was rewritten: its original body is put back.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-force-internal-error %s -o %t 2>&1 | FileCheck %s
// RUN: %t | FileCheck %s --check-prefix=OUT
// RUN: %optt -passes='function(tessera)' -tessera-force-internal-error -verify-each -S %S/../pipeline/printers.ll -o %t.ll 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: FileCheck %s --check-prefix=ORIG < %t.ll
// With -fopenmp the failed attempt had outlined a parallel worker: it goes
// with the rewritten body.
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-force-internal-error -S -emit-llvm %s -o - 2>%t.omp.err | FileCheck %s --check-prefix=OMP
// RUN: FileCheck %s < %t.omp.err

// CHECK: warning: tessera: internal error in function 'grid'{{.*}}the function is left unoptimized [-Wbackend-plugin]
// OPT: warning: tessera: internal error in function 'mm'
// ORIG-NOT: tessera.
// OMP: define {{.*}} @grid(
// OMP-NOT: tessera.par
// OUT: 516600
#include <stdio.h>

__attribute__((noinline)) void grid(int n, int m, long (*a)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = 3 * i + j;
}

int main(void) {
  long a[60][70], s = 0;
  grid(60, 70, a);
  for (int i = 0; i < 60; i++)
    for (int j = 0; j < 70; j++)
      s += a[i][j];
  printf("%ld\n", s);
  return 0;
}
