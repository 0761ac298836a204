// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A time loop around two sweeps; the inner loops start at 1 (counters are
// normalized to start at 0, so subscripts are shifted).
// CHECK: SCoP in 'jacobi1d': loop nest, 3 loop(s), 2 statement(s)
// CHECK-NEXT: context: [steps, n] -> { : n >= 3 and steps >= 1 }
// CHECK: domain: [steps, n] -> { S0[i0, i1] : i0 >= 0 and steps >= i0 + 1 and i1 >= 0 and n >= i1 + 3 }
// CHECK-NEXT: schedule: [steps, n] -> { S0[i0, i1] -> [0, i0, 1, i1, 0] }
// CHECK-NEXT: read: [steps, n] -> { S0[i0, i1] -> a[i1] }
// CHECK-NEXT: read: [steps, n] -> { S0[i0, i1] -> a[i1 + 1] }
// CHECK-NEXT: read: [steps, n] -> { S0[i0, i1] -> a[i1 + 2] }
// CHECK-NEXT: write: [steps, n] -> { S0[i0, i1] -> b[i1 + 1] }
// CHECK: schedule: [steps, n] -> { S1[i0, i1] -> [0, i0, 2, i1, 0] }
// CHECK-NEXT: read: [steps, n] -> { S1[i0, i1] -> b[i1 + 1] }
// CHECK-NEXT: write: [steps, n] -> { S1[i0, i1] -> a[i1 + 1] }

void jacobi1d(int steps, int n, double *a, double *b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
  }
}
