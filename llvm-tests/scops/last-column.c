// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// v[i][n - 1] has the offset n*i + n - 1, which first splits as
// v[i + 1][-1]: its bound -1 >= 0 holds for no n, so it must not become a
// run-time assumption (that would never pass, and the nest would never run
// its new code); the other split, v[i][n - 1], is proved instead.
// CHECK: SCoP in 'last_column': loop nest, 2 loop(s), 2 statement(s)
// CHECK-NOT: assumed
// CHECK: write: [n] -> { S0[i0] -> v[i0 + 1, n - 1] }
// CHECK: write: [n] -> { S1[i0, i1] -> v[i0 + 1, -i1 + n - 2] }

void last_column(int n, double (*restrict v)[n], const double (*restrict u)[n]) {
  for (int i = 1; i < n - 1; i++) {
    v[i][0] = u[i][0];
    v[i][n - 1] = u[i][n - 1];
    for (int j = n - 2; j >= 1; j--)
      v[i][j] = u[i][j] + v[i][j + 1];
  }
}
