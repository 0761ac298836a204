/* Regression (fuzz seed 20261125:4206): -O3 replaces the inner loop by
 * the closed form of its sum, which LLVM computes in 65-bit arithmetic
 * (a zext to i65 before the nest). The nest is rejected, so the profile
 * workflow instruments it, and the i65 value it reads was passed to the
 * recorder's i64 slot as it was: invalid IR, and clang aborted. Values
 * wider than 64 bits are now never recorded.
 * Usage: wide_closed_form [n] */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void kernel(int n, long *out) {
  long s = 0;
  for (int i = n - 2; i >= 2; i--)
    for (int j = 0; j < i - 1; j++)
      s += 2 * j;
  out[0] = s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1;
  if (n < 1) n = 1;
  if (n > 90) n = 90;
  long out[1] = {0};
  kernel(n, out);
  printf("sum %ld\n", out[0]);
  return 0;
}
