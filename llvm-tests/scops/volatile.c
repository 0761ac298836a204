// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: function 'poke': 1 loop(s), 0 SCoP(s)
// CHECK-NEXT: not a SCoP: unsupported instruction: volatile access

void poke(int n, volatile int *p) {
  for (int i = 0; i < n; i++)
    p[i] = i;
}
