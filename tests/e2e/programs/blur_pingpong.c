/* Nine-point box blurs ping-ponging between two grids in a time loop: a
 * flattened n x n pair (g[i*n + j], runtime n) and a VLA pair with a
 * rectangular n x m interior. Time skewing fuses the two sweeps; each
 * sweep reads the row it is about to have overwritten one column later,
 * so the innermost point loops are distributed (one per sweep) to become
 * parallel. Output differences would show a wrong order between sweeps. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void blur_flat(int steps, int n, double *a, double *b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = (a[(i - 1) * n + j - 1] + a[(i - 1) * n + j] + a[(i - 1) * n + j + 1] + a[i * n + j - 1] +
                        a[i * n + j] + a[i * n + j + 1] + a[(i + 1) * n + j - 1] + a[(i + 1) * n + j] +
                        a[(i + 1) * n + j + 1]) / 9.0;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i * n + j] = (b[(i - 1) * n + j - 1] + b[(i - 1) * n + j] + b[(i - 1) * n + j + 1] + b[i * n + j - 1] +
                        b[i * n + j] + b[i * n + j + 1] + b[(i + 1) * n + j - 1] + b[(i + 1) * n + j] +
                        b[(i + 1) * n + j + 1]) / 9.0;
  }
}

/* Uneven weights, so that a mirrored or shifted read changes the result. */
__attribute__((noinline)) void blur_vla(int steps, int n, int m, double (*restrict a)[m + 2], double (*restrict b)[m + 2]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= m; j++)
        b[i][j] = 0.3 * a[i][j] + 0.1 * (a[i - 1][j - 1] + a[i + 1][j + 1]) + 0.2 * (a[i - 1][j + 1] + a[i][j - 1]) +
                  0.05 * (a[i + 1][j - 1] + a[i][j + 1]);
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= m; j++)
        a[i][j] = 0.25 * b[i][j] + 0.15 * (b[i - 1][j] + b[i + 1][j]) + 0.1 * (b[i][j - 1] + b[i][j + 1]) +
                  0.05 * (b[i - 1][j - 1] + b[i + 1][j + 1] + b[i + 1][j - 1]);
  }
}

static double sum(const double *a, long len) {
  double s = 0.0;
  for (long i = 0; i < len; i++) s += a[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 120, 1, 2000);
  int steps = argc > 2 ? get_n(argc - 1, argv + 1, 6, 0, 50) : 6;
  int m = n + 3;
  long flat = (long)n * n, rect = (long)(n + 2) * (m + 2);
  double *a = malloc(sizeof(double) * flat), *b = malloc(sizeof(double) * flat);
  double *c = malloc(sizeof(double) * rect), *d = malloc(sizeof(double) * rect);
  if (!a || !b || !c || !d) return 1;
  for (long i = 0; i < flat; i++) {
    a[i] = (double)(i % 23) / 23.0;
    b[i] = (double)(i % 5);
  }
  for (long i = 0; i < rect; i++) {
    c[i] = (double)((i * 7) % 31) / 31.0;
    d[i] = 0.5;
  }
  blur_flat(steps, n, a, b);
  printf("flat_a %.17g\n", sum(a, flat));
  printf("flat_b %.17g\n", sum(b, flat));
  printf("flat_mid %.17g\n", a[(n / 2) * n + n / 3]);
  blur_vla(steps, n, m, (double (*)[m + 2])c, (double (*)[m + 2])d);
  printf("vla_c %.17g\n", sum(c, rect));
  printf("vla_d %.17g\n", sum(d, rect));
  printf("vla_mid %.17g\n", c[(n / 2 + 1) * (m + 2) + m / 2]);
  free(a);
  free(b);
  free(c);
  free(d);
  return 0;
}
