// The profile workflow's instrumented build of a nest whose view the
// instrumentation made stale (a fuzzer's program, seed 20271128:81,
// reduced): its nests, ready as they were for code generation, are still
// analysed again before they are rewritten, and the instrumented program
// prints what -O0 prints. (Reusing the view from before the
// instrumentation left an instruction not dominating its uses: an
// internal error, the nest left as it was.)
// RUN: rm -f %t.prof
// RUN: %clang -O0 -ffp-contract=off %s -o %t.ref -lm && %t.ref > %t.ref.out
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-generate=%t.prof -ffp-contract=off %s -o %t.gen -lm 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning
// RUN: %t.gen > %t.gen.out && diff %t.ref.out %t.gen.out
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

__attribute__((noinline)) void kernel(int n0, int n1, int n2, int (*A1)[n1], long *A2, int *A3, long *lout, double *dout) {
  long s0 = 0;
  for (int i0 = 1; i0 < n0 - 2; i0++) {
    for (int i2 = 1; i2 < 2; i2++) {
      for (int i3 = 1; i3 < n0 - 1; i3++) {
        s0 += (A1[-i2 + n2][i2 - 1] % 1000) + (s0 % 1000);
      }
      A3[(-i2 + 1) * n0 + i0 - 1] = 2 * (i0 + 2);
      for (int i4 = 0; i4 < n1; i4++) {
        A1[2 * i2 - 2][0] = (A1[i2 - 1][i4] % 1000);
        s0 += 3 * (A2[i2 - 1] % 1000);
      }
    }
  }
  lout[0] = s0;
}

int main(int argc, char **argv) {
  int n0 = argc > 1 ? atoi(argv[1]) : 1;
  if (n0 < 1) n0 = 1;
  if (n0 > 10) n0 = 10;
  int n1 = argc > 2 ? atoi(argv[2]) : 1;
  if (n1 < 1) n1 = 1;
  if (n1 > 10) n1 = 10;
  int n2 = argc > 3 ? atoi(argv[3]) : 1;
  if (n2 < 1) n2 = 1;
  if (n2 > 10) n2 = 10;
  long sz_A1 = (long)n2 * (long)n1;
  long sz_A2 = (long)n2;
  long sz_A3 = (long)n1 * (long)n0;
  long lout[4] = {0, 0, 0, 0};
  double dout[4] = {0, 0, 0, 0};
  {
    long len_int = 0;
    long off_A1 = n1 + 3;
    if (off_A1 + sz_A1 > len_int) len_int = off_A1 + sz_A1;
    long off_A3 = 0;
    if (off_A3 + sz_A3 > len_int) len_int = off_A3 + sz_A3;
    int *buf_int = malloc(sizeof(int) * len_int);
    if (!buf_int) return 1;
    init_int(buf_int, len_int, 7);
    long len_long = 0;
    long off_A2 = 1;
    if (off_A2 + sz_A2 > len_long) len_long = off_A2 + sz_A2;
    long *buf_long = malloc(sizeof(long) * len_long);
    if (!buf_long) return 1;
    init_long(buf_long, len_long, 7);
    for (int k = 0; k < 4; k++) { lout[k] = 0; dout[k] = 0; }
    kernel(n0, n1, n2, (void *)(buf_int + off_A1), (void *)(buf_long + off_A2), (void *)(buf_int + off_A3), lout, dout);
    printf("overlap int 0x%016lx\n", hash_int(buf_int, len_int));
    dump_int("buf_int", buf_int, len_int);
    printf("overlap long 0x%016lx\n", hash_long(buf_long, len_long));
    dump_long("buf_long", buf_long, len_long);
    for (int k = 0; k < 4; k++)
      printf("overlap out%d %ld %a\n", k, lout[k], canon_nan(dout[k]));
    free(buf_int);
    free(buf_long);
  }
  return 0;
}
