/* Matrix products whose rows have their own columns (the j bounds use i),
 * at sizes fixed at compile time: the lower triangle, and the upper
 * triangle (the model's counter is j - i). The sizes are not multiples of the blocks (KC is 32 in
 * the e2e build for small caches: TM = 301 ends a k block partially). The whole of
 * C is hashed, so a cell outside the domain that is written, or one inside
 * it that is missed, changes the output: every bit must equal plain -O3's. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TN 157
#define TM 301
static double TA[TN][TM], TB[TM][TN], TC[TN][TN];

__attribute__((noinline)) void syrk_fixed(void) {
  for (int i = 0; i < TN; i++)
    for (int j = 0; j <= i; j++)
      for (int k = 0; k < TM; k++)
        TC[i][j] += TA[i][k] * TA[j][k];
}

__attribute__((noinline)) void upper_fixed(void) {
  for (int i = 0; i < TN; i++)
    for (int j = i; j < TN; j++)
      for (int k = 0; k < TM; k++)
        TC[i][j] -= TA[i][k] * TB[k][j];
}

static unsigned long long hash(const void *p, size_t bytes) {
  const unsigned char *c = p;
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < bytes; i++) {
    h ^= c[i];
    h *= 1099511628211ull;
  }
  return (unsigned long long)h;
}

static void fill(double *x, long count, int seed) {
  for (long q = 0; q < count; q++)
    x[q] = (double)((q * 37 + seed * 11) % 97) / 31.0 - 1.5;
}

int main(void) {
  fill(&TA[0][0], (long)TN * TM, 11);
  fill(&TB[0][0], (long)TM * TN, 13);
  fill(&TC[0][0], (long)TN * TN, 12);
  syrk_fixed();
  printf("syrk_fixed %016llx\n", hash(TC, sizeof TC));
  upper_fixed();
  printf("upper_fixed %016llx\n", hash(TC, sizeof TC));
  return 0;
}
