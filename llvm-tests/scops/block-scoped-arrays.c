// An array declared in a loop body has its lifetime start and end in
// every iteration (llvm.lifetime.start/end). When nothing outside the
// nest uses it and its address goes nowhere but into its own loads and
// stores, the nest is a SCoP: the markers are not copied, the rewritten
// nest gives the array one lifetime around it, and no run-time alias
// check pairs it with another array (no other pointer can point into
// it). An array whose address escapes keeps its loop out, with a remark.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-missed=tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR

// CHECK: block-scoped-arrays.c:[[@LINE+8]]:3: remark: SCoP rewritten
// CHECK: block-scoped-arrays.c:[[@LINE+7]]:3: remark: run-time alias checks on 1 pair(s) of arrays: {{[a-z0-9]+}}/{{[a-z0-9]+}};
// CHECK: block-scoped-arrays.c:[[@LINE+17]]:3: remark: loop not in a SCoP: unsupported call: 'llvm.lifetime.start.p0' of a stack object whose address escapes or that is used outside the loop nest

// IR-LABEL: define {{.*}}void @mirror(
// IR: call void @llvm.lifetime.start.p0(
// IR: call void @llvm.lifetime.end.p0(
void mirror(int n, int m, double (*X)[m], double (*Y)[m]) {
  for (int i = 0; i < n; i++) {
    double tmp[256];
    for (int j = 0; j < m; j++)
      tmp[j] = 2.0 * X[i][j] + 0.5;
    for (int j = 0; j < m; j++)
      Y[i][j] = tmp[m - 1 - j] + tmp[j];
  }
}

double *seen;
void escaping(int n, int m, double (*X)[m], double (*Y)[m]) {
  for (int i = 0; i < n; i++) {
    double tmp[256];
    seen = tmp;
    for (int j = 0; j < m; j++)
      tmp[j] = X[i][j] * 1.5 - 0.5;
    for (int j = 0; j < m; j++)
      Y[i][j] = tmp[j] - tmp[m - 1 - j] * 0.25;
  }
}
