// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: function 'apply': 1 loop(s), 0 SCoP(s)
// CHECK-NEXT: not a SCoP: unsupported call: 'f' may access memory or have side effects

double f(double);
void apply(int n, double *y) {
  for (int i = 0; i < n; i++)
    y[i] = f(y[i]);
}
