// Innermost distribution: two sweeps of a 1-D blur in a time loop are
// time-skewed and tiled together; in one point loop the second sweep would
// overwrite a[] one iteration after the first read it (a carried
// dependence: nothing vectorizable). A scalar row between the point rows
// gives each sweep its own innermost loop, both parallel.
// RUN: %clang -O1 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: %optt -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-schedule>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=SCHED
// RUN: %optt -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-ast>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=AST
// RUN: %optt -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),tessera)' -verify-each -S %t.ll | FileCheck %s --check-prefix=IR

// SCHED: tessera: SCoP in 'blur' (2 statement(s)):
// SCHED-NEXT: S0[i0, i1] -> [floor((i0)/8), floor((2i0 + i1)/{{[0-9]+}}), i0, 0, 2i0 + i1] }
// SCHED-NEXT: S1[i0, i1] -> [floor((i0)/8), floor((2i0 + i1 + 1)/{{[0-9]+}}), i0, 1, 2i0 + i1 + 1] }
// SCHED-NEXT: dims: 0 loop, 1 loop, 2 loop, 3 scalar, 4 loop parallel
// SCHED-NEXT: band 0..2 permutable tiles [8, {{[0-9]+}}] points [2, 4] (innermost distributed){{$}}

// Full tiles: each sweep's point loop has bounds without min/max.
// AST: // full tiles
// AST: for (t2 = 8*t0; t2 <= 8*t0 + 7; t2++) {
// AST-NEXT: // parallel, vectorizable
// AST-NEXT: for (t4 = [[LO:[0-9]+\*t1]]; t4 <= [[LO]] + {{[0-9]+}}; t4++)
// AST-NEXT: S0(t2, t4 - 2*t2);
// AST-NEXT: // parallel, vectorizable
// AST-NEXT: for (t4 = [[LO]]; t4 <= [[LO]] + {{[0-9]+}}; t4++)
// AST-NEXT: S1(t2, t4 - 2*t2 - 1);
// AST: // partial tiles

// The four point loops (two per branch) carry parallel-access metadata.
// IR-COUNT-4: !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}

void blur(int steps, int n, double *restrict a, double *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
    for (int i = 1; i < n - 1; i++)
      a[i] = (b[i - 1] + b[i] + b[i + 1]) / 3.0;
  }
}
