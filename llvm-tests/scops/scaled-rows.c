// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// Rows of 2m elements (a complex number per pair): the offsets 2m*i + 2j
// and 2m*i + 2j + 1 show the stride m, which reads as subscripts [2i, 2j]
// whose column exceeds m (rejected before: "cannot prove m >= 2i1 + 1").
// Every row subscript being even, the rows are 2m long: [i, 2j], [i, 2j + 1].

// MODEL-LABEL: SCoP in 'conj_scale'
// MODEL: Z: double[*][2m]
// MODEL: write: [n, m] -> { S0[i0, i1] -> Z[i0, 2i1] }
// MODEL: write: [n, m] -> { S0[i0, i1] -> Z[i0, 2i1 + 1] }
void conj_scale(int n, int m, double (*restrict Z)[2 * m], double a) {
  // CHECK: scaled-rows.c:[[@LINE+1]]:3: remark: loop is in a SCoP (2 loop(s), 1 statement(s))
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      Z[i][2 * j] *= a;
      Z[i][2 * j + 1] *= -a;
    }
}
