/* Found by scripts/fuzz (programs long2:111 and long2:158), reduced by
 * hand: scalar reductions in a nest whose outer loop has a constant trip
 * count (2 or 3: fully unrolled before Tessera runs, so the accumulator is
 * carried from one copy of the inner loop to the next). Tessera's generated
 * IR failed verification and clang crashed (segmentation fault). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) long sum_twice(int n) {
  long s = 0;
  for (int r = 0; r < 2; r++)
    for (int j = 2; j < n + 1; j++)
      s += -(3 * j - r - 1);
  return s;
}

/* The accumulator also feeds itself (s += s % 1000 + ...), in a
 * triangular nest under an outer loop of 3 iterations. */
__attribute__((noinline)) long feedback(int n, const int *a) {
  long s = 0;
  for (int r = 1; r < 4; r++)
    for (int i = 0; i < r - 1; i++)
      for (int j = 0; j < n - 2; j++)
        s += (s % 1000) + 2 * (a[r - 1] % 1000);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200;
  if (n < 0)
    n = 0;
  if (n > 100000)
    n = 100000;
  int a[3] = {417, -23, 998};
  printf("sum_twice %ld\n", sum_twice(n));
  printf("feedback %ld\n", feedback(n, a));
  return 0;
}
