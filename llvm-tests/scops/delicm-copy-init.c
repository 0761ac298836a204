// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// A min-plus product: E[i][j] starts as a copy of D[i][j] and the k loop
// stores every update to E[i][j]; -O3 carries the value in a register from
// the copy's load of D. The register is the cell E[i][j] (the copy stored
// it there), not D[i][j] (where it was loaded from): mapped back to E, the
// k loop carries no scalar and the nest can be tiled.
// CHECK: SCoP in 'minplus': loop nest, 3 loop(s), 2 statement(s)
// CHECK: S0 (block
// CHECK: read: [n] -> { S0[i0, i1] -> D[i0, i1] }
// CHECK-NEXT: write: [n] -> { S0[i0, i1] -> E[i0, i1] }
// CHECK-NEXT: S1 (block
// CHECK-NEXT: domain:
// CHECK-NEXT: schedule:
// CHECK-NEXT: read: [n] -> { S1[i0, i1, i2] -> D[i0, i2] }
// CHECK-NEXT: read: [n] -> { S1[i0, i1, i2] -> D[i2, i1] }
// CHECK-NEXT: write: [n] -> { S1[i0, i1, i2] -> E[i0, i1] }
// CHECK-NOT: scalar_
// CHECK: tessera: function 'restricted'
//
// With restrict arrays LICM keeps the whole update in a register (the copy
// to E is dead): the value enters loaded from D, the loop touches neither
// D[i][j] nor E, and the final value is stored to E[i][j]. The copy's
// statement now stores the initial value to E[i][j] and the loop updates
// it there.
// CHECK: S0 (block
// CHECK: read: [n] -> { S0[i0, i1] -> D[i0, i1] }
// CHECK-NEXT: write: [n] -> { S0[i0, i1] -> E[i0, i1] }
// CHECK-NEXT: body: copy 1; store '{{.*}}' to E
// CHECK-NEXT: S1 (block
// CHECK-NEXT: domain:
// CHECK-NEXT: schedule:
// CHECK-NEXT: read: [n] -> { S1[i0, i1, i2] -> D[i0, i2] }
// CHECK-NEXT: read: [n] -> { S1[i0, i1, i2] -> D[i2, i1] }
// CHECK-NEXT: write: [n] -> { S1[i0, i1, i2] -> E[i0, i1] }
// CHECK-NOT: scalar_
// CHECK: tessera: function 'reads_row'
//
// The loop reads row i of E, E[i][j] itself when k = j: the program reads
// the old E[i][j] there, not the running minimum, so the register cannot
// live in E[i][j] during the loop. The scalar stays.
// CHECK: S1 (block
// CHECK: read: [n] -> { S1[i0, i1, i2] -> E[i0, i2] }
// CHECK: scalar_
void minplus(int n, double (*E)[n], const double (*D)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      E[i][j] = D[i][j];
      for (int k = 0; k < n; k++)
        E[i][j] = D[i][k] + D[k][j] < E[i][j] ? D[i][k] + D[k][j] : E[i][j];
    }
}

void restricted(int n, double (*restrict E)[n], const double (*restrict D)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      E[i][j] = D[i][j];
      for (int k = 0; k < n; k++)
        E[i][j] = D[i][k] + D[k][j] < E[i][j] ? D[i][k] + D[k][j] : E[i][j];
    }
}

void reads_row(int n, double (*restrict E)[n], const double (*restrict D)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double m = D[i][j];
      for (int k = 0; k < n; k++)
        m = m < D[i][k] + E[i][k] ? m : D[i][k] + E[i][k];
      E[i][j] = m;
    }
}
