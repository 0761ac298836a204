/* Found by scripts/fuzz (seed 20261133:61), reduced: -O3 fully unrolls the
 * outer loop into three copies of the inner one, each adding a value to the
 * promoted cell A2[0][1]. The third copy's accumulator starts from a value
 * computed inside the second copy, which scalar evolution reaches through
 * that loop's LCSSA copy. Used directly as a parameter, it no longer
 * dominated the third loop once the second was rewritten: invalid IR, then
 * a compiler crash in the next pass. Now such a value is not a parameter,
 * and a function whose rewrite fails is put back as it was. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void kernel(int n0, int n1, int (*A2)[n0 + 2]) {
  for (int i0 = 0; i0 < 3; i0++)
    for (int i1 = 2; i1 < n1 - 1; i1++) {
      int t0 = A2[0][i0] % 1000;
      A2[0][1] += t0 % 16;
    }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 9, 1, 500);
  int m = n + 3;
  long size = (long)(n + 2) * (n + 2);
  int *A = malloc(sizeof(int) * size);
  if (!A) return 1;
  for (long i = 0; i < size; i++) A[i] = (int)((i * 37) % 41) - 20;
  kernel(n, m, (int (*)[n + 2])A);
  long s = 0;
  for (long i = 0; i < size; i++) s += A[i] * (i % 7 + 1);
  printf("weighted %ld\n", s);
  printf("cell %d\n", A[1]);
  free(A);
  return 0;
}
