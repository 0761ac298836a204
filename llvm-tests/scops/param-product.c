// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// n*n as a bound is a parameter product; a[i*s] delinearizes to a[i][0] of
// an s-wide array, valid when s >= 1 (checked at run time).
// CHECK: function 'square_bound': 1 loop(s), 0 SCoP(s)
// CHECK-NEXT: not a SCoP: parameter product: in a loop bound
// CHECK: SCoP in 'strided'
// CHECK: assumed (checked at run time): [n, s] -> { : s >= 1 }
// CHECK: read: [n, s] -> { S0[i0] -> a[i0, 0] }

void square_bound(int n, double *a) {
  for (int i = 0; i < n * n; i++)
    a[i] += 1.0;
}
void strided(int n, int s, double *a) {
  for (int i = 0; i < n; i++)
    a[i * s] += 1.0;
}
