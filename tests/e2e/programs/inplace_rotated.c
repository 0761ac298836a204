/* Loads carried from one iteration to the next in registers in loops that
 * write the array they read: an in-place five-point sweep (the centre
 * value is the east neighbour loaded one iteration before, the sweep
 * stores one column behind it), a 1-D filter that stores behind its carried
 * value and reads the carried value only after that store, and one whose
 * store overwrites the carried cell after loading it (its register value
 * is the old one: it must stay a register). Checksums show a cell read at
 * the wrong time. Usage: inplace_rotated [n] [steps] */
#include <stdio.h>
#include <stdlib.h>

static int get_arg(int argc, char **argv, int idx, int def, int lo, int hi) {
  int v = def;
  if (argc > idx) v = atoi(argv[idx]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void sweep(int steps, int n, int m, double (*g)[m]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        g[i][j] = 0.2 * (g[i - 1][j] + g[i][j - 1] + g[i][j] + g[i][j + 1] + g[i + 1][j]);
}

/* b[j] reads the old a[j] after a[j] was overwritten in this iteration. */
__attribute__((noinline)) void behind(int steps, int n, double *a, double *restrict b) {
  for (int t = 0; t < steps; t++) {
    double prev = a[0];
    for (int j = 0; j < n - 1; j++) {
      double cur = a[j + 1];
      a[j] = 0.5 * cur + 0.25;
      b[j] = 0.75 * b[j] + prev;
      prev = cur;
    }
  }
}

/* prev is a[j]'s value before the store of the previous iteration. */
__attribute__((noinline)) void clobbered(int n, double *a) {
  double prev = a[0];
  for (int j = 0; j < n - 1; j++) {
    double cur = a[j + 1];
    a[j + 1] = 0.5 * prev + cur;
    prev = cur;
  }
}

static double sum(const double *a, long len) {
  double s = 0.0;
  for (long i = 0; i < len; i++) s += a[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = get_arg(argc, argv, 1, 120, 3, 2000);
  int steps = get_arg(argc, argv, 2, 5, 0, 1000);
  int m = n / 2 + 3;
  double *g = malloc(sizeof(double) * (size_t)n * m);
  double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  if (!g || !a || !b) return 1;
  for (long i = 0; i < (long)n * m; i++) g[i] = (double)((i * 7 + i / m) % 23) / 23.0;
  for (int i = 0; i < n; i++) {
    a[i] = (double)((i * i + 3) % 11);
    b[i] = (double)(i % 5);
  }
  sweep(steps, n, m, (double (*)[m])g);
  printf("sweep %.17g\n", sum(g, (long)n * m));
  printf("sweep_mid %.17g\n", g[(long)(n / 2) * m + m / 2]);
  behind(steps, n, a, b);
  printf("behind_a %.17g\n", sum(a, n));
  printf("behind_b %.17g\n", sum(b, n));
  clobbered(n, a);
  printf("clobbered %.17g\n", sum(a, n));
  printf("clobbered_last %.17g\n", a[n - 1]);
  free(g);
  free(a);
  free(b);
  return 0;
}
