/* Found by scripts/fuzz (seed 20261135:3111), reduced: `A0` is `restrict`,
 * and -O3 hoists the address of A0[6] out of the loops. The store through
 * that pointer became an array of its own, and because A0 is noalias the
 * pair was taken as distinct without a run-time check: the rewritten nest
 * reordered the store to A0[6] against the loop that shifts A0 by three,
 * and the output was wrong. `noalias` now only separates A0 from other
 * arguments and globals, not from pointers computed in the function. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void kernel(int n0, int n1, long *restrict A0) {
  for (unsigned i0 = 0; i0 < n1 + 1; i0++)
    for (int i4 = 0; i4 < n1 + 2; i4++)
      for (int i5 = 0; i5 < i4 + 2; i5++) {
      }
  for (int i6 = 1; i6 < n0 - 2; i6++) {
    long t2 = 0;
    for (int i7 = 0; i7 < (n1 / 2) + 2; i7++)
      A0[i7 + 3] = A0[i7] % 1000;
    A0[6] = t2;
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 9, 1, 400);
  long size = n + 10;
  long *A = malloc(sizeof(long) * size);
  if (!A) return 1;
  for (long i = 0; i < size; i++) A[i] = (i * 37) % 41 - 20;
  kernel(n, n, A);
  long s = 0;
  for (long i = 0; i < size; i++) s += A[i] * (i % 7 + 1);
  printf("weighted %ld\n", s);
  printf("a6 %ld a9 %ld\n", A[6], A[9]);
  free(A);
  return 0;
}
