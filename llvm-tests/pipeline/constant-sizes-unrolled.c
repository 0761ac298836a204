// Issue 23: small constant sizes, where -O3 unrolls inner loops completely
// before Tessera runs and constant-size arrays reach it flat
// (A[400i + 20j + k]). Each of these ran out of a work allowance: min-plus
// at 10 (ten reads D[i][0..9] and, in the copy, a hundred writes per
// statement), a 3-D stencil at 20 (Farkas over thin slices of flat
// subscripts), a row recurrence at 20 (rows of 18 writes). Reads and writes
// that fill a box are one access of it now, flat arrays are split into
// their rows, and every nest must be rewritten.
// RUN: %clang -O3 -DSZ=10 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not='not transformed'
// RUN: %clang -O3 -DSZ=20 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not='not transformed'

// Each function's nests are rewritten (where -O3 unrolled a time loop, once
// per copy); the lines are those of minplus, heat and rows below.
// CHECK: constant-sizes-unrolled.c:{{(22|23|24|25|26|27|28|29|30|31|32|33|34)}}:{{[0-9]+}}: remark: SCoP rewritten
// CHECK: constant-sizes-unrolled.c:{{(38|39|40|41|42|43|44|45|46|47|48|49|50|51)}}:{{[0-9]+}}: remark: SCoP rewritten
// CHECK: constant-sizes-unrolled.c:{{(55|56|57|58|59|60|61|62|63|64|65|66|67)}}:{{[0-9]+}}: remark: SCoP rewritten

#define N SZ

double D[N][N], E[N][N];

void minplus(void) {
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        E[i][j] = D[i][j];
        for (int k = 0; k < N; k++)
          E[i][j] = D[i][k] + D[k][j] < E[i][j] ? D[i][k] + D[k][j] : E[i][j];
      }
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        D[i][j] = E[i][j];
  }
}

double A[N][N][N], B[N][N][N];

void heat(void) {
  for (int t = 0; t < 4; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++)
          B[i][j][k] = A[i][j][k] + 0.125 * (A[i + 1][j][k] + A[i - 1][j][k] + A[i][j + 1][k] +
                                            A[i][j - 1][k] + A[i][j][k + 1] + A[i][j][k - 1] - 6.0 * A[i][j][k]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++)
          A[i][j][k] = B[i][j][k] + 0.125 * (B[i + 1][j][k] + B[i - 1][j][k] + B[i][j + 1][k] +
                                            B[i][j - 1][k] + B[i][j][k + 1] + B[i][j][k - 1] - 6.0 * B[i][j][k]);
  }
}

double U[N][N], V[N][N], P[N][N], Q[N][N];

void rows(void) {
  for (int t = 0; t < 3; t++)
    for (int i = 1; i < N - 1; i++) {
      P[i][0] = 0.0;
      Q[i][0] = U[i][0];
      for (int j = 1; j < N - 1; j++) {
        P[i][j] = 0.5 / (2.0 - 0.5 * P[i][j - 1]);
        Q[i][j] = (U[i][j] + 0.5 * Q[i][j - 1]) / (2.0 - 0.5 * P[i][j - 1]);
      }
      for (int j = N - 2; j >= 1; j--)
        V[i][j] = Q[i][j] + P[i][j] * V[i][j + 1];
    }
}
