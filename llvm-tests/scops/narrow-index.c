// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// Subscripts computed in narrow integers with a product of symbols: the
// model reads them as exact polynomials, which is right only while they do
// not wrap. Their range over the domain (a box from the loop bounds) is
// checked when the nest is entered; the original code runs otherwise.
//
// 32-bit unsigned products, extended to 64 bits for the address: both
// subscripts must lie in [0, 2^32).
// CHECK: SCoP in 'transpose_add': loop nest, 2 loop(s), 1 statement(s)
// CHECK-DAG: range checked at run time: 0 <= i0*n + i1 <= 4294967295 for i0 in [0, n - 1], i1 in [0, n - 1]
// CHECK-DAG: range checked at run time: 0 <= i1*n + i0 <= 4294967295 for i0 in [0, n - 1], i1 in [0, n - 1]
// CHECK: read: [n] -> { S0[i0, i1] -> A[i0, i1] }
//
// A 16-bit ring index (unsigned short)(i*m + j): the truncated value read
// back as unsigned.
// CHECK: SCoP in 'ring_add': loop nest, 2 loop(s), 1 statement(s)
// CHECK: range checked at run time: 0 <= i0*m + i1 <= 65535 for i0 in [0, n - 1], i1 in [0, m - 1]
//
// A triangle: the box is in the parameters only, so i1's upper bound is
// that of the whole triangle, n - 1.
// CHECK: SCoP in 'lower_sum': loop nest, 2 loop(s)
// CHECK: range checked at run time: 0 <= i0*n + i1 <= 4294967295 for i0 in [0, n - 1], i1 in [0, n - 1]
//
// The check of transpose_add, (n - 1)*n + n - 1 < 2^32, decides between
// the new code and the original (the overflow checks of its arithmetic
// fold away: n is a 32-bit value).
// IR-LABEL: define {{.*}} @transpose_add(
// IR: icmp slt i64 {{.*}}, 4294967296
// IR: br i1 {{.*}}, label %tessera.start, label

void transpose_add(unsigned n, double *restrict B, const double *restrict A) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < n; j++)
      B[j * n + i] += 2.0 * A[i * n + j];
}

void ring_add(int n, int m, const double *restrict x, double *restrict ring) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      ring[(unsigned short)(i * m + j)] += x[j];
}

void lower_sum(unsigned n, double *restrict s, const double *restrict L) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j <= i; j++)
      s[i] += L[i * n + j];
}
