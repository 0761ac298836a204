// Code is emitted only where it can pay (src/cost): the profitability
// model leaves alone a nest whose schedule keeps the source order (a
// recurrence in one loop; a parallel loop in a build without -fopenmp)
// and one whose trip counts are all known and small, unless the alias
// checks free an accumulator in memory; the code-size budgets first drop
// the full/partial tile separation and then skip the SCoP. Each is said in
// a "not profitable" remark; -tessera-rewrite-all rewrites them all.
// The products are tiled here (-tessera-matmul=0); in BLIS blocks, the
// budgets count the BLIS code too (BLIS prefix).
// Its many nests need more polyhedral work than a library's file of its
// size may spend (cost::work): the remarks are checked without that limit.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-work-per-instruction=0 -mllvm -tessera-matmul=0 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -Rpass=tessera -mllvm -tessera-rewrite-all -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-work-per-instruction=0 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLIS
// A parallel loop outside every loop of its function still forks only when
// a run-time estimate of its work pays (the function may be called in a
// loop): the worker is reached through that test, and the same loop runs
// in place otherwise.
// Such a rewrite gains only threads, for sizes only the run shows: the
// module pays for all of them from 5% of its size, with no floor
// (-tessera-thread-only-growth), which this small file does not reach.
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-work-per-instruction=0 -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: %clang -O3 -fopenmp -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-work-per-instruction=0 -mllvm -tessera-thread-only-growth=10000 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=FORK
// Both versions compute what plain -O3 computes, tiny and large.
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera %s -o %t && env OMP_NUM_THREADS=2 %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera %s -o %t.seq && %t.seq > %t.seq.out && diff %t.ref.out %t.seq.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-matmul=0 %s -o %t.tiled && %t.tiled > %t.tiled.out && diff %t.ref.out %t.tiled.out

// One statement in one loop: turned down before any dependence analysis.
// DEFAULT: pay-before-emitting.c:[[@LINE+4]]:3: remark: SCoP not transformed: not profitable: the schedule keeps the original order (no interchange, fusion, distribution or tiling: the nest is one statement in one loop), and no loop runs on threads without -fopenmp: -O3 gets the same loop without the copy
// ALL: pay-before-emitting.c:[[@LINE+3]]:3: remark: SCoP rewritten
// DEFAULT: pay-before-emitting.c:[[@LINE+12]]:3: remark: SCoP not transformed: not profitable: the schedule keeps the original order (no interchange, fusion, distribution or tiling: the nest is one statement in one loop), and no loop runs on threads without -fopenmp
void prefix(int n, double *a) {
  for (int i = 1; i < n; i++)
    a[i] += 0.5 * a[i - 1];
}

// THREADS: pay-before-emitting.c:[[@LINE+6]]:3: remark: SCoP not transformed: not profitable: its only gain is running loops of unknown trip count on threads, and the rewrite would add about {{[0-9]+}} instructions, more than the module's code-size budget for such rewrites leaves ({{[0-9]+}}; -tessera-thread-only-growth)
// FORK-LABEL: define {{.*}} @axpy(
// FORK: %fork.work = icmp {{.*}}, 65535
// FORK-NEXT: br i1 %fork.work
// FORK: call void @GOMP_parallel(
void axpy(int n, double a, double *restrict x, double *restrict y) {
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

// Known and small: 8x8 matrices fit in L1 whatever the order.
// DEFAULT: pay-before-emitting.c:[[@LINE+3]]:3: remark: SCoP not transformed: not profitable: every trip count is known and small ({{[0-9]+}} statement instances touching at most {{[0-9]+}} bytes, within the 32 KiB L1 cache)
// ALL: pay-before-emitting.c:[[@LINE+2]]:3: remark: SCoP rewritten
void small_product(double C[8][8], double A[8][8], double B[8][8]) {
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      for (int k = 0; k < 8; k++)
        C[i][j] += A[i][k] * B[k][j];
}

// The source order, but q[i] accumulates in memory along j: proven apart
// from the other arrays by the alias checks, it stays in a register, and
// eight rows' sums advance together (ast::reduction_jam).
// DEFAULT: pay-before-emitting.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}; 8 iterations of line [[@LINE+2]] at a time along line [[@LINE+3]]
void accumulate(int n, double *A, double *p, double *q) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      q[i] += A[i * n + j] * p[j];
}

// Matrix products in a small function: the first ones are tiled with full
// tiles apart; then the code-size budget (the module's: the other
// functions took some) drops the loops split on guards, then skips the
// products, and the nest after them before planning it.
#define PRODUCT(a, b) \
  for (int i = 0; i < n; i++) \
    for (int j = 0; j < n; j++) \
      for (int k = 0; k < n; k++) \
        C[i][j] += A a * B b;
// DEFAULT-COUNT-4: remark: SCoP rewritten: {{.*}}full tiles separated
// DEFAULT: remark: SCoP rewritten: {{.*}}given up: loop splits on guards (the rewrite would add about {{[0-9]+}} instructions, more than the {{function|module}}'s code-size budget leaves
// DEFAULT-COUNT-2: remark: SCoP not transformed: not profitable: the rewrite would add about {{[0-9]+}} instructions, more than the {{function|module}}'s code-size budget leaves ({{[0-9]+}}), even without loop splits on guards and full/partial tile separation
// ALL-COUNT-7: remark: SCoP rewritten: {{.*}}full tiles separated
// BLIS-COUNT-3: remark: SCoP rewritten: {{.*}}matrix product S1 {{.*}} in BLIS blocks
// BLIS: remark: SCoP rewritten: {{.*}}; tiled
// BLIS: remark: SCoP not transformed: not profitable: the rewrite would add about {{[0-9]+}} instructions, more than the {{function|module}}'s code-size budget leaves
void products(int n, double (*restrict C)[n], double (*restrict A)[n], double (*restrict B)[n]) {
  PRODUCT([i][k], [k][j])
  PRODUCT([k][i], [k][j])
  PRODUCT([i][k], [j][k])
  PRODUCT([k][i], [j][k])
  PRODUCT([i][k], [k][j])
  PRODUCT([k][i], [k][j])
  PRODUCT([i][k], [j][k])
}

// The nest after them costs no polyhedral work: not even its statements
// fit in what the module has left.
// DEFAULT: pay-before-emitting.c:[[@LINE+2]]:3: remark: SCoP not transformed: not profitable: any rewrite would add at least {{[0-9]+}} instructions, more than the module's code-size budget leaves ({{[0-9]+}})
void late(int n, double (*a)[n], double (*b)[n], double (*c)[n]) {
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++) {
      a[i][j] = 0.25 * (a[i - 1][j] + a[i][j - 1]) + b[j][i] * c[i][j] - a[j][i] * 0.5 + c[j - 1][i] * b[i][j - 1];
      b[i][j] = 0.5 * (b[i - 1][j] - a[i][j]) / (c[j][i] + 2.0) + a[j][i - 1] * c[i - 1][j - 1] - b[j][i] * 0.75;
      c[i][j] = a[i][j] * b[i][j] - c[i][j - 1] * 0.125 + a[i - 1][j - 1] * b[j - 1][i] - c[j][i - 1] / (a[i][j] + 3.0);
    }
}

// Every trip count known, 40000 instances over 320 KB: beyond L1, but too
// little work for a fork, so threads gain nothing either.
// THREADS: pay-before-emitting.c:[[@LINE+2]]:3: remark: SCoP not transformed: not profitable: the schedule keeps the original order (no interchange, fusion, distribution or tiling), and its parallel loops have too little work for a fork (40000 statement instances, every trip count known)
void double_rows(double A[200][200]) {
  for (int i = 0; i < 200; i++)
    for (int j = 0; j < 200; j++)
      A[i][j] *= 2.0;
}

#ifdef MAIN
#include <stdio.h>
int main(void) {
  static double x[200000], y[200000];
  for (int i = 0; i < 200000; i++)
    x[i] = i, y[i] = 1;
  for (int r = 0; r < 20000; r++)
    axpy(64, 1e-9, x, y);
  axpy(200000, 0.25, x, y);
  prefix(200000, y);
  printf("%a %a %a\n", y[63], y[1000], y[199999]);
  // The products: some in BLIS blocks, some tiled, some left alone.
  enum { N = 37 };
  static double C[N][N], A[N][N], B[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = 0, A[i][j] = (i * 7 + j) % 11 - 5, B[i][j] = (i + 3 * j) % 13 * 0.25;
  products(N, C, A, B);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s = s * 0.5 + C[i][j];
  printf("%a\n", s);
  return 0;
}
#endif
