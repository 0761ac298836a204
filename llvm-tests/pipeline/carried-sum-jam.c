// A loop that is not parallel is jammed around its floating-point sums
// when no dependence it carries turns back with its rows run together
// (sched::marks::jam_blocked): A^T·(A·x) by rows carries y[j]'s sums in
// i, yet eight rows may advance together, each y[j] still taking its terms
// in the order of i. A forward substitution's row ends by writing x[i],
// which every later row reads at j = i, an earlier item: left as it is.
// A function with jammed rows asks the x86 backend for no gathers (the
// SLP vectorizer gathered the rows' terms: 2.4x slower than the chains),
// keeping the target's other features. The results are bit for bit
// -O3's, at any thread count.
// RUN: %clang -O3 -march=x86-64-v4 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -march=x86-64-v4 -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -O3 -march=x86-64-v4 -fpass-plugin=%tessera -S -emit-llvm %s -o - | grep -c prefer-no-gather | FileCheck %s --check-prefix=ONE
// RUN: %clang -O3 -march=x86-64-v4 -Xclang -target-feature -Xclang -prefer-no-gather -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s --check-prefix=USER
// RUN: %clang -O3 -march=x86-64-v4 -fpass-plugin=%tessera -S %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t.omp && env OMP_NUM_THREADS=2 %t.omp > %t.omp.out && diff %t.ref.out %t.omp.out

// CHECK: carried-sum-jam.c:[[@LINE+6]]:3: remark: SCoP rewritten: {{.*}}; 8 iterations of line [[@LINE+6]] at a time along line [[@LINE+8]]/line [[@LINE+10]], each with its own running values (unroll-and-jam)
// IR: define {{.*}}void @atax({{.*}} #[[JAM:[0-9]+]]
// ASM-LABEL: atax:
// ASM-NOT: vgather
// ASM: .cfi_endproc
void atax(int m, int n, double A[m][n], const double *x, double *y, double *t) {
  for (int i = 0; i < m; i++) {
    t[i] = 0.0;
    for (int j = 0; j < n; j++)
      t[i] = t[i] + A[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * t[i];
  }
}

// CHECK-NOT: remark: SCoP rewritten: {{.*}}iterations of line [[@LINE+3]]
// CHECK: carried-sum-jam.c:[[@LINE+2]]:3: remark:
void trisolv(int n, double (*L)[n], const double *b, double *x) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

// IR: attributes #[[JAM]] = { {{.*}}"target-features"="+{{.*}},+prefer-no-gather"
// Only atax's attributes ask for it; a user's own choice stands.
// ONE: {{^}}1{{$}}
// USER: "target-features"="{{.*}}-prefer-no-gather
// USER-NOT: +prefer-no-gather

#ifdef MAIN
#include <stdio.h>
static double A[77][61], L[77][77], x[77], y[61], t[77];

int main(void) {
  int sizes[][2] = {{1, 1}, {8, 8}, {9, 5}, {23, 61}, {77, 40}};
  for (int k = 0; k < 5; k++) {
    int m = sizes[k][0], n = sizes[k][1];
    for (int i = 0; i < m; i++) {
      x[i] = (i % 7) * 0.5 - 1.25;
      for (int j = 0; j < n; j++)
        A[i][j] = ((i * 3 + j * 5) % 11) / 11.0 - 0.3;
      for (int j = 0; j < m; j++)
        L[i][j] = (i == j ? 3.0 : 0.0) + ((i + j) % 4) / 16.0;
    }
    for (int j = 0; j < n; j++)
      y[j] = 0.0;
    atax(m, n, (double (*)[n])A, x, y, t);
    trisolv(m, (double (*)[m])L, x, t);
    double h = 0;
    for (int j = 0; j < n; j++)
      h = h * 0.5 + y[j];
    for (int i = 0; i < m; i++)
      h = h * 0.5 + t[i];
    printf("%d %d %a\n", m, n, h);
  }
  return 0;
}
#endif
