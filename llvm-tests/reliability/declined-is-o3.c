// Where Tessera rewrites nothing, the object is plain -O3's, byte for
// byte: the nests it found and declined were only given preheaders and
// LCSSA form (code generation's preparation), which is LLVM's canonical
// loop form and needs no extra simplification pipeline after it (running
// one made such files slower to compile, and zlib's inflate.c differ from
// -O3's).
// The remarks show each nest was found and declined.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O3 -c %s -o %t/o3.o
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass-missed=tessera -c %s -o %t/tessera.o 2>&1 | FileCheck %s
// RUN: cmp %t/o3.o %t/tessera.o
//
// In the pass pipeline: after Tessera on a declined nest comes -O3's own
// next pass, not the simplification pipeline Tessera runs after a rewrite.
// RUN: %clang -O0 -Xclang -disable-O0-optnone -emit-llvm -S %s -o %t/d.ll
// RUN: %optt -passes='default<O3>' -debug-pass-manager %t/d.ll -o /dev/null 2>&1 | grep 'Running pass' | FileCheck %s --check-prefix=PM
// PM: Running pass: {{.*}}TesseraPass on prefix
// PM-NEXT: Running pass: LoopSimplifyPass on prefix

void prefix(int n, double *a) {
  // CHECK: declined-is-o3.c:[[@LINE+1]]:3: remark: SCoP not transformed: not profitable: the schedule keeps the original order
  for (int i = 1; i < n; i++)
    a[i] += 0.5 * a[i - 1];
}

void small_product(double C[8][8], double A[8][8], double B[8][8]) {
  // CHECK: declined-is-o3.c:[[@LINE+1]]:3: remark: SCoP not transformed: not profitable: every trip count is known and small
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      for (int k = 0; k < 8; k++)
        C[i][j] += A[i][k] * B[k][j];
}

double dot(int n, const double *x, const double *y) {
  double s = 0.0;
  // CHECK: declined-is-o3.c:[[@LINE+1]]:3: remark: SCoP not transformed: not profitable: the schedule keeps the original order
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}
