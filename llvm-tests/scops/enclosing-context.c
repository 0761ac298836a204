// RUN: %clang -O3 -g -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A nest inside a loop that is not a SCoP (it calls an opaque function):
// the outer counter is a parameter of the nest, o0. Its loop's bound
// (o0 <= n - 1) is part of the nest's context, which proves that the row
// o0 of the flattened A[o0*n + j] stays within the n rows the inner
// subscripts j < n delinearize to.
// CHECK: SCoP in 'rows': loop nest at {{.*}}:18:5, 2 loop(s), 1 statement(s)
// CHECK: context: [n, o0] -> { : {{.*}}n >= o0 + 1
// CHECK: read: [n, o0] -> { S0[i0, i1] -> A[i0, i1] }
// CHECK: write: [n, o0] -> { S0[i0, i1] -> A[o0, i1] }
// CHECK: loop at 16:3 (depth 1): not a SCoP: unsupported call: 'report'

void report(int);

void rows(int n, double *restrict A) {
  for (int i = 0; i < n; i++) {
    report(i);
    for (int k = 0; k < i; k++)
      for (int j = 0; j < n; j++)
        A[i * n + j] += A[k * n + j];
  }
}
