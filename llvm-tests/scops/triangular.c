// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A triangular inner loop (j < i) guarded by i > 0; the scalar s crosses blocks.
// CHECK: SCoP in 'lower_solve': loop nest, 2 loop(s), 4 statement(s)
// CHECK: domain: [n] -> { S2[i0, i1] : n >= i0 + 1 and i1 >= 0 and i0 >= i1 + 1 }
// CHECK: read: [n] -> { S2[i0, i1] -> L[i0, i1] }
// CHECK-NEXT: read: [n] -> { S2[i0, i1] -> x[i1] }
// CHECK: reduction: fadd on scalar
// CHECK: read: [n] -> { S3[i0] -> L[i0, i0] }
// CHECK-NEXT: write: [n] -> { S3[i0] -> x[i0] }

void lower_solve(long n, double *x, const double *L, const double *b) {
  for (long i = 0; i < n; i++) {
    double s = b[i];
    for (long j = 0; j < i; j++)
      s -= L[i * n + j] * x[j];
    x[i] = s / L[i * n + i];
  }
}
