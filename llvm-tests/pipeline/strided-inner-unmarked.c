// An innermost parallel loop that walks every other element of a row is
// left to LoopVectorize's own analysis: marked parallel, it would gather
// and scatter each element (a red-black sweep ran 2.2x slower than plain
// -O3 that way); unmarked, it loads wide vectors and shuffles them. Loops
// with unit strides are still marked.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all '-Rpass=tessera|loop-vectorize' -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: strided-inner-unmarked.c:[[@LINE+3]]:3: remark: SCoP rewritten: {{.*}}, 0 marked vectorizable
// CHECK: strided-inner-unmarked.c:[[@LINE+2]]:3: remark: vectorized loop
void every_other(int n, int m, double (*restrict A)[m], const double (*restrict B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m - 1; j += 2)
      A[i][j] = 0.5 * (B[i][j] + B[i][j + 1]);
}

// CHECK: strided-inner-unmarked.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}, 1 marked vectorizable
void every_one(int n, double (*restrict A)[n], const double (*restrict B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = 0.5 * B[i][j];
}
