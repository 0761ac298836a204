// The code-size budget's share for an unroll-and-jam follows each nest's
// nominal work (cost::size::nominal_work, Budget::beyond_share): in an LU
// solver's one function, beside its initialization, its two substitution
// loops and the checksums, the triple nest of the factorization gets most
// of what is left and keeps its jam. Split evenly over the nests left, its
// share was 291 of the 1457 instructions left, short of the 480 it needs,
// and it ran at -O3's speed. The results are bit for bit -O3's.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t && %t > %t.out && diff %t.ref.out %t.out
#include <stdio.h>
#define N 300

static double A[N][N], b[N], x[N], y[N];

// CHECK: budget-share-by-work.c:[[@LINE+4]]:3: remark: SCoP rewritten: {{.*}}; 8 iterations of line {{[0-9]+}} at a time along line {{[0-9]+}}, each with its own running values (unroll-and-jam)
// CHECK-NOT: more than this nest's share
static void solve(void) {
  // The factorization, row by row (Doolittle, no pivoting).
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      double w = A[i][j];
      for (int k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (int j = i; j < N; j++) {
      double w = A[i][j];
      for (int k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (int i = 0; i < N; i++) {
    double w = b[i];
    for (int j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (int i = N - 1; i >= 0; i--) {
    double w = y[i];
    for (int j = i + 1; j < N; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    b[i] = (i + 1) / (double)N;
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * j + 3) % N) / N + (i == j ? N : 0);
  }
  solve();
  double h = 0, g = 0;
  for (int i = 0; i < N; i++)
    h = h * 0.5 + x[i];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      g += A[i][j] * (1 + (i + j) % 13);
  printf("%a %a\n", h, g);
  return 0;
}
