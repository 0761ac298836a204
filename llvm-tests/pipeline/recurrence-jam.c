// A parallel loop around a floating-point recurrence carried in scalars (a
// recursive filter along each row, y = a*x + b1*y1 + b2*y2) runs eight of
// its rows together, each with its own carried values
// (ast::reduction_jam): before, such a nest was turned down before any
// polyhedral work as one statement streaming its arrays
// (cost::profit::lone_statement), and the jam was only for sums. A loop
// that is not parallel only through memory (Floyd-Warshall's row reads
// the cell its iteration k writes) is no such chain: LLVM vectorizes it
// behind run-time checks, so it is left alone. The results are bit for
// bit -O3's, at any thread count.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t.omp && env OMP_NUM_THREADS=2 %t.omp > %t.omp.out && diff %t.ref.out %t.omp.out

// CHECK: recurrence-jam.c:[[@LINE+3]]:3: remark: SCoP rewritten: {{.*}}; 8 iterations of line [[@LINE+3]] at a time along line [[@LINE+5]], each with its own running values (unroll-and-jam)
__attribute__((noinline)) void smooth_rows(int n, int m, double (*in)[m], double (*out)[m]) {
  const double a0 = 0.25, a1 = 0.125, b1 = 0.75, b2 = -0.125;
  for (int i = 0; i < n; i++) {
    double y1 = 0.0, y2 = 0.0, x1 = 0.0;
    for (int j = 0; j < m; j++) {
      double y = a0 * in[i][j] + a1 * x1 + b1 * y1 + b2 * y2;
      out[i][j] = y;
      x1 = in[i][j];
      y2 = y1;
      y1 = y;
    }
  }
}

// CHECK-NOT: iterations of line [[@LINE+4]] at a time
// CHECK: recurrence-jam.c:[[@LINE+3]]:3: remark:
// CHECK-NOT: iterations of line [[@LINE+3]] at a time
__attribute__((noinline)) void floyd(int n, double (*D)[n]) {
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        D[i][j] = D[i][k] + D[k][j] < D[i][j] ? D[i][k] + D[k][j] : D[i][j];
}

#ifdef MAIN
#include <stdio.h>
static double in[37][29], out[37][29], D[37][37];

int main(void) {
  int sizes[][2] = {{1, 1}, {7, 5}, {8, 8}, {9, 29}, {37, 17}};
  for (int k = 0; k < 5; k++) {
    int n = sizes[k][0], m = sizes[k][1];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++)
        in[i][j] = ((i * 5 + j * 3) % 7) / 7.0;
      for (int j = 0; j < n; j++)
        D[i][j] = i == j ? 0.0 : 1.0 + (i * 7 + j * 3) % 11;
    }
    smooth_rows(n, m, (double (*)[m])in, (double (*)[m])out);
    floyd(n, (double (*)[n])D);
    double h = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++)
        h = h * 0.5 + ((double (*)[m])out)[i][j];
      for (int j = 0; j < n; j++)
        h = h * 0.5 + ((double (*)[n])D)[i][j];
    }
    printf("%d %d %a\n", n, m, h);
  }
  return 0;
}
#endif
