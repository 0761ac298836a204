// A nine-point Gauss-Seidel sweep with constant sizes (the shape of the
// usual benchmark's seidel-2d). After -O3's GVN the value just stored to
// A[i][j] reaches the next point in a register (a PHI fed by the store):
// mapped back to its cell, the sweep is one statement with no scalar, and
// its rows, skewed by the row as well as by time (it reads A[i-1][j+1]),
// are jammed eight at a time in full tiles, each row starting one point
// after the one before (first and last points of a group under guards).
// The program prints what -O0's prints, with and without -fopenmp, on one
// and two threads.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-check-schedules -Rpass=tessera -DMAIN %s -o %t.exe 2>%t.err
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-check-schedules -DMAIN %s -o %t.omp
// RUN: %clang -O0 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %t.exe > %t.out && diff %t.ref.out %t.out
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.1.out && diff %t.ref.out %t.1.out
// RUN: env OMP_NUM_THREADS=2 %t.omp > %t.2.out && diff %t.ref.out %t.2.out

// REMARK: remark: SCoP rewritten: {{.*}}8 iterations of {{.*}} at a time along 2*line {{[0-9]+}}+line {{[0-9]+}}+line {{[0-9]+}} in full tiles (unroll-and-jam)
// REMARK-NOT: SCoP not transformed

#define N 420
#define T 20

double A[N][N];

void sweep(void) {
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] +
                   A[i + 1][j + 1]) /
                  9.0;
}

#ifdef MAIN
#include <stdio.h>
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((3 * i * i + j * j + i * j + 1) % 89) / 8.9;
  sweep();
  double s = 0, w = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      s += A[i][j];
      w += A[i][j] * (double)((i * N + j) % 7 + 1);
    }
  printf("%.17g %.17g %.17g %.17g\n", s, w, A[1][1], A[N / 2][N / 3]);
  return 0;
}
#endif
