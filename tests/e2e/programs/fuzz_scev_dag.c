/* Found by scripts/fuzz (seed 20261128:1173), reduced by hand: the
 * subscript of A0 in the i3 loop has a scalar evolution that shares
 * subexpressions many times over (after the i0 loop before it, the whole
 * function is one region). Importing it expanded the DAG into a tree,
 * which took exponential time: compilation did not finish in 60 s. Now
 * shared subexpressions are exported once and compilation takes well
 * under a second. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void kernel(int n0, int *A0, long *lout, double *dout) {
  long s0 = 0;
  double s1 = 0.0;
  for (int i0 = 2; i0 < n0; i0++)
    s1 += 0.03125 * (double)(-2 * i0 - 3);
  for (long i1 = 1; i1 < 4; i1++)
    for (unsigned i2 = 0; i2 < i1 + 2; i2++)
      for (int i3 = i1 - 2; i3 >= 0; i3--) {
        long v = 3 - i3 + s0 % 1000 + A0[((n0 - i3) * (n0 + 2) - i3 + 1) * (n0 + 2) + 1];
        s0 = s0 > v ? s0 : v;
      }
  lout[0] = s0;
  dout[0] = s1;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 9, 1, 200);
  long size = (long)(n + 2) * (n + 2) * (n + 2);
  int *A0 = malloc(sizeof(int) * size);
  if (!A0) return 1;
  for (long i = 0; i < size; i++) A0[i] = (int)((i * 37) % 41) - 20;
  long lout = 0;
  double dout = 0.0;
  kernel(n, A0, &lout, &dout);
  printf("max %ld\n", lout);
  printf("sum %.17g\n", dout);
  free(A0);
  return 0;
}
