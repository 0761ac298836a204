// -flto=thin: LLVM's optimization pipeline, and the vectorizer's extension
// point with it, runs at link time, in a linker that loads no pass plugin
// unless told to. Tessera runs in the compile-time (pre-link) pipeline
// instead: the nest is rewritten there, and the linked program (gold with
// LLVM's plugin) prints what plain -O3 prints.
// RUN: %clang -O3 -flto=thin -fpass-plugin=%tessera -Rpass=tessera -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: remark: SCoP rewritten: {{.*}}tiled
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -flto=thin -fuse-ld=gold -fpass-plugin=%tessera -DMAIN %s -o %t.thin && %t.thin > %t.thin.out && diff %t.ref.out %t.thin.out
// A later pipeline that runs the plugin again (a linker that loads it, or
// full LTO's link-time pipeline) finds the function marked and leaves it
// as rewritten, instead of tiling its tiles again:
// RUN: %llvm_dis %t.o -o - | FileCheck %s --check-prefix=MARK
// MARK: attributes #{{[0-9]+}} = { {{.*}}"tessera-rewritten"
// RUN: %optt -passes='default<O3>' -pass-remarks=tessera -disable-output %t.o 2>&1 | FileCheck %s --check-prefix=AGAIN --allow-empty
// AGAIN-NOT: SCoP rewritten
// Without -flto the rewrite happens where it always does, once:
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN-COUNT-1: remark: SCoP rewritten
// PLAIN-NOT: remark: SCoP rewritten

void transpose_add(int n, int m, double A[n][m], double B[m][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[j][i] += A[i][j] * 0.5;
}

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 301, m = 277;
  double (*A)[m] = malloc(sizeof(double[n][m])), (*B)[n] = malloc(sizeof(double[m][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = (i * 3 + j) % 11 * 0.25;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      B[j][i] = (i + j) % 7;
  transpose_add(n, m, A, B);
  double s = 0;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      s += B[j][i] * (1 + (i + 2 * j) % 5);
  printf("%a\n", s);
  return 0;
}
#endif
