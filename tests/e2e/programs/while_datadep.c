/* NON-AFFINE: data-dependent while loops nested in counted loops:
 * Collatz step counts per element, Euclid's gcd over a 2-D grid, and an
 * integer square root by a data-dependent bisection. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void while_kernel(int n, int m, const long long *v,
                                            int *steps, int (*G)[m],
                                            long long *root) {
  for (int i = 0; i < n; i++) {
    long long x = v[i];
    int s = 0;
    while (x != 1) {
      x = (x % 2 == 0) ? x / 2 : 3 * x + 1;
      s++;
    }
    steps[i] = s;
  }
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) {
      int a = i + 1, b = j * 3 + 2;
      while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
      }
      G[i][j] = a;
    }
  for (int i = 0; i < n; i++) {
    long long lo = 0, hi = v[i] + 1;
    while (hi - lo > 1) {
      long long mid = lo + (hi - lo) / 2;
      if (mid * mid <= v[i]) lo = mid; else hi = mid;
    }
    root[i] = lo;
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 30000, 1, 1000000);
  int m = 300;
  long long *v = malloc(sizeof(long long) * n), *root = malloc(sizeof(long long) * n);
  int *steps = malloc(sizeof(int) * n);
  int (*G)[m] = malloc(sizeof(int) * (size_t)m * m);
  if (!v || !root || !steps || !G) return 1;
  for (int i = 0; i < n; i++) v[i] = 1 + ((long long)i * 7919) % 100000;

  while_kernel(n, m, v, steps, G, root);

  long long ss = 0, ws = 0, sg = 0, wg = 0, sr = 0;
  int maxs = 0;
  for (int i = 0; i < n; i++) {
    ss += steps[i]; ws += (long long)steps[i] * (i % 7 + 1);
    sr += root[i] * (i % 3 + 1);
    if (steps[i] > maxs) maxs = steps[i];
  }
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) { sg += G[i][j]; wg += (long long)G[i][j] * ((i * m + j) % 7 + 1); }
  printf("steps_sum %lld\n", ss);
  printf("steps_wsum %lld\n", ws);
  printf("steps_max %d\n", maxs);
  printf("gcd_sum %lld\n", sg);
  printf("gcd_wsum %lld\n", wg);
  printf("root_wsum %lld\n", sr);
  printf("steps[last] %d\n", steps[n - 1]);
  free(v); free(root); free(steps); free(G);
  return 0;
}
