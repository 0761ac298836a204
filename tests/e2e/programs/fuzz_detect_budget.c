/* Found by scripts/fuzz (seed 10101:251): proving the obligations of the
 * nests around the statement guarded by i0 % 2 == 1 && i1 % 2 == 1, and
 * a loop from (i3 + 1) % 2, took 4.6e10 work units of
 * branch and bound, 18 s of compile time (60 s under load: a fuzz
 * timeout). Detection now has a work cap per region (6e8 units): the
 * file compiles in about 3 s, and the program must still print what -O0
 * prints. argv[1], argv[2]: sizes. */
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

__attribute__((noinline)) void kernel(int n0, int n1, long *A0, long *A1, int (*A2)[(2 * n1 + 6)][(n1 + 6)], int (*A3)[(2 * n0 + 6)][(n1 + 6)], long *lout, double *dout) {
  double s0 = 0.0;
  for (int i0 = 0; i0 < n1; i0 += 2) {
    for (int i1 = (i0 - 3 > 0 ? i0 - 3 : 0); i1 < n0; i1++) {
      {
        long t0 = 0;
        for (long i2 = (int)((unsigned)n1 / 2u) - 1; i2 >= 0; i2--) {
          A0[((i0 + 1) * (n1 + 6) + i0 + 1) * (n1 + 6) + i0 + 3] += 2 * (A2[-i0 + n1][i2][i2 + 2] % 1000);
        }
        A0[((i0 + 1) * (n1 + 6) + i0) * (n1 + 6) + i0 + 2] = t0;
      }
      if ((i0 % 2 == 1) && (i1 % 2 == 1)) {
        s0 = s0 > (0.25 * (double)(A2[-i0 + n1 + 1][-i0 + n1 + 3][i0 + 5] % 8) + 0.25 * (double)(A1[(unsigned)((i1 + 4) * (n1 + 6) + i0 + 1)] % 8)) ? s0 : (0.25 * (double)(A2[-i0 + n1 + 1][-i0 + n1 + 3][i0 + 5] % 8) + 0.25 * (double)(A1[(unsigned)((i1 + 4) * (n1 + 6) + i0 + 1)] % 8));
      }
    }
  }
  A2[4][2][0] += (-(A1[(unsigned)(1 * (n1 + 6) + 5)] % 1000)) % 16;
  for (int i3 = 0; i3 <= n1 + 1 - 1; i3++) {
    for (int i4 = (i3 + 1) % 2; i4 < (int)((unsigned)n1 / 2u); i4++) {
      for (int i5 = i4; i5 < i3; i5++) {
        if ((2 * i4 >= 3) || (-2 * i3 - 2 * i5 == n0 + 2)) {
          A0[((i5 + 3) * (n1 + 6) + i5) * (n1 + 6) + i4 + 5] = (A0[((i5 + 6) * (n1 + 6) + i4 + 1) * (n1 + 6) + n1 + 4] % 1000) + 3 * (A3[3][4][-i5 + n1 + 3] % 1000);
        }
      }
    }
  }
  for (long i6 = 0; i6 < n0; i6++) {
    A0[(1 * (n1 + 6) + 0) * (n1 + 6) + 0] = -2 + 3;
  }
  dout[0] = s0;
}

int main(int argc, char **argv) {
  int n0 = argc > 1 ? atoi(argv[1]) : 25;
  if (n0 < 0) n0 = 0;
  if (n0 > 25) n0 = 25;
  int n1 = argc > 2 ? atoi(argv[2]) : 16;
  if (n1 < 0) n1 = 0;
  if (n1 > 25) n1 = 25;
  long sz_A0 = (long)(n1 + 6) * (long)(n1 + 6) * (long)(n1 + 6);
  long sz_A1 = (long)(n0 + 6) * (long)(n1 + 6);
  long sz_A2 = (long)(n1 + 6) * (long)(2 * n1 + 6) * (long)(n1 + 6);
  long sz_A3 = (long)(n0 + 6) * (long)(2 * n0 + 6) * (long)(n1 + 6);
  long lout[4] = {0, 0, 0, 0};
  double dout[4] = {0, 0, 0, 0};
  {
    long *A0 = malloc(sizeof(long) * sz_A0);
    if (!A0) return 1;
    init_long(A0, sz_A0, 0);
    long *A1 = malloc(sizeof(long) * sz_A1);
    if (!A1) return 1;
    init_long(A1, sz_A1, 1);
    int *A2 = malloc(sizeof(int) * sz_A2);
    if (!A2) return 1;
    init_int(A2, sz_A2, 2);
    int *A3 = malloc(sizeof(int) * sz_A3);
    if (!A3) return 1;
    init_int(A3, sz_A3, 3);
    kernel(n0, n1, (void *)A0, (void *)A1, (void *)A2, (void *)A3, lout, dout);
    printf("disjoint A0 0x%016lx\n", hash_long(A0, sz_A0));
    dump_long("A0", A0, sz_A0);
    printf("disjoint A1 0x%016lx\n", hash_long(A1, sz_A1));
    dump_long("A1", A1, sz_A1);
    printf("disjoint A2 0x%016lx\n", hash_int(A2, sz_A2));
    dump_int("A2", A2, sz_A2);
    printf("disjoint A3 0x%016lx\n", hash_int(A3, sz_A3));
    dump_int("A3", A3, sz_A3);
    for (int k = 0; k < 4; k++)
      printf("disjoint out%d %ld %a\n", k, lout[k], canon_nan(dout[k]));
    free(A0);
    free(A1);
    free(A2);
    free(A3);
  }
  {
    long len_int = 0;
    long off_A2 = (n1 + 6) + 2;
    if (off_A2 + sz_A2 > len_int) len_int = off_A2 + sz_A2;
    long off_A3 = (n1 + 6) + 2;
    if (off_A3 + sz_A3 > len_int) len_int = off_A3 + sz_A3;
    int *buf_int = malloc(sizeof(int) * len_int);
    if (!buf_int) return 1;
    init_int(buf_int, len_int, 7);
    long len_long = 0;
    long off_A0 = 0;
    if (off_A0 + sz_A0 > len_long) len_long = off_A0 + sz_A0;
    long off_A1 = 6;
    if (off_A1 + sz_A1 > len_long) len_long = off_A1 + sz_A1;
    long *buf_long = malloc(sizeof(long) * len_long);
    if (!buf_long) return 1;
    init_long(buf_long, len_long, 7);
    for (int k = 0; k < 4; k++) { lout[k] = 0; dout[k] = 0; }
    kernel(n0, n1, (void *)(buf_long + off_A0), (void *)(buf_long + off_A1), (void *)(buf_int + off_A2), (void *)(buf_int + off_A3), lout, dout);
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
