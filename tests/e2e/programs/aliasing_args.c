/* Kernels called with overlapping arrays: the run-time alias check must
 * send these calls to the original code (results identical to -O3), and
 * calls with disjoint arrays to the optimized code. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void blend(int n, int m, double *dst, const double *src) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      dst[i * m + j] = 0.5 * dst[i * m + j] + 0.25 * src[j * n + i];
}

__attribute__((noinline)) void mm(int n, double *C, const double *A, const double *B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * B[k * n + j];
}

static double checksum(const double *x, int len) {
  double s = 0;
  for (int i = 0; i < len; i++)
    s += x[i] * (i % 5 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  if (n < 2)
    n = 2;
  int len = 3 * n * n;
  double *buf = malloc(sizeof(double) * len);
  if (!buf)
    return 1;
#define INIT() for (int i = 0; i < len; i++) buf[i] = (double)((i * 7 + 3) % 23) / 23.0
  INIT();
  /* Overlapping: src starts inside dst, shifted by a few elements. */
  blend(n, n, buf, buf + 5);
  printf("blend_overlap %.17g\n", checksum(buf, len));
  /* Disjoint. */
  INIT();
  blend(n, n, buf, buf + n * n);
  printf("blend_disjoint %.17g\n", checksum(buf, len));
  /* C aliases A exactly, then C overlaps B's tail, then all disjoint. */
  INIT();
  mm(n, buf, buf, buf + n * n);
  printf("mm_c_is_a %.17g\n", checksum(buf, len));
  INIT();
  mm(n, buf + n * n + n, buf, buf + n * n);
  printf("mm_c_overlaps_b %.17g\n", checksum(buf, len));
  INIT();
  mm(n, buf, buf + n * n, buf + 2 * n * n);
  printf("mm_disjoint %.17g\n", checksum(buf, len));
  free(buf);
  return 0;
}
