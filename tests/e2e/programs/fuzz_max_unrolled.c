/* Found by scripts/fuzz (smoke batch, program smoke:5), reduced by hand
 * from the fuzzer's reproducer: a max-reduction into one array cell inside
 * a nest whose outer loop has a constant trip count (fully unrolled before
 * Tessera runs, so the cell is carried through PHIs from one copy of the
 * inner loop to the next). Tessera's generated IR failed verification
 * ("Instruction does not dominate all uses"), the broken function was kept
 * in place and clang crashed later (segfault in LCSSA formation).
 * max_triangular is program long1:606 (the same crash, a deeper nest whose
 * outer loop runs twice). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void running_max(int n, double *best, const double *x) {
  for (int r = 0; r < 3; r++)
    for (int j = 0; j < n + 1; j++)
      best[r & 0] = best[0] > x[j] ? best[0] : x[j];
}

__attribute__((noinline)) void clamp_below(int n, double *cell) {
  for (int r = 0; r < 3; r++)
    for (int j = 0; j < n + 1; j++)
      cell[0] = cell[0] > -0.375 ? cell[0] : -0.375;
}

__attribute__((noinline)) void max_triangular(int n, int m, long *a, long (*b)[n], const long *c) {
  for (int r = 0; r < 2; r++) {
    for (int i = n - 1; i >= r + 1; i--) {
      for (int k = r + 1; k < 3; k++)
        for (int j = r - 1; j < m - 2; j++)
          a[n - 1] = a[n - 1] > 3 * (c[0] % 1000) ? a[n - 1] : 3 * (c[0] % 1000);
      a[0] = (c[(r + i - 1) * m] % 1000) * (b[0][0] % 100);
    }
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  if (n < 0)
    n = 0;
  if (n > 100000)
    n = 100000;
  double *x = malloc(sizeof(double) * (n + 1));
  if (!x)
    return 1;
  for (int j = 0; j <= n; j++)
    x[j] = (double)((j * 37 + 11) % 101) / 7.0 - 5.0;
  double best = -100.0;
  running_max(n, &best, x);
  printf("max %.17g\n", best);
  double cell = -2.5;
  clamp_below(n, &cell);
  printf("clamped %.17g\n", cell);
  /* max_triangular reads c[(r + i - 1) * m] for i < n: c has n * m cells */
  int m = n < 40 ? n + 2 : 40, k = n < 40 ? n + 2 : 40;
  long *a = malloc(sizeof(long) * k), *b = malloc(sizeof(long) * k * k), *c = malloc(sizeof(long) * k * m);
  if (!a || !b || !c)
    return 1;
  for (int i = 0; i < k; i++)
    a[i] = (i * 7) % 11 - 5;
  for (int i = 0; i < k * k; i++)
    b[i] = (i * 5) % 13 - 6;
  for (int i = 0; i < k * m; i++)
    c[i] = (i * 3) % 17 - 8;
  max_triangular(k, m, a, (long (*)[k])b, c);
  unsigned long h = 0;
  for (int i = 0; i < k; i++)
    h = h * 31 + (unsigned long)a[i];
  printf("max_triangular %ld %ld %lu\n", a[0], a[k - 1], h);
  free(a);
  free(b);
  free(c);
  free(x);
  return 0;
}
