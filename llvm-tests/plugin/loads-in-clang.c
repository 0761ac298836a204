// clang -O3 loads the plugin, runs it at the vectorizer start and emits
// remarks under the pass name "tessera"; -tessera-enable=0 turns it off;
// -O1 does not run it, nor do -Os and -Oz (small code asked for).
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ON
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-enable=0 -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | count 0
// RUN: %clang -O1 -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | count 0
// RUN: %clang -Os -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | count 0
// RUN: %clang -Oz -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | count 0
// RUN: %clang -O2 -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ON

// ON: loads-in-clang.c:[[@LINE+2]]:3: remark: {{.*}} [-Rpass-analysis=tessera]
void scale(int n, double *a) {
  for (int i = 0; i < n; i++)
    a[i] *= 2.0;
}
