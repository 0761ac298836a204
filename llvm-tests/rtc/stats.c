// -tessera-rtc-stats: the program counts, per optimized region, the runs of
// the optimized code and of the original code (taken when the arrays
// overlap), and prints them at exit.
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-rtc-stats %s -o %t
// RUN: %t 2>&1 | FileCheck %s
// Without the option nothing is counted:
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all %s -o %t.plain
// RUN: %t.plain 2>&1 | FileCheck %s --check-prefix=PLAIN

// CHECK-DAG: sum 2
// CHECK-DAG: tessera-rtc-stats: shift (stats.c:[[@LINE+3]]): optimized 2, fallback 1
// PLAIN-NOT: tessera-rtc-stats
__attribute__((noinline)) void shift(int n, double *dst, const double *src) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + 1;
}

#include <stdio.h>
int main(void) {
  static double buf[300];
  shift(100, buf, buf + 100);       // disjoint
  shift(100, buf + 200, buf + 100); // disjoint, back to back
  shift(100, buf + 1, buf);         // overlapping: the original code runs
  printf("sum %g\n", buf[200] + buf[0]);
  return 0;
}
