// The profile workflow's instrumented build of a nest whose view the
// instrumentation made stale (a fuzzer's program, seed 20271128:81,
// reduced, with a main of its own): its nests, ready as they were for
// code generation, are still analysed again before they are rewritten,
// and the instrumented program prints what -O0 prints at sizes 7, 5, 4. (Reusing the view from before the
// instrumentation left an instruction not dominating its uses: an
// internal error, the nest left as it was.)
// RUN: rm -f %t.prof
// RUN: %clang -O0 -ffp-contract=off %s -o %t.ref -lm && %t.ref 7 5 4 > %t.ref.out
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-generate=%t.prof -ffp-contract=off %s -o %t.gen -lm 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning
// RUN: %t.gen 7 5 4 > %t.gen.out && diff %t.ref.out %t.gen.out
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void kernel(int n0, int n1, int n2, int (*A1)[n1], long *A2, int *A3, long *lout, double *dout) {
  long s0 = 0;
  for (int i0 = 1; i0 < n0 - 2; i0++) {
    for (int i2 = 1; i2 < 2; i2++) {
      for (int i3 = 1; i3 < n0 - 1; i3++) {
        s0 += (A1[-i2 + n2][i2 - 1] % 1000) + (s0 % 1000);
      }
      A3[(-i2 + 1) * n0 + i0 - 1] = 2 * (i0 + 2);
      for (int i4 = 0; i4 < n1; i4++) {
        A1[2 * i2 - 2][0] = (A1[i2 - 1][i4] % 1000);
        s0 += 3 * (A2[i2 - 1] % 1000);
      }
    }
  }
  lout[0] = s0;
}

int main(int argc, char **argv) {
  int n[3];
  for (int k = 0; k < 3; k++) {
    n[k] = argc > k + 1 ? atoi(argv[k + 1]) : 1;
    n[k] = n[k] < 1 ? 1 : n[k] > 10 ? 10 : n[k];
  }
  int n0 = n[0], n1 = n[1], n2 = n[2];
  // A1 (n2 rows of n1, from n1 + 3 on) and A3 (n1 * n0, from 0) share one
  // buffer, as the fuzzer's program had them.
  long ints = n1 + 3 + (long)n2 * n1;
  if ((long)n1 * n0 > ints)
    ints = (long)n1 * n0;
  int *bi = malloc(sizeof(int) * ints);
  long *bl = malloc(sizeof(long) * (n2 + 1));
  if (!bi || !bl)
    return 1;
  for (long i = 0; i < ints; i++)
    bi[i] = (int)((i * 37 + 7) % 101) - 50;
  for (long i = 0; i < n2 + 1; i++)
    bl[i] = (i * 53 + 7) % 97 - 48;
  long lout[4] = {0};
  double dout[4] = {0};
  kernel(n0, n1, n2, (void *)(bi + n1 + 3), bl + 1, bi, lout, dout);
  unsigned long h = 1469598103934665603UL;
  for (long i = 0; i < ints; i++)
    h = (h ^ (unsigned long)(long)bi[i]) * 1099511628211UL;
  printf("%016lx %ld\n", h, lout[0]);
  return 0;
}
