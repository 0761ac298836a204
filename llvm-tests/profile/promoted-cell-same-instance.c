// A cell kept in a register along an inner loop (plan::promote) must not be
// reached in the same instance by another access of its statement through
// other subscripts: `A0[i0 - 1] = ..; t0 = A0[n0 - i0]` meet at 2 i0 = n0 + 1.
// No dependence joins an instance to itself, so only a direct test of the
// two subscripts sees it. Here the version specialized for n0 = 3 (its one
// row, the stores and the inner loop fused) kept A0[1] in a register and
// the load read the old A0[1]: A0[2] came out 17 instead of -51
// (scripts/fuzz --seed 20272601, program 202, reduced).
// RUN: rm -f %t.prof
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-generate=%t.prof -ffp-contract=off %s -o %t.gen -lm
// RUN: %t.gen 3 > /dev/null
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-use=%t.prof -ffp-contract=off -Rpass=tessera %s -o %t.use -lm 2>&1 | FileCheck %s
// RUN: %clang -O0 -ffp-contract=off %s -o %t.ref -lm
// RUN: %t.ref 3 > %t.ref.out && %t.use 3 > %t.use.out && diff %t.ref.out %t.use.out
// CHECK: remark: specialized version for arg0 = 3
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* NaNs hash as one: their sign and payload are unspecified (C, LLVM). */
static unsigned long hash_double(const double *a, long n) {
  unsigned long h = 1469598103934665603UL;
  for (long i = 0; i < n; i++) {
    unsigned long b = 0x7ff8000000000000UL;
    if (a[i] == a[i])
      memcpy(&b, &a[i], sizeof b);
    h = (h ^ b) * 1099511628211UL;
  }
  return h;
}
static double canon_nan(double x) {
  return x == x ? x : __builtin_nan("");
}
static unsigned long hash_long(const long *a, long n) {
  unsigned long h = 1469598103934665603UL;
  for (long i = 0; i < n; i++)
    h = (h ^ (unsigned long)a[i]) * 1099511628211UL;
  return h;
}
static unsigned long hash_int(const int *a, long n) {
  unsigned long h = 1469598103934665603UL;
  for (long i = 0; i < n; i++)
    h = (h ^ (unsigned long)(long)a[i]) * 1099511628211UL;
  return h;
}
static void init_double(double *a, long n, int salt) {
  for (long i = 0; i < n; i++)
    a[i] = (double)((i * 37 + salt * 11) % 29) / 16.0 - 0.875;
}
static void init_long(long *a, long n, int salt) {
  for (long i = 0; i < n; i++)
    a[i] = (i * 37 + salt * 11) % 41 - 20;
}
static void init_int(int *a, long n, int salt) {
  for (long i = 0; i < n; i++)
    a[i] = (int)((i * 37 + salt * 11) % 41) - 20;
}
static void dump_double(const char *what, const double *a, long n) {
  if (!getenv("FUZZ_DUMP")) return;
  for (long i = 0; i < n; i++) printf("  %s[%ld] = %a\n", what, i, a[i]);
}
static void dump_long(const char *what, const long *a, long n) {
  if (!getenv("FUZZ_DUMP")) return;
  for (long i = 0; i < n; i++) printf("  %s[%ld] = %ld\n", what, i, a[i]);
}
static void dump_int(const char *what, const int *a, long n) {
  if (!getenv("FUZZ_DUMP")) return;
  for (long i = 0; i < n; i++) printf("  %s[%ld] = %d\n", what, i, a[i]);
}

__attribute__((noinline)) void kernel(int n0, int *A0, long *A1, double (*A3)[n0][(n0 + 6)], long *lout, double *dout) {
  for (int i0 = 2; i0 < n0; i0++) {
    A0[i0 - 1] = 3 * (A1[i0] % 1000);
    {
      int t0 = (A0[-i0 + n0] % 1000);
      for (int i1 = i0 - 1; i1 < n0; i1++) {
        A3[-i1 + n0][i1][i1 + 2] = 0.03125 * (double)(-2 * i0 - i1);
      }
      A0[i0] = t0;
    }
  }
}

int main(int argc, char **argv) {
  int n0 = argc > 1 ? atoi(argv[1]) : 3;
  if (n0 < 1) n0 = 1;
  if (n0 > 58) n0 = 58;
  long sz_A0 = (long)n0;
  long sz_A1 = (long)n0;
  long sz_A3 = (long)n0 * (long)n0 * (long)(n0 + 6);
  long lout[4] = {0, 0, 0, 0};
  double dout[4] = {0, 0, 0, 0};
  {
    int *A0 = malloc(sizeof(int) * sz_A0);
    if (!A0) return 1;
    init_int(A0, sz_A0, 0);
    long *A1 = malloc(sizeof(long) * sz_A1);
    if (!A1) return 1;
    init_long(A1, sz_A1, 1);
    double *A3 = malloc(sizeof(double) * sz_A3);
    if (!A3) return 1;
    init_double(A3, sz_A3, 2);
    kernel(n0, (void *)A0, (void *)A1, (void *)A3, lout, dout);
    printf("disjoint A0 0x%016lx\n", hash_int(A0, sz_A0));
    dump_int("A0", A0, sz_A0);
    printf("disjoint A1 0x%016lx\n", hash_long(A1, sz_A1));
    dump_long("A1", A1, sz_A1);
    printf("disjoint A3 0x%016lx\n", hash_double(A3, sz_A3));
    dump_double("A3", A3, sz_A3);
    for (int k = 0; k < 4; k++)
      printf("disjoint out%d %ld %a\n", k, lout[k], canon_nan(dout[k]));
    free(A0);
    free(A1);
    free(A3);
  }
  return 0;
}
