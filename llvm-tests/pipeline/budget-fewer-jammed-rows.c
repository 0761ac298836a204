// The code-size budget and a stencil's jammed rows: the nine-point
// Gauss-Seidel sweep with its sizes known only at run time, rows jammed
// eight at a time (each starting one point after the one before: three
// copies of the eight statements per full tile), would add about 1,529
// instructions to a function allowed 1,500. Before the full tiles lose
// their separation (which the jam needs), the rows are jammed half as many
// at a time, and the remark says so. Outputs equal -O0's.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-check-schedules -Rpass=tessera -DMAIN %s -o %t.exe 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %clang -O0 -DMAIN %s -o %t.ref && %t.ref 300 6 > %t.ref.out
// RUN: %t.exe 300 6 > %t.out && diff %t.ref.out %t.out
// RUN: %t.ref 37 3 > %t.ref2.out && %t.exe 37 3 > %t.out2 && diff %t.ref2.out %t.out2

// CHECK: remark: SCoP rewritten: {{.*}}full tiles separated; 4 iterations of {{.*}} in full tiles (unroll-and-jam){{.*}}given up: rows jammed as many at a time (the rewrite would add about

void sweep(int n, int steps, double (*g)[n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        g[i][j] = (g[i - 1][j - 1] + g[i - 1][j] + g[i - 1][j + 1] + g[i][j - 1] + g[i][j] + g[i][j + 1] + g[i + 1][j - 1] + g[i + 1][j] +
                   g[i + 1][j + 1]) /
                  9.0;
}

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300, steps = argc > 2 ? atoi(argv[2]) : 6;
  double (*g)[n] = malloc(sizeof(double) * n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      g[i][j] = (double)((3 * i * i + j * j + i * j + 1) % 89) / 8.9;
  sweep(n, steps, g);
  double s = 0, w = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      s += g[i][j];
      w += g[i][j] * (double)((i * n + j) % 7 + 1);
    }
  printf("%.17g %.17g %.17g\n", s, w, g[n / 2][n / 3]);
  free(g);
  return 0;
}
#endif
