// Degrade, don't drop (issue 23): a SCoP whose dependence analysis runs out
// of its work budget is scheduled on dependences that contain the exact
// ones (every ordered pair of instances of statements sharing an array).
// Here those order every instance after every earlier one: only the source
// order is left, which -O3 has without a copy, so neither nest is
// rewritten, and the remark says why no better order was found (a
// rewrite of the source order written differently used to be emitted for
// nothing). With -tessera-rewrite-all the over-approximated plan is
// emitted, and the remark says what was given up. The cap is forced down
// to one work unit here; the outputs must equal plain -O3's.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-deps-work-limit=1 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-deps-work-limit=1 -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL --implicit-check-not='not transformed'
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-deps-work-limit=1 -mllvm -tessera-rewrite-all %s -o %t && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera -mllvm -tessera-deps-work-limit=1 -mllvm -tessera-rewrite-all %s -o %t.omp && env OMP_NUM_THREADS=2 %t.omp > %t.omp.out && diff %t.ref.out %t.omp.out
//
// Likewise loop generation: past its limit (forced to 3 queries here) it
// falls back to a simpler nest, without full/partial tile separation.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-ast-max-queries=3 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AST --implicit-check-not='not transformed'
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-ast-max-queries=3 %s -o %t.ast && %t.ast > %t.ast.out && diff %t.ref.out %t.ast.out
// AST: remark: SCoP rewritten: {{.*}}; given up: full/partial tile separation (loop generation exceeded its work budget)
//
// Likewise the scheduler: past its cap (forced to one work unit) the SCoP
// keeps its source order, with the parallel loops and tiles that order
// has. The product is still tiled (its source order is a permutable band)
// and its point loops interchanged inside the tiles; the stencil's source
// order has nothing to tile without skewing, so it is left alone and the
// remark says the scheduler was given up.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -mllvm -tessera-sched-work-limit=1 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCHED
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -mllvm -tessera-sched-work-limit=1 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCHEDOMP
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -mllvm -tessera-sched-work-limit=1 %s -o %t.sched && %t.sched > %t.sched.out && diff %t.ref.out %t.sched.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -mllvm -tessera-sched-work-limit=1 %s -o %t.sched.omp && env OMP_NUM_THREADS=2 %t.sched.omp > %t.sched.omp.out && diff %t.ref.out %t.sched.omp.out

#include <stdio.h>

#define N 200
double A[N][N], B[N][N], C[N][N];

// SCHED: budget-degrade.c:[[@LINE+5]]:3: remark: SCoP rewritten: {{.*}}tiled line [[@LINE+5]], line [[@LINE+6]], line [[@LINE+7]] by {{.*}}; given up: a new schedule (the scheduler exceeded its work budget: the source order is kept, with its parallel loops and tiles)
// SCHEDOMP: budget-degrade.c:[[@LINE+4]]:3: remark: SCoP rewritten: {{.*}}tiles of line [[@LINE+4]] on OpenMP threads{{.*}}; given up: a new schedule
// CHECK: budget-degrade.c:[[@LINE+3]]:3: remark: SCoP not transformed: not profitable: the schedule keeps the original order {{.*}} (with its dependences over-approximated: the dependence analysis exceeded its work budget)
// ALL: budget-degrade.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}; given up: exact dependences (the dependence analysis exceeded its work budget
__attribute__((noinline)) void mm(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

// SCHED: budget-degrade.c:[[@LINE+4]]:3: remark: SCoP not transformed: not profitable: the schedule keeps the original order {{.*}} (only the source order was considered: the scheduler exceeded its work budget)
// CHECK: budget-degrade.c:[[@LINE+3]]:3: remark: SCoP not transformed: not profitable: the schedule keeps the original order {{.*}} (with its dependences over-approximated
// ALL: budget-degrade.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}; given up: exact dependences
__attribute__((noinline)) void sweep(int n, int steps, double (*g)[n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        g[i][j] = (g[i - 1][j] + g[i][j - 1] + g[i][j] + g[i][j + 1] + g[i + 1][j]) / 5.0;
}

#ifdef MAIN
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j) % 13) / 8.0;
      B[i][j] = (double)((i + j * 5) % 11) / 4.0;
      C[i][j] = 0.0;
    }
  mm();
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += C[i][j] * (1 + (i + j) % 3);
  printf("mm %a\n", s);
  sweep(N, 5, A);
  s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * (1 + (i * j) % 5);
  printf("sweep %a\n", s);
  return 0;
}
#endif
