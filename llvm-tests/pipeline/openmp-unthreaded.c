// With -fopenmp, a nest that keeps its source order pays only where a
// loop of it runs on threads (src/cost/profit.rs). A parallel loop that
// writes a scalar read after it (zlib's inflate_fast copies bytes with
// `*out++ = *from++`, `out` returned) stays on the calling thread in code
// generation, so the rewrite would be the same loop behind a dispatch: it
// is declined, and says why. The copy that does fork is still rewritten.
// Rewrites whose only gain is threads for unknown trip counts may take 5%
// of a module by default (pay-before-emitting.c); this file tests their
// code, so the option lets them all through (a hundred times the module).
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-thread-only-growth=10000 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera -mllvm -tessera-thread-only-growth=10000 %s -o %t && env OMP_NUM_THREADS=2 %t > %t.out && diff %t.ref.out %t.out

// CHECK: openmp-unthreaded.c:[[@LINE+3]]:3: remark: SCoP not transformed: not profitable: the schedule keeps the original order (no interchange, fusion, distribution or tiling), and its parallel loops cannot run on threads (a scalar they write is read after them, or they set errno): -O3 gets the same loops without the copy
// CHECK-NOT: openmp-unthreaded.c:[[@LINE+2]]:3: remark: SCoP rewritten
unsigned char *copy3(unsigned char *restrict out, const unsigned char *restrict from, unsigned len) {
  while (len > 2) {
    *out++ = *from++;
    *out++ = *from++;
    *out++ = *from++;
    len -= 3;
  }
  return out;
}

// CHECK: openmp-unthreaded.c:[[@LINE+2]]:3: remark: SCoP rewritten: 1 loop(s), 1 parallelizable (1 run by OpenMP threads)
void copy(unsigned char *restrict out, const unsigned char *restrict from, unsigned len) {
  for (unsigned i = 0; i < len; i++)
    out[i] = from[i] ^ 1;
}

#ifdef MAIN
#include <stdio.h>
int main(void) {
  static unsigned char a[300001], b[300001];
  for (int i = 0; i < 300001; i++)
    a[i] = (unsigned char)(i * 37 + 11);
  unsigned char *end = copy3(b, a, 300001);
  copy(a, b, 300000);
  unsigned s = 0;
  for (int i = 0; i < 300001; i++)
    s = s * 31 + a[i] + b[i];
  printf("%ld %u\n", (long)(end - b), s);
  return 0;
}
#endif
