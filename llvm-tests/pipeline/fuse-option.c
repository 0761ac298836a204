// -tessera-fuse chooses the scheduler's fusion policy: the two inner loops
// of a row loop, the second reading what the first wrote, are fused with
// `smart` (the default) and `max`; with `none` each gets a nest of its own
// (the row loop distributed). An unknown policy is an error naming the
// option.
//
// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSED
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-fuse=max -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSED
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-fuse=none -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=APART
// RUN: not %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-fuse=most -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// Each policy's program prints what -O0's prints:
// RUN: %clang -O0 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera %s -o %t.smart && %t.smart > %t.smart.out && diff %t.ref.out %t.smart.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-fuse=max %s -o %t.max && %t.max > %t.max.out && diff %t.ref.out %t.max.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-fuse=none %s -o %t.none && %t.none > %t.none.out && diff %t.ref.out %t.none.out

void rows(int n, double A[n][n], double B[n][n], double C[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      B[i][j] = A[i][j] * 2.0;
    for (int j = 0; j < n; j++)
      C[i][j] += B[i][j];
  }
}

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 37;
  double (*A)[n] = malloc(sizeof(double[n][n])), (*B)[n] = malloc(sizeof(double[n][n])), (*C)[n] = malloc(sizeof(double[n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (i * 7 + j) % 11 * 0.25;
      B[i][j] = 0;
      C[i][j] = (i + 3 * j) % 5;
    }
  rows(n, A, B, C);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += C[i][j] * (i + 1) + B[i][j];
  printf("%a\n", s);
  return 0;
}
#endif

// FUSED: fuse-option.c:18:3: remark: SCoP rewritten: 2 loop(s), {{.*}}; fused S0 (line 20) and S1 (line 22); j vectorized
// APART: fuse-option.c:18:3: remark: SCoP rewritten: 4 loop(s), {{.*}}; distributed S0 (line 20) and S1 (line 22); j vectorized
// BAD: for the --tessera-fuse option: Cannot find option named 'most'
