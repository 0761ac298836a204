// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// Parities of counters. A row that starts at 1 + i % 2 and steps by 2
// (SCEV reads the parity as a one-bit recurrence) gets a counter
// q0 = floor(i0 / 2) of its own, a loop of one iteration inside the i loop
// (0 <= i0 - 2q0 <= 1), so the first column 2 - (i0 - 2q0) is affine.
// Before, the nest was rejected ("narrow integer arithmetic does not
// wrap"): the bit read as an integer wraps.

// MODEL-LABEL: SCoP in 'rows_by_parity'
// MODEL: S0[i0, q0, i1] : {{.*}}i0 >= 2q0 and 2q0 >= i0 - 1
// MODEL: write: {{.*}} -> out[i0 + 1, -i0 + 2i1 + 2q0 + 2] }
void rows_by_parity(int n, double *restrict out, const double *restrict in) {
  // CHECK: parity.c:[[@LINE+1]]:3: remark: loop is in a SCoP (3 loop(s), 1 statement(s))
  for (int i = 1; i < n - 1; i++)
    for (int j = 1 + i % 2; j < n - 1; j += 2)
      out[i * n + j] = in[i * n + j - 1] + in[i * n + j + 1];
}

// A checkerboard guard: (i + j) % 2 == 0 is i0 + i1 - 2q == 0.
// MODEL-LABEL: SCoP in 'checkerboard'
// MODEL: S{{[0-9]}}[i0, i1, q0] : {{.*}}i0 + i1 = 2q0
void checkerboard(int n, double (*restrict A)[n]) {
  // CHECK: parity.c:[[@LINE+1]]:3: remark: loop is in a SCoP (3 loop(s)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if ((i + j) % 2 == 0)
        A[i][j] = 1.0;
}
