// -tessera-concurrent-start: a time-tiled stencil run by wavefronts gets
// diamond tiles. The first tile row is c·t - (2t + i) = 2t - i (the time
// hyperplane t is then inside the cone of the two tile rows, so all tiles
// of a time band start at once); the point rows stay t and 2t + i, so the
// innermost point loop is still the stride-one space loop. The brute-force
// checker passes the schedule and the program prints what -O0's prints on
// one and on two threads. Without the option, the skewed tiles.
// RUN: %clang -O1 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %optt -tessera-parallel=1 -tessera-concurrent-start -tessera-check-schedules -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-schedule>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=DIAMOND
// RUN: %optt -tessera-parallel=1 -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-schedule>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=SKEWED
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-concurrent-start -mllvm -tessera-check-schedules -Rpass=tessera -DMAIN %s -o %t.exe 2>%t.err
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %clang -O0 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: env OMP_NUM_THREADS=1 %t.exe > %t.1.out && diff %t.ref.out %t.1.out
// RUN: env OMP_NUM_THREADS=2 %t.exe > %t.2.out && diff %t.ref.out %t.2.out

// DIAMOND: tessera: SCoP in 'smooth' (2 statement(s)):
// DIAMOND-NEXT: { S0[i0, i1] -> [floor((2i0 - i1{{.*}})/{{[0-9]+}}), floor((2i0 + i1{{.*}})/{{[0-9]+}}), i0, 0, 2i0 + i1{{.*}}] }
// DIAMOND-NEXT: { S1[i0, i1] -> [floor((2i0 - i1{{.*}})/{{[0-9]+}}), floor((2i0 + i1{{.*}})/{{[0-9]+}}), i0, 1, 2i0 + i1{{.*}}] }
// DIAMOND: band 0..2 permutable tiles {{.*}} wavefront concurrent-start
// DIAMOND-NOT: internal error

// SKEWED: tessera: SCoP in 'smooth' (2 statement(s)):
// SKEWED-NEXT: { S0[i0, i1] -> [floor((i0)/{{[0-9]+}}), floor((2i0 + i1)/{{[0-9]+}}),
// SKEWED-NOT: concurrent-start

// REMARK: remark: SCoP rewritten: {{.*}}run by wavefronts (concurrent-start diamond tiles)

void smooth(int steps, int n, double *restrict a, double *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0 / 3.0);
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i] - 0.125 * (b[i - 1] - b[i + 1]);
  }
}

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 3001, steps = 700;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++) {
    a[i] = (i * 37 % 101) / 7.0;
    b[i] = (i * 53 % 89) / 3.0;
  }
  smooth(steps, n, a, b);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 7 + 1) + b[i];
  printf("%a %a %a\n", s, a[n / 2], b[n / 3]);
  return 0;
}
#endif
