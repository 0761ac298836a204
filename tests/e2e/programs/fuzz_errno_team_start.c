/* Found by scripts/fuzz (seed 4101:845), reduced automatically, then by
 * hand: the first nest calls sin (which may set errno) and stays on the
 * calling thread; the second runs on OpenMP threads, and starting the
 * runtime's threads for the first time set errno to ENOENT (libomp looks
 * for a tool library). The caller's errno must survive the parallel
 * region: errno prints 0. argv[1], argv[2]: n, m. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void damp_then_mark(int n, int m, double (*restrict W)[n], int *restrict F) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n - 2; c++)
      W[r][n - 2 - c] = 0.5 * sin(W[r][n - 1 - c]);
  for (int q = 0; q < m; q++)
    for (int c = 0; c < n; c++)
      F[q * n + c] = F[q * n + c] * 3 - q + c;
}

static int clamp_arg(int argc, char **argv, int k, int def) {
  int v = argc > k ? atoi(argv[k]) : def;
  return v < 1 ? 1 : v > 64 ? 64 : v;
}

int main(int argc, char **argv) {
  int n = clamp_arg(argc, argv, 1, 1), m = clamp_arg(argc, argv, 2, 3);
  double (*W)[n] = malloc(sizeof(double) * n * n);
  int *F = malloc(sizeof(int) * m * n);
  if (!W || !F) return 1;
  for (int k = 0; k < n * n; k++) (&W[0][0])[k] = (double)(k % 29) / 16.0 - 0.875;
  for (int k = 0; k < m * n; k++) F[k] = k % 41 - 20;
  errno = 0;
  damp_then_mark(n, m, W, F);
  int seen = errno;
  printf("errno %d\n", seen);
  double s = 0;
  long f = 0;
  for (int k = 0; k < n * n; k++) s += (&W[0][0])[k] * (k % 7 + 1);
  for (int k = 0; k < m * n; k++) f += (long)F[k] * (k % 5 + 1);
  printf("W %.17g\nF %ld\n", s, f);
  return 0;
}
