// -tessera-check-schedules runs the brute-force schedule checker on the
// final schedule of every SCoP (at small parameter values that satisfy the
// SCoP's context) before code is generated; -tessera-report counts the
// schedules it checked. The checked program is the same as without it.
//
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-check-schedules -mllvm -tessera-report -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-check-schedules -c %s -o %t.checked.o
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -c %s -o %t.plain.o
// RUN: cmp %t.checked.o %t.plain.o

void lu(int n, double A[n][n]) {
  for (int k = 0; k < n; k++) {
    for (int j = k + 1; j < n; j++)
      A[k][j] /= A[k][k];
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

void jacobi(int t, int n, double A[n], double B[n]) {
  for (int s = 0; s < t; s++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
}

// CHECK-DAG: remark: SCoP rewritten
// CHECK-NOT: warning: tessera
// CHECK: tessera report:
// CHECK: 2  schedules checked by brute force
