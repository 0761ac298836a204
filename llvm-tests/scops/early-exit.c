// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: function 'find': 1 loop(s), 0 SCoP(s)
// CHECK-NEXT: not a SCoP: complex control flow: loop with several exits (break or return inside)

int find(int n, const int *a, int key) {
  for (int i = 0; i < n; i++)
    if (a[i] == key)
      return i;
  return -1;
}
