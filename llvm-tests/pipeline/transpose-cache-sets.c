// A transpose's point loop walks one array along its rows and the other
// across them. With constant rows a multiple of the L1's way size apart
// (4096 doubles: 32 KiB) every line the walk touches falls into one cache
// set, which holds as many lines as the L1 has ways: the loop along the
// row gets that many iterations, in whole vectors (8 for the generic
// x86-64 target: 8 ways, 2-double vectors). Rows 3000 doubles apart
// spread their lines over the sets and keep the size from the L1's
// capacity.
// RUN: %clang -O3 -DN=4096 -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SETS
// RUN: %clang -O3 -DN=3000 -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPREAD

double A[N][N], B[N][N];

// SETS: transpose-cache-sets.c:[[@LINE+3]]:3: remark: SCoP rewritten: {{.*}} by {{[0-9]+}}x8 [
// SPREAD: transpose-cache-sets.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}} by {{[0-9]+}}x{{[0-9][0-9][0-9]+}};
void transpose(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      B[j][i] = A[i][j];
}
