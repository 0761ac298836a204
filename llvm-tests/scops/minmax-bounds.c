// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// Loop bounds that are minima and maxima of affine expressions. A loop
// that starts at max(0, i - w) is counted from its start, so that its
// subscripts stay affine; its domain is the exact band. A guard
// `x <= min(a, b)` is a conjunction, `x < max(a, b)` a disjunction. An
// unsigned bound `j < i + w` that may wrap in 32 bits is checked at run time.

// MODEL-LABEL: SCoP in 'window_sum'
// MODEL: domain: [n, w] -> { S{{[0-9]+}}[i0, i1] : i0 >= 0 and n >= i0 + 1 and i1 >= 0 and i1 + w >= i0 and n >= i1 + 1 and i0 + w >= i1 }
void window_sum(int n, int w, const double *restrict v, double *restrict s) {
  // CHECK: minmax-bounds.c:[[@LINE+1]]:3: remark: loop is in a SCoP (2 loop(s),
  for (int i = 0; i < n; i++) {
    double t = 0;
    int lo = i - w > 0 ? i - w : 0, hi = i + w < n - 1 ? i + w : n - 1;
    for (int j = lo; j <= hi; j++)
      t += v[j] * (double)(j - i);
    s[i] = t;
  }
}

// MODEL-LABEL: SCoP in 'tail_rows'
// MODEL: range checked at run time: 0 <= i0 + w for i0 in [0, n - 1]
void tail_rows(unsigned n, unsigned w, float *restrict out, const float *restrict M) {
  // CHECK: minmax-bounds.c:[[@LINE+1]]:3: remark: loop is in a SCoP (2 loop(s),
  for (unsigned r = 0; r < n; r++)
    for (unsigned c = r; c < n && c < r + w; c++)
      out[r] = out[r] * 0.5f + M[r * n + c];
}

// A second counter that counts iterations from 0 is the counter minus the
// start: the start itself is no parameter, so the nest stays out. The
// inner loop alone has the start as a parameter (computed before it), but
// k < 2w + 1, P's row, cannot be proved.
void packed_copy(int n, int w, double (*restrict P)[2 * w + 1], const double (*restrict A)[n]) {
  // CHECK: minmax-bounds.c:[[@LINE+1]]:3: remark: loop not in a SCoP
  for (int i = 0; i < n; i++) {
    int k = 0;
    // CHECK: minmax-bounds.c:[[@LINE+1]]:5: remark: loop not in a SCoP: parameter product: cannot prove n >= i0 + {{[a-z0-9.]+}} + 1 (subscript within its dimension)
    for (int j = i - w > 0 ? i - w : 0; j < n; j++)
      P[i][k++] = 2.0 * A[i][j] + 1.0;
  }
}

// A stride-4 loop from i: its trip count (umax(n, i + 4) - i - 1) /u 4
// divides a maximum, read as 4k <= n - i - 1 (or k = 0).
// MODEL-LABEL: SCoP in 'every_fourth'
// MODEL: domain: [n] -> { S0[i0, i1] : i0 >= 0 and i1 >= 0 and n >= i0 + 4i1 + 1 }
void every_fourth(int n, double *restrict G, const double *restrict b) {
  // CHECK: minmax-bounds.c:[[@LINE+1]]:3: remark: loop is in a SCoP (2 loop(s), 1 statement(s))
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j += 4)
      G[i * n + j] += b[j - i];
}
