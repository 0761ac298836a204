// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A loop counting down: SCEV writes its trip count as n - umin(2, n), a
// negated minimum (a maximum of bounds); the counter is normalized, so the
// subscripts run backwards.
// CHECK: SCoP in 'shift': loop nest, 1 loop(s), 1 statement(s)
// CHECK-NEXT: context: [n] -> { : n >= 2 }
// CHECK: domain: [n] -> { S0[i0] : i0 >= 0 and n >= i0 + 2
// CHECK: read: [n] -> { S0[i0] -> a[-i0 + n - 2] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> a[-i0 + n - 1] }

void shift(int n, double *a) {
  for (int i = n - 1; i > 0; i--)
    a[i] = a[i - 1];
}
