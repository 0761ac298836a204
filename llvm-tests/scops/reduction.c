// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A scalar reduction whose result is used after the loop.
// CHECK: SCoP in 'sum_squares': loop nest, 1 loop(s), 1 statement(s)
// CHECK: live-out:
// CHECK: read: [n] -> { S0[i0] -> x[i0] }
// CHECK: reduction: fadd on scalar 's.09'

double sum_squares(int n, const double *x) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}
