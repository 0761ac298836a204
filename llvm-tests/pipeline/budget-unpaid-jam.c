// A jam the code-size budget cannot pay is known before the loop tree
// (cost::size::least_jam_growth, cost::profit::Judge): a matrix-vector
// product by rows gains only by the unroll-and-jam of its rows' sums, and
// the two matrix products after it in the function take nearly all of the
// budget's share (it goes by nominal work), so the product is left as it is
// with the least its jam would add in the remark, before any jammed tree
// is built (the jammed tree was built, then dropped). Alone in its
// function, the same product keeps its jam. The results are bit for bit
// -O3's.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t && %t > %t.out && diff %t.ref.out %t.out
#include <stdio.h>
#define N 400

static double A[N][N], B[N][N], C[N][N], D[N][N], x[N], y[N], z[N];

// CHECK-DAG: budget-unpaid-jam.c:[[@LINE+2]]:3: remark: SCoP not transformed: not profitable: without its unroll-and-jam of reductions (the rewrite would add at least {{[0-9]+}} instructions, more than this nest's share of the code-size budget ({{[0-9]+}} of the {{[0-9]+}} left, in proportion to its work)), the schedule keeps the original order
__attribute__((noinline)) static void crowded(void) {
  for (int i = 0; i < N; i++) {
    double s = y[i];
    for (int j = 0; j < N; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        D[i][j] += B[i][k] * C[k][j];
}

// CHECK-DAG: budget-unpaid-jam.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}8 iterations of line {{[0-9]+}} at a time along line {{[0-9]+}}, each with its own running values (unroll-and-jam)
__attribute__((noinline)) static void alone(void) {
  for (int i = 0; i < N; i++) {
    double s = z[i];
    for (int j = 0; j < N; j++)
      s += A[i][j] * x[j];
    z[i] = s;
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = (i % 7) / 7.0;
    y[i] = z[i] = (i % 3) - 1.0;
    for (int j = 0; j < N; j++) {
      A[i][j] = ((i * j + 1) % 11) / 11.0;
      B[i][j] = ((i + 2 * j) % 5) / 5.0;
    }
  }
  crowded();
  alone();
  double h = 0;
  for (int i = 0; i < N; i++)
    h = h * 0.5 + y[i] + z[i] + C[i][i] + D[i][N - 1 - i];
  printf("%a\n", h);
  return 0;
}
