// With constant sizes, a parallel loop whose every run has fewer
// statement instances than a fork needs (the run-time test code generation
// puts before each fork) never forks: it is emitted as a plain loop, with
// no worker, and the remark says why nothing runs on threads. Here the
// inner loops of a Levinson-Durbin recursion (at most N - 1 iterations
// under the sequential k loop): before, they became workers that never
// forked (LLVM deleted them, yet the remark said "2 run by OpenMP
// threads"). The same inner loops at a size whose last runs reach the
// test keep their workers. Outputs equal plain -O3's at 1 and 2 threads.
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -S -emit-llvm %s -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %clang -O3 %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t && env OMP_NUM_THREADS=2 %t > %t.out && diff %t.ref.out %t.out
// RUN: env OMP_NUM_THREADS=1 %t > %t.one.out && diff %t.ref.out %t.one.out

#include <stdio.h>

#define SMALL 4000
#define LARGE 70000

static double r[LARGE], y[LARGE], z[LARGE];

// CHECK-LABEL: define {{.*}} @durbin_small(
// CHECK-NOT: GOMP_parallel
// CHECK-LABEL: define {{.*}} @durbin_large(
// CHECK: call void @GOMP_parallel
// REMARK: remark: SCoP not transformed: not profitable: the schedule keeps the original order (no interchange, fusion, distribution or tiling), and its parallel loops never have the work a fork needs (their trip counts are known)
// REMARK: remark: SCoP rewritten: {{.*}}(2 run by OpenMP threads)
#define DURBIN(name, n)                                                        \
  __attribute__((noinline)) void name(void) {                                  \
    double alpha = -r[0], beta = 1.0;                                          \
    y[0] = -r[0];                                                              \
    for (int k = 1; k < n; k++) {                                              \
      beta = (1 - alpha * alpha) * beta;                                       \
      double sum = 0.0;                                                        \
      for (int i = 0; i < k; i++)                                              \
        sum += r[k - i - 1] * y[i];                                            \
      alpha = -(r[k] + sum) / beta;                                            \
      for (int i = 0; i < k; i++)                                              \
        z[i] = y[i] + alpha * y[k - i - 1];                                    \
      for (int i = 0; i < k; i++)                                              \
        y[i] = z[i];                                                           \
      y[k] = alpha;                                                            \
    }                                                                          \
  }
DURBIN(durbin_small, SMALL)
DURBIN(durbin_large, LARGE)

int main(void) {
  for (int i = 0; i < LARGE; i++)
    r[i] = (double)(i % 7 + 1) / (1000.0 * (i + 2));
  durbin_small();
  double s = 0.0;
  for (int i = 0; i < SMALL; i++)
    s += y[i];
  durbin_large();
  double t = 0.0;
  for (int i = 0; i < LARGE; i++)
    t += y[i];
  printf("%a %a\n", s, t);
  return 0;
}
