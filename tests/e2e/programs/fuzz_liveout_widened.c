/* Found by scripts/fuzz (program long1:246), reduced by hand: the last
 * value stored into one cell by a loop that also writes an array, where the
 * stored value is computed from the counter widened to 64 bits (long, or
 * converted to double). Before Tessera runs, LICM has sunk the store out of
 * the loop; in the rewritten SCoP the cell received the value of the
 * iteration after the last one (n instead of n - 1). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void last_index(int n, long *last, int *b) {
  for (int i = 0; i < n; i++) {
    last[0] = i;
    b[i] = 7;
  }
}

__attribute__((noinline)) void last_offset(int n, long *last, int *b) {
  for (int i = 0; i < n; i++) {
    last[0] = -(-i + 2);
    b[i] = i % 5;
  }
}

__attribute__((noinline)) void last_double(int n, double *last, int *b) {
  for (int i = 0; i < n; i++) {
    last[0] = (double)(i - 2) * 0.5;
    b[i] = 3 * i;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 50;
  if (n < 1)
    n = 1;
  if (n > 1000000)
    n = 1000000;
  int *b = calloc(n, sizeof(int));
  if (!b)
    return 1;
  long l = -100;
  last_index(n, &l, b);
  printf("last_index %ld\n", l);
  long o = -100;
  last_offset(n, &o, b);
  printf("last_offset %ld\n", o);
  double d = -100.0;
  last_double(n, &d, b);
  printf("last_double %.17g\n", d);
  long s = 0;
  for (int i = 0; i < n; i++)
    s += (long)b[i] * (i % 7 + 1);
  printf("b_weighted %ld\n", s);
  free(b);
  return 0;
}
