/* Found by scripts/fuzz (seed 8601:232), reduced automatically, then by
 * hand: the last value stored to one cell is read at the inner counter of
 * the last iteration of a triangular nest (LICM sinks the store out of
 * both loops; the inner counter reaches the exit through the LCSSA copies
 * of both loops). The rewritten nest read its slot, which held no value
 * (the cell got a value from an arbitrary index). Now such a nest is left
 * as it is unless SCEV knows the value at the exit. argv[1]: n. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void last_of_triangle(int n, int *restrict last, const int *restrict src, double (*restrict out)[n], const double *restrict in) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i + 1; j++) {
      out[n - 1 - i][j] = -0.125 * in[j];
      last[0] = -(src[j] % 1000);
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 9;
  if (n < 1) n = 1;
  if (n > 500) n = 500;
  int last = 7;
  int *src = malloc(sizeof(int) * n);
  double (*out)[n] = malloc(sizeof(double) * (size_t)n * n);
  double *in = malloc(sizeof(double) * n);
  if (!src || !out || !in) return 1;
  for (int i = 0; i < n; i++) {
    src[i] = i * 37 + 11;
    in[i] = (double)(i % 5) - 1.5;
    for (int j = 0; j < n; j++) out[i][j] = 0.0;
  }
  last_of_triangle(n, &last, src, out, in);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) s += out[i][j] * (double)((i + 2 * j) % 7 + 1);
  printf("last %d\nout %.17g\n", last, s);
  return 0;
}
