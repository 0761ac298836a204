// A transpose's point loop walks one array along its rows and the other
// across them. With constant rows a multiple of the L1's way size apart
// (4096 doubles: 32 KiB) every line the walk touches falls into one cache
// set, which holds as many lines as the L1 has ways: the loop along the
// row gets that many iterations, in whole vectors (8 for the generic
// x86-64 target: 8 ways, 2-double vectors). Rows 3000 doubles apart
// spread their lines over the sets, but each is on a page of its own: a
// nest that only moves data runs half as many iterations as the L1 data
// TLB has entries (32 of the 64 assumed without -march=native). With
// arithmetic to pay for too (the transpose scaled), such rows keep the
// size from the L1's capacity. Rows of a size known only at run time:
// as rows a page apart.
// RUN: %clang -O3 -DN=4096 -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SETS
// RUN: %clang -O3 -DN=4096 -DSCALE=2.0 -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SETS
// RUN: %clang -O3 -DN=3000 -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAGES
// RUN: %clang -O3 -DN=3000 -DSCALE=2.0 -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPREAD
// RUN: %clang -O3 -DRUNTIME -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=RUNTIME

#ifdef RUNTIME
// RUNTIME: transpose-cache-sets.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}} by {{[0-9]+}}x32;
void transpose(int n, double (*restrict A)[n], double (*restrict B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[j][i] = A[i][j];
}
#else
double A[N][N], B[N][N];

// SETS: transpose-cache-sets.c:[[@LINE+4]]:3: remark: SCoP rewritten: {{.*}} by {{[0-9]+}}x8 [
// PAGES: transpose-cache-sets.c:[[@LINE+3]]:3: remark: SCoP rewritten: {{.*}} by {{[0-9]+}}x32;
// SPREAD: transpose-cache-sets.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}} by {{[0-9]+}}x{{[0-9][0-9][0-9]+}};
void transpose(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
#ifdef SCALE
      B[j][i] = SCALE * A[i][j];
#else
      B[j][i] = A[i][j];
#endif
}
#endif
