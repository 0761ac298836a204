// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A loop counting down: its trip count is written with min/max that this
// version cannot bound yet.
// CHECK: function 'shift': 1 loop(s), 0 SCoP(s)
// CHECK-NEXT: not a SCoP: non-affine bound: min/max

void shift(int n, double *a) {
  for (int i = n - 1; i > 0; i--)
    a[i] = a[i - 1];
}
