/* Time-tiled stencils big enough that a wavefront holds several tiles: a
 * 1-D pair of sweeps over 6000 points and a 2-D five-point pair over a
 * 100 x 100 grid, 40 and 20 time steps. With -fopenmp the tiles of one
 * wavefront run on different threads; a tile run before a tile it depends
 * on (or next to one it conflicts with) changes the output. Uneven
 * weights make a shifted or mirrored read visible. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void sweeps_1d(int steps, int n, double *a, double *b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.2 * a[i - 1] + 0.5 * a[i] + 0.3 * a[i + 1];
    for (int i = 1; i < n - 1; i++)
      a[i] = 0.35 * b[i - 1] + 0.45 * b[i] + 0.2 * b[i + 1];
  }
}

__attribute__((noinline)) void sweeps_2d(int steps, int n, double (*a)[n], double (*b)[n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i][j] = 0.4 * a[i][j] + 0.1 * a[i - 1][j] + 0.2 * a[i + 1][j] + 0.15 * a[i][j - 1] + 0.15 * a[i][j + 1];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i][j] = 0.3 * b[i][j] + 0.25 * b[i - 1][j] + 0.05 * b[i + 1][j] + 0.3 * b[i][j - 1] + 0.1 * b[i][j + 1];
  }
}

static double sum(const double *a, long len) {
  double s = 0.0;
  for (long i = 0; i < len; i++) s += a[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 100, 1, 1000);
  int steps = argc > 2 ? get_n(argc - 1, argv + 1, 20, 0, 60) : 20;
  long line = 60L * n, grid = (long)n * n;
  double *a = malloc(sizeof(double) * line), *b = malloc(sizeof(double) * line);
  double *c = malloc(sizeof(double) * grid), *d = malloc(sizeof(double) * grid);
  if (!a || !b || !c || !d) return 1;
  for (long i = 0; i < line; i++) {
    a[i] = (double)((i * 13) % 37) / 37.0;
    b[i] = 0.0;
  }
  for (long i = 0; i < grid; i++) {
    c[i] = (double)((i * 7) % 29) / 29.0;
    d[i] = 0.0;
  }
  sweeps_1d(2 * steps, (int)line, a, b);
  printf("line_a %.17g\n", sum(a, line));
  printf("line_b %.17g\n", sum(b, line));
  printf("line_mid %.17g\n", a[line / 3]);
  sweeps_2d(steps, n, (double (*)[n])c, (double (*)[n])d);
  printf("grid_c %.17g\n", sum(c, grid));
  printf("grid_d %.17g\n", sum(d, grid));
  printf("grid_mid %.17g\n", c[(n / 2) * n + n / 3]);
  free(a);
  free(b);
  free(c);
  free(d);
  return 0;
}
