// With -g at -O1 and above, clang tracks assignments: allocas and stores
// carry a !DIAssignID that #dbg_assign records refer to. The copy Tessera
// keeps of a function (to put it back after an internal error) must not
// share those IDs, or the verifier rejects the function and every nest of
// it is left alone with a warning. Both nests here are rewritten, with and
// without OpenMP, and the program prints what plain -O3 prints.
// RUN: %clang -O3 -g -fverify-intermediate-code -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-missed=tessera %s -o %t 2>&1 | FileCheck %s
// RUN: %t | FileCheck %s --check-prefix=OUT
// RUN: %clang -O3 -g -fopenmp -fverify-intermediate-code -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-missed=tessera %s -o %t.omp 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %t.omp | FileCheck %s --check-prefix=OUT

// CHECK-NOT: {{warning|not transformed}}
// OUT: 1334 83
#include <stdio.h>

int main(int argc, char **argv) {
  int grid[32][32];
  long total = 0;
  (void)argv;
  // CHECK: debug-info.c:[[@LINE+1]]:3: remark: SCoP rewritten
  for (int r = 0; r < 32; r++)
    for (int c = 0; c < 32; c++)
      grid[r][c] = r + c + argc;
  // CHECK-NOT: {{warning|not transformed}}
  // CHECK: debug-info.c:[[@LINE+1]]:3: remark: SCoP rewritten
  for (int r = 1; r < 32; r++)
    for (int c = 0; c < 32; c++)
      grid[r][c] += grid[r - 1][c] / 4;
  // CHECK-NOT: {{warning|not transformed}}
  for (int r = 0; r < 32; r++)
    total += grid[r][r];
  printf("%ld %d\n", total, grid[31][31]);
  return 0;
}
