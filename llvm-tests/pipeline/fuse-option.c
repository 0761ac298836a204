// -tessera-fuse chooses the scheduler's fusion policy: the two inner loops
// of a row loop, the second reading what the first wrote, are fused with
// `smart` (the default) and `max`; with `none` each gets a nest of its own
// (the row loop distributed). An unknown policy is an error naming the
// option.
//
// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSED
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-fuse=max -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSED
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-fuse=none -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=APART
// RUN: not %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-fuse=most -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

void rows(int n, double A[n][n], double B[n][n], double C[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      B[i][j] = A[i][j] * 2.0;
    for (int j = 0; j < n; j++)
      C[i][j] += B[i][j];
  }
}

// FUSED: fuse-option.c:13:3: remark: SCoP rewritten: 2 loop(s), {{.*}}; fused S0 (line 15) and S1 (line 17); j vectorized
// APART: fuse-option.c:13:3: remark: SCoP rewritten: 4 loop(s), {{.*}}; distributed S0 (line 15) and S1 (line 17); j vectorized
// BAD: for the --tessera-fuse option: Cannot find option named 'most'
