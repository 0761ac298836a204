// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// The last value of `last` is all that is used of the inner loop's
// products: -O3 computes it after the loop from the counter's last value
// (the counter's header PHI, read after its loop). That value is the
// counter at the loop's last iteration (its back-edge-taken count), so the
// nest is one SCoP; the addresses computed after the loop use it too.

void tail_products(int n, int m, double (*out)[n + 4], double *v) {
  // CHECK: counter-after-loop.c:[[@LINE+1]]:3: remark: loop is in a SCoP (2 loop(s), 4 statement(s))
  for (int i = 1; i <= n; i++) {
    double last = 0.0;
    for (int j = i; j <= m; j++) {
      if (3 * j != n + 1)
        v[m + 2 - j] = 0.25 * v[m + 4 - j];
      last = 0.5 * v[m + 4 - j] * v[m - j];
    }
    out[0][i + 2] = last;
  }
}
