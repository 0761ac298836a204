// Code is emitted only where it can pay.
// A recurrence in one loop gains nothing from a rewrite: it is left alone
// with a remark saying so, unless -tessera-rewrite-all asks for it.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -mllvm -tessera-rewrite-all -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// A parallel loop outside every loop of its function still forks only when
// a run-time estimate of its work pays (the function may be called in a
// loop): the worker is reached through that test, and the same loop runs
// in place otherwise.
// RUN: %clang -O3 -fopenmp -fno-discard-value-names -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s --check-prefix=FORK
// Both versions compute what plain -O3 computes, tiny and large.
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera %s -o %t && env OMP_NUM_THREADS=2 %t > %t.out && diff %t.ref.out %t.out

// DEFAULT: pay-before-emitting.c:[[@LINE+4]]:3: remark: SCoP not transformed: nothing to gain
// ALL: pay-before-emitting.c:[[@LINE+3]]:3: remark: SCoP rewritten
// DEFAULT: pay-before-emitting.c:[[@LINE+11]]:3: remark: SCoP rewritten
void prefix(int n, double *a) {
  for (int i = 1; i < n; i++)
    a[i] += 0.5 * a[i - 1];
}

// FORK-LABEL: define {{.*}} @axpy(
// FORK: %fork.work = icmp {{.*}}, 65535
// FORK-NEXT: br i1 %fork.work
// FORK: call void @GOMP_parallel(
void axpy(int n, double a, double *restrict x, double *restrict y) {
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
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
  return 0;
}
#endif
