// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// A half width computed before the nest with an unsigned division (an
// lshr) is what SCEV writes as a division inside the nest's subscripts.
// The lshr becomes a parameter, linked to its dividend by
// 0 <= w - 2*half <= 1, which holds when w is non-negative: that is
// checked at run time (here as part of w >= 2, which the subscripts need).

// MODEL-LABEL: SCoP in 'pair_rows'
// MODEL: assumed (checked at run time): [n, w, div32] -> { : n >= 1 and w >= 2 }
void pair_rows(int n, int w, double *restrict out, const double *restrict in) {
  unsigned half = (unsigned)w / 2;
  // CHECK: unsigned-quotient.c:[[@LINE+1]]:3: remark: loop is in a SCoP (2 loop(s), 1 statement(s))
  for (int i = 0; i < n; i++)
    for (unsigned j = 0; j < half; j++)
      out[i * half + j] = in[i * w + 2 * j] + in[i * w + 2 * j + 1];
}

// A size with a remainder, `n + 1 + n % 3`: SCEV writes the remainder as
// n - 3*(n /u 3), with no division instruction to stand for the quotient.
// The remainder instruction becomes the parameter (0 <= rem <= 2) and the
// bound reads 1 + n + rem.
// MODEL-LABEL: SCoP in 'fill_rows'
// MODEL: context: [n, w, rem] -> { : rem >= 0 and rem <= 2 and
// MODEL: domain: [n, w, rem] -> { S0[i0, i1] : i0 >= 0 and n + rem >= i0 and i1 >= 0 and w >= i1 + 1 }
void fill_rows(int n, int w, double *restrict out) {
  if (n < 1)
    return;
  int m = n + 1 + n % 3;
  // CHECK: unsigned-quotient.c:[[@LINE+1]]:3: remark: loop is in a SCoP (2 loop(s), 1 statement(s))
  for (int i = 0; i < m; i++)
    for (int j = 0; j < w; j++)
      out[i * w + j] = i - j;
}
