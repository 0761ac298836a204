// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %S/../../bench/kernels/conv2d.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONV
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// Rows whose length is an affine combination of several parameters. A
// "valid" correlation (the bench kernel conv2d) writes rows of n - w + 1
// elements: the offset (n - w + 1)*i + j has strides n and w, neither a
// multiple of the other, until n - w + 1 is read as one size.
// CONV: SCoP in 'conv2d': loop nest, 4 loop(s), 4 statement(s)
// CONV: out: double[*][n - w + 1] (may alias)
// CONV: in: double[*][n] (may alias)
// CONV: f: double[*][w] (may alias)
// CONV: read: [n, w] -> { S2[i0, i1, i2, i3] -> in[i0 + i2, i1 + i3] }
// CONV: read: [n, w] -> { S2[i0, i1, i2, i3] -> f[i2, i3] }
// CONV: write: [n, w] -> { S2[i0, i1, i2, i3] -> out[i0, i1] }
//
// Rows of n + m elements beside rows of k - 2: one size per array.
// CHECK: SCoP in 'sums': loop nest, 2 loop(s), 1 statement(s)
// CHECK: B: double[*][k - 2] (may alias)
// CHECK: A: double[*][n + m] (may alias)
// CHECK: read: [n, m, k] -> { S0[i0, i1] -> B[i0, 1] }
// CHECK: write: [n, m, k] -> { S0[i0, i1] -> A[i0, i1] }
//
// The same array walked with rows of n - w and of n + w: no one size
// fits both, and the nest is left alone.
// CHECK: tessera: function 'mixed': 2 loop(s), 0 SCoP(s)

void sums(long n, long m, long k, double (*A)[n + m], double (*B)[k - 2]) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n + m; j++)
      A[i][j] = B[i][1] * 2.0;
}

// REMARK: param-difference-rows.c:[[@LINE+2]]:3: remark: loop not in a SCoP: parameter product
void mixed(long n, long w, double *A) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < w; j++)
      A[i * (n - w) + j] = A[i * (n + w) + j] + 1.0;
}
