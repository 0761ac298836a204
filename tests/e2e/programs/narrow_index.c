/* Subscripts computed in narrow integers, which the model reads as exact
 * polynomials only while they cannot wrap: a run-time range check decides.
 * - ring_add accumulates rows into a ring of 65536 cells indexed by the
 *   16-bit value (unsigned short)(i*m + j): for n*m <= 65536 no index
 *   wraps (the optimized code runs), beyond that the ring wraps around
 *   and the original code must run.
 * - transpose_add and band_sum index flattened matrices with 32-bit
 *   unsigned products i*n + j (-O3 keeps them in 32 bits): they fit for
 *   every size here, and the check lets the optimized code run.
 * argv[1]: n (argv[2]: m, the ring's row length). tests/e2e.rs also runs
 * it with -tessera-rtc-stats at a size whose ring wraps. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void ring_add(int n, int m, const double *x, double *ring) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      ring[(unsigned short)(i * m + j)] += x[j] * (i % 5 + 1);
}

__attribute__((noinline)) void transpose_add(unsigned n, double *B, const double *A) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < n; j++)
      B[j * n + i] += 2.0 * A[i * n + j];
}

__attribute__((noinline)) void band_sum(unsigned n, unsigned w, double *row_sums, const double *A) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = i; j < n && j < i + w; j++)
      row_sums[i] += A[i * n + j];
}

static int arg(int argc, char **argv, int k, int def, int lo, int hi) {
  int v = argc > k ? atoi(argv[k]) : def;
  return v < lo ? lo : v > hi ? hi : v;
}

int main(int argc, char **argv) {
  int n = arg(argc, argv, 1, 150, 1, 2000);
  int m = arg(argc, argv, 2, 300, 1, 4000);
  double *x = malloc(sizeof(double) * m), *ring = calloc(65536, sizeof(double));
  double *A = malloc(sizeof(double) * n * n), *B = calloc((size_t)n * n, sizeof(double));
  double *sums = calloc(n, sizeof(double)), *wrapped = calloc(n, sizeof(double));
  if (!x || !ring || !A || !B || !sums || !wrapped) return 1;
  for (int j = 0; j < m; j++) x[j] = (double)((j * 7) % 11) - 5.0;
  for (int i = 0; i < n * n; i++) A[i] = (double)((i * 13) % 17) / 17.0;

  ring_add(n, m, x, ring);
  transpose_add(n, B, A);
  band_sum(n, 5, sums, A);
  /* i + w wraps in 32 bits for i >= 3: the band is empty there */
  band_sum(n, 4294967293u, wrapped, A);

  double r = 0, rw = 0, b = 0, s = 0;
  for (int i = 0; i < 65536; i++) { r += ring[i]; rw += ring[i] * (i % 7 + 1); }
  for (int i = 0; i < n * n; i++) b += B[i] * (i % 5 + 1);
  double sw = 0;
  for (int i = 0; i < n; i++) { s += sums[i] * (i % 3 + 1); sw += wrapped[i] * (i % 3 + 1); }
  printf("ring %.17g\nring_weighted %.17g\nring_last %.17g\n", r, rw, ring[65535]);
  printf("transpose %.17g\nband %.17g\nband_wrapped %.17g\n", b, s, sw);
  return 0;
}
