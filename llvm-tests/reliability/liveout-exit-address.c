// RUN: %clang -O3 %s -o %t.ref && %t.ref > %t.expected
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera %s -o %t.opt 2>&1 | FileCheck %s
// RUN: %t.opt > %t.out && diff %t.expected %t.out
// CHECK: liveout-exit-address.c:[[@LINE+17]]:3: remark: SCoP rewritten
/* Found by scripts/fuzz (seed 20261601, program 357), reduced by hand: the
 * last iteration of a triangular inner loop reads A3[n1 - i1]; -O3 sinks
 * the statement after the nest that reads the same cell out of the loops
 * and computes its address from the inner loop's last address, which an
 * LCSSA PHI carries out of the nest. That PHI is rebuilt from its
 * polynomial inside the nest, so no statement wrote it: the rewritten
 * nest left its slot unwritten and the program dereferenced garbage
 * (-tessera-rewrite-all: the nest is too small to pay otherwise). */
#include <stdio.h>

enum { n0 = 2, n1 = 20 };
static long A1[n1 + 2][n0];
static double A2[n0][n0 + 2];
static double A3[n1];

__attribute__((noinline)) static void kernel(void) {
  for (int i0 = 0; i0 < n1; i0++)
    for (int i1 = 1; i1 < i0 + 2; i1++) {
      A3[i0] = 0.0625 * A2[n0 - 1][1] * A3[-i1 + n1];
      A2[0][1] = 0.0625 * A3[-i0 + n1 - 1] * A3[-i1 + n1] + 0.25 * (double)(A1[i0 + 1][n0 - 1] % 8);
    }
}

int main(void) {
  for (int i = 0; i < n1 + 2; i++)
    for (int j = 0; j < n0; j++)
      A1[i][j] = (i * 37 + j * 11) % 41 - 20;
  for (int i = 0; i < n0; i++)
    for (int j = 0; j < n0 + 2; j++)
      A2[i][j] = (double)((i * 29 + j * 7) % 29) / 16.0 - 0.875;
  for (int i = 0; i < n1; i++)
    A3[i] = (double)((i * 37 + 22) % 29) / 16.0 - 0.875;
  kernel();
  double s = 0.0;
  for (int i = 0; i < n1; i++)
    s += A3[i] * (i + 1);
  printf("A3 %.17g\nA2 %.17g\n", s, A2[0][1]);
  return 0;
}
