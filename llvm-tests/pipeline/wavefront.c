// Time-tiled stencil run by wavefronts when the code is parallel: the
// outer tile loop t0 becomes the sum of the tile coordinates, so the tiles
// of one wavefront (the t1 loop) are independent and run on OpenMP
// threads, one team per wavefront. Sequential code keeps the plain tile
// order (better locality between consecutive tiles).
// RUN: %clang -O1 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %optt -tessera-parallel=1 -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-schedule>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=SCHED
// RUN: %optt -tessera-parallel=1 -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-ast>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=AST
// RUN: %optt -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),print<tessera-schedule>)' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=SEQ
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -S -emit-llvm %s -o - 2>%t.err | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=REMARK < %t.err

// SCHED: tessera: SCoP in 'smooth' (2 statement(s)):
// SCHED: dims: 0 loop, 1 loop parallel, 2 loop,
// SCHED-NEXT: band 0..2 permutable tiles [{{[0-9]+}}, {{[0-9]+}}] points {{.*}} wavefront

// AST: // wavefront
// AST-NEXT: for (t0 = 0;
// AST: // parallel
// AST-NEXT: for (t1 =
// AST: // full tiles
// AST: for (t2 = [[T:[0-9]+]]*t0 - [[T]]*t1; t2 <= [[T]]*t0 - [[T]]*t1 + {{[0-9]+}}; t2++)

// SEQ: dims: 0 loop, 1 loop, 2 loop,
// SEQ-NOT: wavefront

// A team per wavefront (two t1 loops: the wavefront loop's body is split
// where the last wavefronts lose a statement).
// IR-LABEL: define dso_local void @smooth(
// IR-COUNT-2: call void @GOMP_parallel(ptr {{.*}}@smooth.tessera.par
// REMARK: remark: SCoP rewritten: {{.*}} (2 run by OpenMP threads)

void smooth(int steps, int n, double *restrict a, double *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1];
    for (int i = 1; i < n - 1; i++)
      a[i] = 0.5 * (b[i - 1] + b[i + 1]);
  }
}
