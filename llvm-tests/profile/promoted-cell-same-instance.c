// A cell kept in a register along an inner loop (plan::promote) must not be
// reached in the same instance by another access of its statement through
// other subscripts: `A0[i0 - 1] = ..; t0 = A0[n0 - i0]` meet at 2 i0 = n0 + 1.
// No dependence joins an instance to itself, so only a direct test of the
// two subscripts sees it. Here the version specialized for n0 = 3 (its one
// row, the stores and the inner loop fused) kept A0[1] in a register and
// the load read the old A0[1]: A0[2] came out 17 instead of -51
// (scripts/fuzz --seed 20272601, program 202, reduced).
// RUN: rm -f %t.prof
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-generate=%t.prof -ffp-contract=off %s -o %t.gen -lm
// RUN: %t.gen 3 > /dev/null
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-use=%t.prof -ffp-contract=off -Rpass=tessera %s -o %t.use -lm 2>&1 | FileCheck %s
// RUN: %clang -O0 -ffp-contract=off %s -o %t.ref -lm
// RUN: %t.ref 3 > %t.ref.out && %t.use 3 > %t.use.out && diff %t.ref.out %t.use.out
// CHECK: remark: specialized version for arg0 = 3
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void kernel(int n0, int *A0, long *A1, double (*A3)[n0][(n0 + 6)], long *lout, double *dout) {
  for (int i0 = 2; i0 < n0; i0++) {
    A0[i0 - 1] = 3 * (A1[i0] % 1000);
    {
      int t0 = (A0[-i0 + n0] % 1000);
      for (int i1 = i0 - 1; i1 < n0; i1++) {
        A3[-i1 + n0][i1][i1 + 2] = 0.03125 * (double)(-2 * i0 - i1);
      }
      A0[i0] = t0;
    }
  }
}

int main(int argc, char **argv) {
  int n0 = argc > 1 ? atoi(argv[1]) : 3;
  if (n0 < 1) n0 = 1;
  if (n0 > 58) n0 = 58;
  int *A0 = malloc(sizeof(int) * n0);
  long *A1 = malloc(sizeof(long) * n0);
  double *A3 = malloc(sizeof(double) * n0 * n0 * (n0 + 6));
  if (!A0 || !A1 || !A3) return 1;
  for (long i = 0; i < n0; i++) {
    A0[i] = (int)((i * 37) % 41) - 20;
    A1[i] = (i * 37 + 11) % 41 - 20;
  }
  for (long i = 0; i < (long)n0 * n0 * (n0 + 6); i++)
    A3[i] = (double)((i * 37 + 22) % 29) / 16.0 - 0.875;
  kernel(n0, A0, A1, (void *)A3, 0, 0);
  for (int i = 0; i < n0; i++)
    printf("A0[%d] = %d\n", i, A0[i]);
  double sum = 0;
  for (long i = 0; i < (long)n0 * n0 * (n0 + 6); i++)
    sum = sum * 0.5 + A3[i];
  printf("A3 %a\n", sum);
  free(A0);
  free(A1);
  free(A3);
  return 0;
}
