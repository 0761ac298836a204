/* Found by scripts/fuzz (seed 20261128:1173): a loop bound whose scalar
 * evolution shares subexpressions many times over. Importing it expanded the
 * DAG into a tree, which took exponential time: compilation did not finish
 * in 60 s. Now shared subexpressions are exported once. */
/* fuzz seed 20261128:1173 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long hash_double(const double *a, long n) {
  unsigned long h = 1469598103934665603UL;
  for (long i = 0; i < n; i++) {
    unsigned long b;
    memcpy(&b, &a[i], sizeof b);
    h = (h ^ b) * 1099511628211UL;
  }
  return h;
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

__attribute__((noinline)) void kernel(int n0, int *A0, double *A1, double *A2, double *A3, double *A4, long *lout, double *dout) {
  long s0 = 0;
  double s1 = 0.0;
  for (int i0 = 2; i0 < n0; i0++) {
    s1 += 0.03125 * (double)(-2 * i0 - 3);
  }
  A2[n0 - 1] = 0.5 * A2[n0 - 1] - 0.5 * A1[n0 - 1];
  for (long i1 = 1; i1 < 4; i1++) {
    if ((i1 >= 3) || (-i1 == n0 - 2)) {
      A0[((-i1 + 3) * (n0 + 2) + i1 - 1) * (n0 + 2) - i1 + 3] += (3 * (A0[((-i1 + 3) * (n0 + 2) + i1 - 1) * (n0 + 2) + 2] % 1000)) % 16;
    }
    if (-2 * i1 != n0 - 1) {
      A2[n0 - 1] += -0.5 * A4[i1 + n0 - 2];
    }
    for (unsigned i2 = 0; i2 < i1 + 2; i2++) {
      for (int i3 = i1 - 1 - 1; i3 >= 0; i3--) {
        s0 = s0 > (-(i3 - 3) + (s0 % 1000) + 3 * (A0[((-i3 + n0) * (n0 + 2) - i3 + 1) * (n0 + 2) + 1] % 1000)) ? s0 : (-(i3 - 3) + (s0 % 1000) + 3 * (A0[((-i3 + n0) * (n0 + 2) - i3 + 1) * (n0 + 2) + 1] % 1000));
      }
    }
  }
  for (int i4 = 0; i4 < n0; i4++) {
    {
      double t0 = 0.0;
      for (int i5 = n0 + 1 - 1; i5 >= 0; i5--) {
        for (long i6 = 0; i6 < n0 + 2; i6++) {
          for (int i7 = 1; i7 < n0 - 1; i7++) {
            if ((i5 <= n0 + 1) || (-2 * i5 != 1)) {
              A3[i6] = 0.25 * A1[n0 - 1] + 0.0625 * t0;
            }
          }
        }
      }
      A4[i4 + 2] = t0;
    }
  }
  lout[0] = s0;
  dout[0] = s1;
}

int main(int argc, char **argv) {
  int n0 = argc > 1 ? atoi(argv[1]) : 9;
  if (n0 < 1) n0 = 1;
  if (n0 > 10) n0 = 10;
  long sz_A0 = (long)(n0 + 2) * (long)(n0 + 2) * (long)(n0 + 2);
  long sz_A1 = (long)n0;
  long sz_A2 = (long)n0;
  long sz_A3 = (long)(n0 + 2);
  long sz_A4 = (long)(n0 + 2);
  long lout[4] = {0, 0, 0, 0};
  double dout[4] = {0, 0, 0, 0};
  {
    int *A0 = malloc(sizeof(int) * sz_A0);
    if (!A0) return 1;
    init_int(A0, sz_A0, 0);
    double *A1 = malloc(sizeof(double) * sz_A1);
    if (!A1) return 1;
    init_double(A1, sz_A1, 1);
    double *A2 = malloc(sizeof(double) * sz_A2);
    if (!A2) return 1;
    init_double(A2, sz_A2, 2);
    double *A3 = malloc(sizeof(double) * sz_A3);
    if (!A3) return 1;
    init_double(A3, sz_A3, 3);
    double *A4 = malloc(sizeof(double) * sz_A4);
    if (!A4) return 1;
    init_double(A4, sz_A4, 4);
    kernel(n0, (void *)A0, (void *)A1, (void *)A2, (void *)A3, (void *)A4, lout, dout);
    printf("disjoint A0 0x%016lx\n", hash_int(A0, sz_A0));
    dump_int("A0", A0, sz_A0);
    printf("disjoint A1 0x%016lx\n", hash_double(A1, sz_A1));
    dump_double("A1", A1, sz_A1);
    printf("disjoint A2 0x%016lx\n", hash_double(A2, sz_A2));
    dump_double("A2", A2, sz_A2);
    printf("disjoint A3 0x%016lx\n", hash_double(A3, sz_A3));
    dump_double("A3", A3, sz_A3);
    printf("disjoint A4 0x%016lx\n", hash_double(A4, sz_A4));
    dump_double("A4", A4, sz_A4);
    for (int k = 0; k < 4; k++)
      printf("disjoint out%d %ld %a\n", k, lout[k], dout[k]);
    free(A0);
    free(A1);
    free(A2);
    free(A3);
    free(A4);
  }
  {
    long len_double = 0;
    long off_A1 = 7;
    if (off_A1 + sz_A1 > len_double) len_double = off_A1 + sz_A1;
    long off_A2 = 6;
    if (off_A2 + sz_A2 > len_double) len_double = off_A2 + sz_A2;
    long off_A3 = 0;
    if (off_A3 + sz_A3 > len_double) len_double = off_A3 + sz_A3;
    long off_A4 = 8;
    if (off_A4 + sz_A4 > len_double) len_double = off_A4 + sz_A4;
    double *buf_double = malloc(sizeof(double) * len_double);
    if (!buf_double) return 1;
    init_double(buf_double, len_double, 7);
    long len_int = 0;
    long off_A0 = (n0 + 2) + 1;
    if (off_A0 + sz_A0 > len_int) len_int = off_A0 + sz_A0;
    int *buf_int = malloc(sizeof(int) * len_int);
    if (!buf_int) return 1;
    init_int(buf_int, len_int, 7);
    for (int k = 0; k < 4; k++) { lout[k] = 0; dout[k] = 0; }
    kernel(n0, (void *)(buf_int + off_A0), (void *)(buf_double + off_A1), (void *)(buf_double + off_A2), (void *)(buf_double + off_A3), (void *)(buf_double + off_A4), lout, dout);
    printf("overlap double 0x%016lx\n", hash_double(buf_double, len_double));
    dump_double("buf_double", buf_double, len_double);
    printf("overlap int 0x%016lx\n", hash_int(buf_int, len_int));
    dump_int("buf_int", buf_int, len_int);
    for (int k = 0; k < 4; k++)
      printf("overlap out%d %ld %a\n", k, lout[k], dout[k]);
    free(buf_double);
    free(buf_int);
  }
  return 0;
}
