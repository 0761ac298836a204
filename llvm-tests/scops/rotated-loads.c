// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// At -O3, GVN carries a[i][j] and a[i][j+1] from one iteration of j to the
// next in registers (PHIs fed by the next iteration's load). The model
// reads the cells again instead: the j loop carries no scalar, so the nest
// can be tiled and run in parallel. The statement of the preheader, which
// only loaded the first values, goes with the scalars.
// CHECK: SCoP in 'rows': loop nest, 2 loop(s), 1 statement(s)
// CHECK: S1 (block 'for.body4.us'):
// CHECK-NEXT: domain: [n, m] -> { S1[i0, i1] : i0 >= 0 and n >= i0 + 1 and i1 >= 0 and m >= i1 + 3 }
// CHECK-NEXT: schedule: [n, m] -> { S1[i0, i1] -> [0, i0, 1, i1, 0] }
// CHECK-NEXT: read: [n, m] -> { S1[i0, i1] -> a[i0, i1] }
// CHECK-NEXT: read: [n, m] -> { S1[i0, i1] -> a[i0, i1 + 2] }
// CHECK-NEXT: write: [n, m] -> { S1[i0, i1] -> b[i0, i1 + 1] }
// CHECK-NEXT: read: [n, m] -> { S1[i0, i1] -> a[i0, i1 + 1] }
// CHECK-NEXT: body: read '{{.*}}' from a earlier; copy 6
// CHECK-NEXT: tessera: function 'in_place'
//
// In place, the loop writes the array it rotates, but one column behind
// the carried cell: no store comes between the load and the use, so the
// cell is read again as well (before the statement's store to it: the
// body plan reads it first).
// CHECK: S1 (block 'for.body4.us'):
// CHECK-NEXT: domain:
// CHECK-NEXT: schedule:
// CHECK-NEXT: read: [n, m] -> { S1[i0, i1] -> a[i0, i1] }
// CHECK-NEXT: read: [n, m] -> { S1[i0, i1] -> a[i0, i1 + 2] }
// CHECK-NEXT: write: [n, m] -> { S1[i0, i1] -> a[i0, i1 + 1] }
// CHECK-NEXT: read: [n, m] -> { S1[i0, i1] -> a[i0, i1 + 1] }
// CHECK-NEXT: body: read '{{.*}}' from a earlier; copy 6
// CHECK-NEXT: tessera: function 'clobbered'
//
// Here the store of each iteration overwrites the cell just loaded, which
// the next iteration uses from the register: the old value, no longer in
// memory. The scalar stays.
// CHECK: S0 (block 'for.body'):
// CHECK: read: [n] -> { S0[i0] -> a[i0 + 1] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> a[i0 + 1] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> scalar_prev{{.*}}[] }
// CHECK-NEXT: read: [n] -> { S0[i0] -> scalar_prev{{.*}}[] }
//
// At the top of the region the first value is loaded before it (in the
// loop's preheader): its address must be the cell's at the iteration
// before the first, and nothing may write memory after it there.
// CHECK: SCoP in 'top': loop nest, 1 loop(s), 1 statement(s)
// CHECK: S0 (block 'for.body'):
// CHECK-NEXT: domain: [n] -> { S0[i0] : i0 >= 0 and n >= i0 + 3 }
// CHECK-NEXT: schedule: [n] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: read: [n] -> { S0[i0] -> a[i0] }
// CHECK-NEXT: read: [n] -> { S0[i0] -> a[i0 + 2] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> b[i0 + 1] }
// CHECK-NEXT: read: [n] -> { S0[i0] -> a[i0 + 1] }
// CHECK-NOT: scalar_
//
// A value the loop stored is carried the same way: in a nine-point
// Gauss-Seidel sweep GVN forwards the store to A[i][j] to the next point's
// read of A[i][j - 1]. That cell is read again too (the store's address
// one iteration earlier): one statement, no scalar.
// CHECK: SCoP in 'nine': loop nest, 3 loop(s), 1 statement(s)
// CHECK-NOT: scalar_
// CHECK: write: [] -> { S{{[0-9]+}}[i0, i1, i2] -> A[1200i1 + i2 + 1201] }
// CHECK-NOT: scalar_
// CHECK: body: read '{{.*}}' from A earlier; read '{{.*}}' from A earlier; read '{{.*}}' from A earlier; read '{{.*}}' from A earlier
// CHECK-NOT: scalar_

void rows(int n, int m, double (*restrict b)[m], const double (*restrict a)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m - 1; j++)
      b[i][j] = a[i][j - 1] + 2.0 * a[i][j] + a[i][j + 1];
}

void in_place(int n, int m, double (*a)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m - 1; j++)
      a[i][j] = a[i][j - 1] + 2.0 * a[i][j] + a[i][j + 1];
}

void clobbered(int n, double *a) {
  double prev = a[0];
  for (int j = 0; j < n; j++) {
    double cur = a[j + 1];
    a[j + 1] = prev + cur;
    prev = cur;
  }
}

void top(int n, double *restrict b, const double *restrict a) {
  for (int i = 1; i < n - 1; i++)
    b[i] = a[i - 1] + 2.0 * a[i] + a[i + 1];
}

double A[1200][1200];

void nine(void) {
  for (int t = 0; t < 40; t++)
    for (int i = 1; i < 1199; i++)
      for (int j = 1; j < 1199; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}
