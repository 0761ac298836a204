/* Run-time alias checks: each kernel is called once with disjoint arrays
 * (laid out back to back, so the check must be exact at the boundary: the
 * optimized code runs) and four times with overlapping ones (the original
 * code runs and the result equals plain -O3's): shifted by one element,
 * one row apart, identical pointers, and a partially overlapping tail.
 * tests/e2e.rs compiles it with -tessera-rtc-stats and expects, for every
 * kernel, "optimized 1, fallback 4". cube and deep run on arrays of m^3
 * and m^4 elements (m^3, m^4 <= n*n): cube's check computes its ranges in
 * plain i64 (its int size checked within 2^19), deep's (four 64-bit
 * sizes, no such bound) through the overflow intrinsics. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void gemm(int n, double *C, const double *A, const double *B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * B[k * n + j];
}

__attribute__((noinline)) void smooth(int n, double (*out)[n], const double (*in)[n]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i][j] = 0.25 * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
}

__attribute__((noinline)) void axpy(int n, double a, double *y, const double *x) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

__attribute__((noinline)) void rank1(int n, double (*A)[n], const double *x, const double *y) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] += x[i] * y[j];
}

__attribute__((noinline)) void cube(int m, double (*A)[m][m], const double (*B)[m][m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < m; k++)
        A[i][j][k] += 2 * B[k][j][i];
}

__attribute__((noinline)) void deep(long m, double (*A)[m][m][m], const double (*B)[m][m][m]) {
  for (long i = 0; i < m; i++)
    for (long j = 0; j < m; j++)
      for (long k = 0; k < m; k++)
        for (long l = 0; l < m; l++)
          A[i][j][k][l] += 2 * B[l][k][j][i];
}

static double *buf;
static int len;

static void init(void) {
  for (int i = 0; i < len; i++)
    buf[i] = (double)((i * 13 + 5) % 31) / 31.0;
}

static void report(const char *what) {
  double s = 0;
  for (int i = 0; i < len; i++)
    s += buf[i] * (i % 7 + 1);
  printf("%s %.17g\n", what, s);
}

/* Where the kernel's second array starts, relative to the written one
 * (at 0), in the five cases; nn = n*n. */
enum { DISJOINT, SHIFT1, ROW, SAME, TAIL, CASES };
static const char *names[] = {"disjoint", "shift1", "row", "same", "tail"};

static int offset(int c, int n) {
  switch (c) {
  case DISJOINT: return n * n; /* back to back: no byte in common */
  case SHIFT1: return 1;
  case ROW: return n;
  case SAME: return 0;
  default: return n * n - 2 * n; /* starts in the written array's last rows */
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 37;
  if (n < 4)
    n = 4;
  int nn = n * n;
  len = 4 * nn;
  buf = malloc(sizeof(double) * len);
  if (!buf)
    return 1;
  /* The largest cube and fourth power within n*n elements: for the
   * default n = 37, 11^3 = 1331 and 6^4 = 1296 of 1369, so that every
   * case but the disjoint one overlaps (the tail starts at 1295). */
  int m3 = 1, m4 = 1;
  while ((m3 + 1) * (m3 + 1) * (m3 + 1) <= nn)
    m3++;
  while ((m4 + 1) * (m4 + 1) * (m4 + 1) * (m4 + 1) <= nn)
    m4++;
  char what[64];
  for (int c = 0; c < CASES; c++) {
    double *w = buf, *r = buf + offset(c, n), *third = buf + 3 * nn;
    init();
    gemm(n, w, r, third);
    snprintf(what, sizeof what, "gemm_%s", names[c]);
    report(what);
    init();
    smooth(n, (double (*)[n])w, (const double (*)[n])r);
    snprintf(what, sizeof what, "smooth_%s", names[c]);
    report(what);
    init();
    axpy(nn, 1.5, w, r);
    snprintf(what, sizeof what, "axpy_%s", names[c]);
    report(what);
    init();
    rank1(n, (double (*)[n])w, r, third);
    snprintf(what, sizeof what, "rank1_%s", names[c]);
    report(what);
    init();
    cube(m3, (double (*)[m3][m3])w, (const double (*)[m3][m3])r);
    snprintf(what, sizeof what, "cube_%s", names[c]);
    report(what);
    init();
    deep(m4, (double (*)[m4][m4][m4])w, (const double (*)[m4][m4][m4])r);
    snprintf(what, sizeof what, "deep_%s", names[c]);
    report(what);
  }
  free(buf);
  return 0;
}
