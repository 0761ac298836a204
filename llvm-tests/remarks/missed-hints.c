// -Rpass-missed=tessera names, for each loop left out of every SCoP, the
// reason and what would lift it where something would: a profile for a
// bound that parameter values make non-affine, -fno-math-errno for math
// calls, `restrict` where alias checks are off. With the suggested change
// the loop is optimized.
//
// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass-missed=tessera -mllvm -tessera-rtc=0 -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -g -fno-math-errno -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOERRNO
// RUN: %clang -O3 -g -DRESTRICT=restrict -fpass-plugin=%tessera -Rpass=tessera -mllvm -tessera-rtc=0 -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=RESTRICT
#include <math.h>
#ifndef RESTRICT
#define RESTRICT
#endif

void square(int n, double *a) {
  // CHECK: missed-hints.c:[[@LINE+1]]:3: remark: loop not optimized: parameter product: in a loop bound; a profile may lift this: build with -mllvm -tessera-profile-generate, run, rebuild with -mllvm -tessera-profile-use=tessera.profile [-Rpass-missed=tessera]
  for (int i = 0; i < n * n; i++)
    a[i] = 2 * a[i];
}

void logs(int n, double *restrict out, const double *restrict in) {
  // CHECK: missed-hints.c:[[@LINE+2]]:3: remark: loop not optimized: unsupported call: 'log' may access memory or have side effects; if the callee only sets errno (a math function), -fno-math-errno lets the loop in
  // NOERRNO: missed-hints.c:[[@LINE+1]]:3: remark: SCoP rewritten
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      out[i * n + j] = log(in[j * n + i]);
}

void transpose(int n, double (*RESTRICT b)[n], double (*RESTRICT a)[n]) {
  // CHECK: missed-hints.c:[[@LINE+2]]:3: remark: SCoP not transformed: arrays may overlap (a/b) and run-time alias checks are disabled (-tessera-rtc=0); `restrict` pointers would tell they do not
  // RESTRICT: missed-hints.c:[[@LINE+1]]:3: remark: SCoP rewritten
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[i][j] = a[j][i];
}

// Rows read from memory (`double **`): no parameter values make the
// subscripts affine, so no profile is offered.
void copy_rows(int n, double **b, double **a) {
  // CHECK: missed-hints.c:[[@LINE+1]]:3: remark: loop not optimized: data-dependent: '{{.*}}' is loaded from memory inside the loop [-Rpass-missed=tessera]
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[j][i] = a[i][j];
}

// A subscript or condition computed from the nest's own counters (a
// product of two counters, a remainder by a constant) stays non-affine
// for any parameter values: no profile is offered. With a parameter in
// it (`j % m`), one is.
void counters(int n, int m, double *a) {
  // CHECK: missed-hints.c:[[@LINE+1]]:3: remark: loop not optimized: non-affine in counters: a division of counters by a constant [-Rpass-missed=tessera]
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[(i * j) % 97] += 1.0;
  // CHECK: missed-hints.c:[[@LINE+1]]:3: remark: loop not optimized: non-affine in counters: {{.*}} [-Rpass-missed=tessera]
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if ((i * 31 + j * 17 + i * j) % 97 == 0)
        a[i * n + j] = 0.0;
  // CHECK: missed-hints.c:[[@LINE+1]]:3: remark: loop not optimized: non-affine subscript: '{{.*}}' is computed inside the loop; a profile may lift this
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * m + j % m] += 2.0;
}

// An index computed from a value loaded in the loop is data, too.
void scatter(int n, double *a, const int *idx) {
  // CHECK: missed-hints.c:[[@LINE+1]]:3: remark: loop not optimized: data-dependent: '{{.*}}' is computed inside the loop from a value loaded there [-Rpass-missed=tessera]
  for (int i = 0; i < n; i++)
    a[(idx[i] * 3) % 11] += 3.0;
}
