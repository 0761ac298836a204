// Degrade, don't drop (issue 23), at the scale LLVM makes: a correlation
// whose filter is almost as wide as the image (constant sizes) has an
// output row of 11 points, which LLVM unrolls fully before Tessera runs:
// one SCoP of 44 statements. Its dependences and the scheduler spend most
// of the SCoP's work allowance; the source order is kept, and its loop
// nest is still generated (it was given up for loop generation's budget,
// then for the profitability model's): the arrays may overlap, and behind
// the alias checks each point's sum stays in a register instead of going
// to memory at every term. No remark gives the SCoP up for a budget, and
// the program prints what -O0's prints, with and without -fopenmp, on one
// and two threads.
// The SCoP's own limits are tested: the module's (cost::work), which a
// file this small would reach first, is lifted.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-work-per-instruction=0 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not='budget [-Rpass-missed' --implicit-check-not='overflow'
// RUN: %clang -O0 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-work-per-instruction=0 %s -o %t && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera -mllvm -tessera-work-per-instruction=0 %s -o %t.omp
// RUN: env OMP_NUM_THREADS=1 %t.omp > %t.1.out && diff %t.ref.out %t.1.out
// RUN: env OMP_NUM_THREADS=2 %t.omp > %t.2.out && diff %t.ref.out %t.2.out

// CHECK: unrolled-row-degrades.c:[[@LINE+7]]:3: remark: SCoP rewritten:

#define N 100
#define W 90
#define M (N - W + 1)

void correlate(double (*out)[M], double (*in)[N], double (*f)[W]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) {
      out[i][j] = 0.0;
      for (int a = 0; a < W; a++)
        for (int b = 0; b < W; b++)
          out[i][j] += in[i + a][j + b] * f[a][b];
    }
}

#ifdef MAIN
#include <stdio.h>
double out[M][M], in[N][N], f[W][W];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      in[i][j] = (double)((i * 31 + j * 17) % 23) / 23.0;
  for (int a = 0; a < W; a++)
    for (int b = 0; b < W; b++)
      f[a][b] = (double)((a * 7 + b * 3) % 11) / 11.0 - 0.5;
  correlate(out, in, f);
  double s = 0, w = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) {
      s += out[i][j];
      w += out[i][j] * (double)(i * M + j + 1);
    }
  printf("%.17g %.17g %.17g\n", s, w, out[M / 2][M / 3]);
  return 0;
}
#endif
