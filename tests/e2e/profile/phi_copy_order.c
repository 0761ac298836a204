/* Regression (fuzz seed 20261124:1648): at n = 2 the specialized nest runs
 * its inner loop twice, and -O3 has sunk the store A[i0] = s % 1000 below
 * that loop, reading the loop's header PHI for s (its value at the start
 * of the last iteration). The latch fed that PHI its next value and, in
 * the same block, the exit's PHI the current one; the generated code
 * stored the first before reading the second, so A[1] got the final s.
 * Usage: phi_copy_order [n] */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void kernel(int n, long *B, int *A, long *out) {
  long s = 0;
  for (int i0 = 1; i0 < n; i0++)
    for (int i1 = (i0 - 3 > 0 ? i0 - 3 : 0); i1 < n; i1++) {
      A[i0] = (s % 1000);
      if (2 * i1 + 2 * i0 > n - 1)
        s += 3 * (B[i1] % 1000);
    }
  out[0] = s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2;
  if (n < 0) n = 0;
  if (n > 21) n = 21;
  long *B = malloc(sizeof(long) * (n + 6));
  int *A = malloc(sizeof(int) * (n + 6));
  if (!A || !B) return 1;
  for (int i = 0; i < n + 6; i++) {
    B[i] = (i * 37 + 11) % 41 - 20 + 977;
    A[i] = -1;
  }
  long out = 0;
  kernel(n, B, A, &out);
  long h = 0;
  for (int i = 0; i < n + 6; i++) h = h * 31 + A[i];
  printf("%ld %ld\n", out, h);
  free(A);
  free(B);
  return 0;
}
