// -tessera-export-dir writes each SCoP as JSON; -tessera-report prints the
// loop counts by reason at exit; an unwritable directory is a warning.
// RUN: rm -rf %t.dir
// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-export-dir=%t.dir -mllvm -tessera-report -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s --check-prefix=JSON < %t.dir/add.0.json
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-export-dir=/proc/no-such-dir -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// REPORT: tessera report:
// REPORT-NEXT: 1  SCoPs rewritten
// REPORT-NEXT: 2  loops in a SCoP
// REPORT-NEXT: 1  loops not in a SCoP: unsupported call

// JSON: "function": "add",
// JSON: "params": ["n", "m"],
// JSON: "arrays": [{{.*}}{"name": "A", "type": "double[*][m]", "noalias": false}
// JSON: "domain": "[n, m] -> { S0[i0, i1] : i0 >= 0 and n >= i0 + 1 and i1 >= 0 and m >= i1 + 1 }"
// JSON: "new_schedule": "
// JSON: "new_loops": "// parallel\n

// BAD: warning: tessera: cannot write /proc/no-such-dir/add.0.json

void add(int n, int m, double (*A)[m], double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] += B[i][j];
}

int next(int);
void chase(int n, int *a) {
  for (int i = 0; i < n; i++)
    a[i] = next(a[i]);
}
