// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// size_t counters and bounds (unsigned compares, zext): accepted where the
// values are provably or assumedly non-negative; n >= 1 and m >= 1 are checked
// at run time (SCEV's trip counts are unsigned).
// CHECK: SCoP in 'scale': loop nest, 2 loop(s), 1 statement(s)
// CHECK-NEXT: context: [n, m] -> { : true }
// CHECK-NEXT: assumed (checked at run time): [n, m] -> { : n >= 1 and m >= 1 }
// CHECK: A: float[*][m] (may alias)
// CHECK: write: [n, m] -> { S0[i0, i1] -> A[i0, i1] }

#include <stddef.h>
void scale(size_t n, size_t m, float *A, float s) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < m; j++)
      A[i * m + j] *= s;
}
