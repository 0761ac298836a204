// Issue 23: nests whose sizes are constants of a thousand and more.
// Products of the sizes overflowed the simplex's i128 rationals (now
// transprecise: tri, the stencil), Farkas over the stencil's thin
// dependences (100i + j = 100i' + j' + 1) spent the scheduler's allowance
// (it now adds the equalities they imply first), and emptiness tests of
// linearized subscripts (1201a + 1200b = 1201c + d) ran branch and bound
// out of its budget (covariance's last nest). Every nest here must be
// rewritten at both sizes.
// RUN: %clang -O3 -DSZ=1000 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -DSZ=4000 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s

#define M SZ
#define N (SZ + SZ / 5)

double A[M][M], B[M][N];

// CHECK-NOT: SCoP not transformed
// CHECK: constant-sizes.c:[[@LINE+2]]:3: remark: SCoP rewritten
void tri(double alpha) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      for (int k = i + 1; k < M; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

double S0[N][N], S1[N][N];

// CHECK-NOT: SCoP not transformed
// CHECK: constant-sizes.c:[[@LINE+2]]:3: remark: SCoP rewritten
void sweep(void) {
  for (int t = 0; t < SZ / 2; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        S1[i][j] = 0.2 * (S0[i][j] + S0[i][j-1] + S0[i][j+1] + S0[i+1][j] + S0[i-1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        S0[i][j] = 0.2 * (S1[i][j] + S1[i][j-1] + S1[i][j+1] + S1[i+1][j] + S1[i-1][j]);
  }
}

double data[N][M], cov[M][M], mean[M];

// CHECK-NOT: SCoP not transformed
// CHECK: constant-sizes.c:[[@LINE+2]]:3: remark: SCoP rewritten
void cov_fixed(double fn) {
  for (int j = 0; j < M; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < N; i++) mean[j] += data[i][j];
    mean[j] /= fn;
  }
// CHECK-NOT: SCoP not transformed
// CHECK: constant-sizes.c:[[@LINE+1]]:3: remark: SCoP rewritten
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) data[i][j] -= mean[j];
// CHECK-NOT: SCoP not transformed
// CHECK: constant-sizes.c:[[@LINE+1]]:3: remark: SCoP rewritten
  for (int i = 0; i < M; i++)
    for (int j = i; j < M; j++) {
      cov[i][j] = 0.0;
      for (int k = 0; k < N; k++) cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (fn - 1.0);
      cov[j][i] = cov[i][j];
    }
}
// CHECK-NOT: SCoP not transformed
