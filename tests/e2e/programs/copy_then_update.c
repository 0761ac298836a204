/* Loop nests whose accumulator starts as a copy of another array's cell:
 * a min-plus product step (E = D, then E = min(E, D[i][k] + D[k][j]) over
 * k, every update stored to E), the same on restrict arrays (the register
 * holds the running minimum and only the final value is stored), and a
 * row scan that reads the destination's row while accumulating (the old
 * E[i][j] when k = j, not the running value). Integer-valued doubles keep
 * every build exact. Usage: copy_then_update [n] */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void step(int n, double (*E)[n], const double (*D)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      E[i][j] = D[i][j];
      for (int k = 0; k < n; k++)
        E[i][j] = D[i][k] + D[k][j] < E[i][j] ? D[i][k] + D[k][j] : E[i][j];
    }
}

__attribute__((noinline)) void step_restrict(int n, double (*restrict E)[n], const double (*restrict D)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      E[i][j] = D[i][j];
      for (int k = 0; k < n; k++)
        E[i][j] = D[i][k] + D[k][j] < E[i][j] ? D[i][k] + D[k][j] : E[i][j];
    }
}

/* A running maximum seeded from the transpose; E[i][j] itself is read
 * (its old value) when k = j. */
__attribute__((noinline)) void row_scan(int n, double (*restrict E)[n], const double (*restrict D)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double best = D[j][i];
      for (int k = 0; k < n; k++) {
        double v = E[i][k] - D[k][j];
        best = v > best ? v : best;
      }
      E[i][j] = best;
    }
}

static double sum(const double *a, long len) {
  double s = 0.0;
  for (long i = 0; i < len; i++) s += a[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 90, 1, 600);
  size_t len = (size_t)n * n;
  double *d = malloc(sizeof(double) * len), *e = malloc(sizeof(double) * len);
  if (!d || !e) return 1;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) d[i * n + j] = i == j ? 0.0 : (double)((i * 7 + j * 11 + (i ^ j)) % 31 + 1);
  step(n, (double (*)[n])e, (const double (*)[n])d);
  printf("step %.17g\n", sum(e, len));
  printf("step_mid %.17g\n", e[(len - 1) / 2]);
  step_restrict(n, (double (*)[n])d, (const double (*)[n])e);
  printf("step_restrict %.17g\n", sum(d, len));
  for (size_t i = 0; i < len; i++) e[i] = (double)(i % 13) - 4.0;
  row_scan(n, (double (*)[n])e, (const double (*)[n])d);
  printf("row_scan %.17g\n", sum(e, len));
  printf("row_scan_last %.17g\n", e[len - 1]);
  free(d);
  free(e);
  return 0;
}
