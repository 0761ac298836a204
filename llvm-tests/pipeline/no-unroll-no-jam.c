// A nest the user asked not to unroll gets no unroll-and-jam: a jam copies
// the loop's body once per row it runs together. The matrix-vector product
// by rows is jammed by 8 rows by default; with `#pragma nounroll` on its
// row loop, or under -fno-unroll-loops (clang then marks every loop
// llvm.loop.unroll.disable), it is not, and without the jam the nest
// keeps the source order: left as -O3 has it.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=JAM
// RUN: %clang -O3 -fno-unroll-loops -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOJAM
// RUN: %clang -O3 -DNOUNROLL -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOJAM
// The answers are -O3's.
// RUN: %clang -O3 -DMAIN -DNOUNROLL %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -DNOUNROLL -fpass-plugin=%tessera %s -o %t && %t > %t.out && diff %t.ref.out %t.out

// JAM: no-unroll-no-jam.c:[[@LINE+7]]:3: remark: SCoP rewritten: {{.*}}8 iterations of line [[@LINE+7]] at a time
// NOJAM-NOT: unroll-and-jam
// NOJAM: no-unroll-no-jam.c:[[@LINE+5]]:3: remark: SCoP not transformed: not profitable: the schedule keeps the original order
void mv(int n, double *restrict y, const double (*restrict a)[n], const double *restrict x) {
#ifdef NOUNROLL
#pragma nounroll
#endif
  for (int i = 0; i < n; i++) {
    double s = y[i];
    for (int j = 0; j < n; j++)
      s += a[i][j] * x[j];
    y[i] = s;
  }
}

#ifdef MAIN
#include <stdio.h>
int main(void) {
  enum { N = 45 };
  static double a[N][N], x[N], y[N];
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 / (i + 1);
    y[i] = i * 0.25;
    for (int j = 0; j < N; j++)
      a[i][j] = (double)(i * 13 - j * 7) / 11.0;
  }
  mv(N, y, a, x);
  for (int i = 0; i < N; i++)
    printf("%.17g\n", y[i]);
  return 0;
}
#endif
