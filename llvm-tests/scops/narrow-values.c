// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// Values computed from counters in narrow arithmetic: (i + j) % 4 is the
// low 2 bits of i + j, which SCEV writes as an extension of a truncation to
// i2. Recomputing it from the polynomial i + j would need i + j <= 3, which
// does not hold: the value is copied into the new code instead, and the
// nest is a SCoP all the same.

void pattern(int n, double (*restrict C)[n]) {
  // CHECK: narrow-values.c:[[@LINE+1]]:3: remark: loop is in a SCoP (2 loop(s), 1 statement(s))
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = (double)((i + j) % 4);
}

void stripes(int n, int *restrict v) {
  // CHECK: narrow-values.c:[[@LINE+1]]:3: remark: loop is in a SCoP (1 loop(s), 1 statement(s))
  for (int i = 0; i < n; i++)
    v[i] = (i & 7) * 3 - (i >> 3);
}
