// A function with a SCoP that also calls itself. The copy of the body kept
// aside for a failed rewrite used to be a user of the function from no
// module: verifying the rewritten function then crashed clang. Both the
// rewrite and the restore after an internal error must leave valid IR, and
// the program must print what -O0 prints.
// RUN: %clang -O0 %s -o %t.ref
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera %s -o %t 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t > %t.out && %t.ref | diff - %t.out
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-force-internal-error %s -o %t.err 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %t.err > %t.err.out && %t.ref | diff - %t.err.out
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -c %s -o /dev/null
// C++ at -O2: the recursion becomes a loop with an accumulator.
// RUN: %clangxx -x c++ -O2 -DFIB -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -c %s -o /dev/null
// RUN: %clangxx -x c++ -O2 -DFIB -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-force-internal-error -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIBERR

// REMARK: remark: SCoP rewritten
// ERR: warning: tessera: internal error in function 'smooth'{{.*}}left unoptimized
// FIBERR: warning: tessera: internal error in function '{{.*}}fib
#ifdef FIB
unsigned long fib(unsigned long n) { return n < 2 ? 1 : fib(n - 2) + fib(n - 1); }
#else
#include <stdio.h>

__attribute__((noinline)) double smooth(double *a, int n, int depth) {
  for (int i = 1; i < n; i++)
    a[i] += 0.5 * a[i] * a[i];
  double s = depth > 0 ? smooth(a, n / 2, depth - 1) : 0.0;
  return s + a[n - 1];
}

int main(void) {
  double a[1000];
  for (int i = 0; i < 1000; i++)
    a[i] = i * 0.25;
  printf("%a\n", smooth(a, 1000, 5));
  return 0;
}
#endif
