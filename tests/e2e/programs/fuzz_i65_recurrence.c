/* Found by scripts/fuzz (seed 2611:43), reduced by hand: a triangular sum
 * into a scalar, whose closed form -O3 computes with loop-carried i65
 * recurrences. Tessera rebuilt the i65 values from their polynomials in
 * 64-bit arithmetic and mixed the two widths ("Both operands to a binary
 * operator are not of the same type!"; an internal-error warning, the
 * original code kept). Values wider than 64 bits are now copied. */
#include <stdio.h>
#include <stdlib.h>

static long rows[64][64];

/* The rows' nest, walked by columns, is worth rewriting (interchanged, tiled). */
__attribute__((noinline)) long triangle(int n0) {
  long s0 = 0;
  for (int i0 = 2; i0 < n0; i0++) {
    for (long i1 = 2; i1 < i0 + 2; i1++)
      s0 += (-2 * i1 + i0 - 1);
    for (int j = 0; j < 64; j++)
      rows[j][i0 & 63] += i0 - j;
  }
  return s0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 3000;
  long total = 0;
  for (int k = 0; k <= n; k += n / 7 + 1)
    total += triangle(k) % 1000003;
  long r = 0;
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      r = r * 31 + rows[i][j];
  printf("%ld %ld %ld\n", triangle(n), total, r);
  return 0;
}
