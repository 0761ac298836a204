// Row-oriented Cholesky. Pluto's schedule fuses the square root of the
// diagonal into the column loop (at its first iteration), which then
// carries it: no loop of the column step is parallel, and no band is
// tileable. The original order has the column loop parallel, so it is
// kept (its loop under the sequential j loop runs on a team with OpenMP,
// as does the first column's loop before it), eight of its rows at a
// time around their sums (ast::reduction_jam).
// RUN: rm -rf %t.dir
// RUN: %clang -O3 -fopenmp -fno-discard-value-names -fpass-plugin=%tessera -Rpass=tessera -mllvm -tessera-export-dir=%t.dir -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.dir/chol.0.json

// REMARK: SCoP rewritten: {{.*}} (2 run by OpenMP threads)
// CHECK: "new_loops": "{{.*}}S2(t1);\n{{ *}}// parallel, 8 rows at a time, each with its own scalars\n{{ *}}for (t3 = 0; t3 <= floord(n - t1 - 9, 8); t3++) {\n{{ *}}S3(t1, 8*t3);

double sqrt(double);

void chol(int n, double (*A)[n]) {
  for (int j = 0; j < n; j++) {
    for (int k = 0; k < j; k++)
      A[j][j] -= A[j][k] * A[j][k];
    A[j][j] = sqrt(A[j][j]);
    for (int i = j + 1; i < n; i++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
  }
}
