// No loop is forced to vectorize where the loop vectorizer cannot or must
// not vectorize it:
// - a target without vector registers (32-bit x86 before SSE: `-m32`
//   without `-march`): LoopVectorize cannot vectorize there, and a forced
//   loop made it warn in the user's build (-Wpass-failed=transform-warning,
//   once per loop: 258 warnings over the bench kernels and e2e programs);
// - `-fno-vectorize`: the vectorizer then takes only the loops that ask for
//   it, and Tessera's forced loops came out vectorized against the user's
//   word.
// Elsewhere the same loop is forced, as always (every SCoP rewritten:
// -tessera-rewrite-all).
// RUN: %clang --target=i686-linux-gnu -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOVEC --implicit-check-not=warning:
// RUN: %clang --target=i686-linux-gnu -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NOVEC-IR
// RUN: %clang --target=x86_64-linux-gnu -fno-vectorize -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOVEC --implicit-check-not=warning:
// RUN: %clang --target=x86_64-linux-gnu -fno-vectorize -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NOVEC-IR
// RUN: %clang --target=x86_64-linux-gnu -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=VEC --implicit-check-not=warning:
// RUN: %clang --target=i686-linux-gnu -msse2 -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=VEC --implicit-check-not=warning:

// NOVEC: no-forced-vectorization.c:[[@LINE+3]]:3: remark: SCoP rewritten: {{.*}} 0 marked vectorizable
// VEC: no-forced-vectorization.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}} {{[1-9][0-9]*}} marked vectorizable
void blur(int n, int m, float (*restrict b)[m], const float (*restrict a)[m]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      b[i][j] = (a[i - 1][j] + a[i][j] + a[i + 1][j]) * 0.25f;
}
// NOVEC-IR: define {{.*}} @blur(
// NOVEC-IR-NOT: llvm.loop.vectorize.enable
