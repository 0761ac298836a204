// Every loop gets an analysis remark at its source location: in a SCoP, or
// the first reason it is not; every rewritten SCoP a remark saying what was done.
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-analysis=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK-DAG: remarks.c:[[@LINE+3]]:3: remark: loop is in a SCoP (2 loop(s), 1 statement(s)) [-Rpass-analysis=tessera]
// CHECK-DAG: remarks.c:[[@LINE+3]]:5: remark: loop is in a SCoP (2 loop(s), 1 statement(s)) [-Rpass-analysis=tessera]
void add(int n, int m, double (*A)[m], double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] += B[i][j];
}
// CHECK-DAG: remarks.c:8:3: remark: SCoP rewritten: {{.*}} [-Rpass=tessera]

int next(int);
// CHECK-DAG: remarks.c:[[@LINE+2]]:3: remark: loop not in a SCoP: unsupported call: 'next' may access memory or have side effects [-Rpass-analysis=tessera]
void chase(int n, int *a) {
  for (int i = 0; i < n; i++)
    a[i] = next(a[i]);
}
