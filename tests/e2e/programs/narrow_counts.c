/* Loop bounds computed in narrow or masked arithmetic: a start masked to
 * three bits, counters of 8 and 16 bits that wrap before they reach their
 * end (SCEV's trip counts are unsigned numbers of the counter's width), and
 * a mask in an inner loop's bound. Each kernel runs for values where the
 * plain reading of the arithmetic is right and where it is not. */
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) int bits_below(unsigned x, int t) {
  int n = 0;
  for (int b = 6 - (t & 7); b >= 0; b--)
    n += (x >> b) & 1;
  return n;
}

/* The same start with a parallel loop (rewritten, not only modelled). */
__attribute__((noinline)) void bits_of(unsigned x, int t, int *out) {
  for (int b = 6 - (t & 7); b >= 0; b--)
    out[b] = (x >> b) & 1;
}

int16_t c16;
int hits[9];
__attribute__((noinline)) void count_down16(void) {
  for (; c16; c16--)
    for (int g = 0; g <= 8; g++)
      hits[g] += 1;
}

__attribute__((noinline)) long count_up8(int8_t from, int8_t to, long *acc) {
  long s = 0;
  for (int8_t i = from; i != to; i++) {
    acc[(uint8_t)i] += i;
    s += 1;
  }
  return s;
}

__attribute__((noinline)) void masked_rows(int n, int t, double a[][16]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 15 - (t & 15); j++)
      a[i][j] += i + 0.5 * j;
}

__attribute__((noinline)) long or_start(int t, long *v) {
  long s = 0;
  for (int i = (t | 8) - 8; i < 16; i++) {
    v[i] += i;
    s += v[i];
  }
  return s;
}

int main(void) {
  printf("%d %d %d %d\n", bits_below(0xffu, 6), bits_below(0xffu, 14), bits_below(0x5au, 3), bits_below(0x5au, -5));
  for (int t = -9; t < 20; t += 4) {
    int out[8] = {0};
    bits_of(0xa5u, t, out);
    for (int b = 0; b < 8; b++)
      printf("%d", out[b]);
    printf(" ");
  }
  printf("\n");
  int16_t starts[] = {-32767, 5, -1, 32767};
  for (int k = 0; k < 4; k++) {
    c16 = starts[k];
    count_down16();
    printf("%d %d %d\n", hits[0], hits[8], c16);
  }
  long acc[256] = {0};
  int8_t pairs[][2] = {{0, 10}, {100, -100}, {-5, -6}, {127, -128}};
  for (int k = 0; k < 4; k++)
    printf("%ld ", count_up8(pairs[k][0], pairs[k][1], acc));
  long sum = 0;
  for (int k = 0; k < 256; k++)
    sum += acc[k] * (k + 1);
  printf("%ld\n", sum);
  static double a[40][16];
  int ts[] = {3, 19, 15, -2};
  for (int k = 0; k < 4; k++)
    masked_rows(40, ts[k], a);
  double s = 0;
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 16; j++)
      s += a[i][j] * (i + 1) * (j + 3);
  printf("%a\n", s);
  long v[16] = {0};
  printf("%ld %ld %ld\n", or_start(3, v), or_start(12, v), or_start(9, v));
  return 0;
}
