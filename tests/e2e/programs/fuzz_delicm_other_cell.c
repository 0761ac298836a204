/* Found by scripts/fuzz (program long2:603), reduced automatically: a local
 * accumulator initialized from one cell (A1[n0 - i6]) and added into another
 * cell after its loop (A1[i6 - 1]) was mapped back to the first cell as if
 * LICM had promoted it, so the optimized code wrote partial sums into a cell
 * the program never writes. DeLICM now requires the final value to be
 * stored back to the same cell. Fails at the default size (n0 = 1). */
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

__attribute__((noinline)) void kernel(int n0, double *A1, long *lout, double *dout) {
  for (int i6 = 1; i6 < n0 + 1; i6++) {
    {
      double t0 = A1[-i6 + n0];
      for (int i7 = 0; i7 < n0; i7++) {
        t0 += 0.125 * A1[i6 + 2];
      }
      A1[i6 - 1] += t0;
    }
  }
}

int main(int argc, char **argv) {
  int n0 = argc > 1 ? atoi(argv[1]) : 1;
  if (n0 < 0) n0 = 0;
  if (n0 > 16) n0 = 16;
  long sz_A1 = (long)(n0 + 4);
  long lout[4] = {0, 0, 0, 0};
  double dout[4] = {0, 0, 0, 0};
  {
    long len_double = 0;
    long off_A1 = 2;
    if (off_A1 + sz_A1 > len_double) len_double = off_A1 + sz_A1;
    double *buf_double = malloc(sizeof(double) * len_double);
    if (!buf_double) return 1;
    init_double(buf_double, len_double, 7);
    for (int k = 0; k < 4; k++) { lout[k] = 0; dout[k] = 0; }
    kernel(n0, (void *)(buf_double + off_A1), lout, dout);
    printf("overlap double 0x%016lx\n", hash_double(buf_double, len_double));
    dump_double("buf_double", buf_double, len_double);
    for (int k = 0; k < 4; k++)
      printf("overlap out%d %ld %a\n", k, lout[k], dout[k]);
    free(buf_double);
  }
  return 0;
}
