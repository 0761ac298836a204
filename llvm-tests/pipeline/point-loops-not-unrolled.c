// Every point loop of a tile is marked not to be unrolled, not only the
// innermost. A point loop runs a tile size of iterations, a constant:
// LLVM's unroller after the vectorizer unrolled the outer point loop of a
// tiled transpose completely, 16 copies of the inner loop with its vector
// body and remainder, per copy of the tile (full and partial tiles): gsl's
// `transpose_memcpy` on 16-bit elements came to 24 KB instead of 4 KB, no
// faster. An access that moves across rows along the inner loop (`src`
// here) leaves its vectorization to the vectorizer's cost model: forced,
// it gathers one element at a time whatever the cost.
// RUN: %clang -O3 -fpass-plugin=%tessera '-Rpass=tessera|loop-unroll' -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// The answers are -O3's.
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera %s -o %t && %t > %t.out && diff %t.ref.out %t.out

// CHECK: point-loops-not-unrolled.c:[[@LINE+3]]:3: remark: SCoP rewritten: {{.*}} 0 marked vectorizable{{.*}}tiled line [[@LINE+3]], line [[@LINE+4]]
// CHECK-NOT: completely unrolled
void transpose(long n1, long n2, short *dest, long dtda, const short *src, long stda) {
  for (long i = 0; i < n1; i++)
    for (long j = 0; j < n2; j++)
      dest[i * dtda + j] = src[j * stda + i];
}
// IR: define {{.*}} @transpose(
// IR-NOT: llvm.loop.vectorize.enable
// IR: llvm.loop.unroll.disable

#ifdef MAIN
#include <stdio.h>
int main(void) {
  enum { N1 = 70, N2 = 90 };
  static short src[N2][N1 + 3], dest[N1][N2 + 5];
  for (int j = 0; j < N2; j++)
    for (int i = 0; i < N1 + 3; i++)
      src[j][i] = (short)(j * 131 - i * 7);
  transpose(N1, N2, &dest[0][0], N2 + 5, &src[0][0], N1 + 3);
  long sum = 0;
  for (int i = 0; i < N1; i++)
    for (int j = 0; j < N2; j++)
      sum = sum * 31 + dest[i][j];
  printf("%ld\n", sum);
  return 0;
}
#endif
