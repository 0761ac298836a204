// A counter read after the nest (LICM sank `last[0] = i` out of the loop;
// a value loaded at the last counter after it): the exit wants the
// counter's value in the last iteration, while its slot in the new code
// holds the next one. SCEV's exit value (n - 1), computed before the nest,
// goes to the exit instead, so the nest is rewritten.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: counter-live-out.c:[[@LINE+3]]:3: remark: SCoP rewritten
// CHECK-NOT: SCoP not transformed
void last_index(int n, long *restrict last, int *restrict b) {
  for (int i = 0; i < n; i++) {
    last[0] = i;
    b[i] = 2 * i;
  }
}

// CHECK: counter-live-out.c:[[@LINE+3]]:3: remark: SCoP rewritten
long last_read(int n, double *restrict a, const int *restrict b) {
  long s = 0;
  for (int i = 1; i < n; i++) {
    a[i - 1] = 0.5 * i;
    s = b[i];
  }
  return s;
}
