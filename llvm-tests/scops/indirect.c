// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: function 'gather': 1 loop(s), 0 SCoP(s)
// CHECK-NEXT: not a SCoP: data-dependent: {{.*}} is loaded from memory inside the loop

void gather(int n, double *y, const double *x, const int *idx) {
  for (int i = 0; i < n; i++)
    y[i] = x[idx[i]];
}
