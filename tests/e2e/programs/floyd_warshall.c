/* All-pairs shortest paths (Floyd-Warshall, min-plus) on an int distance
 * matrix with a large-but-safe "infinity" (INF + INF fits in int). VLA. */
#include <stdio.h>
#include <stdlib.h>

#define INF (1 << 28)

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void floyd_kernel(int n, int (*d)[n]) {
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        d[i][j] = d[i][j] < d[i][k] + d[k][j] ? d[i][j] : d[i][k] + d[k][j];
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 220, 2, 3000);
  int (*d)[n] = malloc(sizeof(int) * (size_t)n * n);
  if (!d) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (i == j) d[i][j] = 0;
      else if ((i * 7 + j * 3) % 11 == 0 || j == i + 1 || (i * j) % 17 == 5)
        d[i][j] = (i * 3 + j * 5) % 29 + 1;
      else d[i][j] = INF;
    }

  floyd_kernel(n, d);

  long long s = 0, w = 0;
  int unreachable = 0, maxd = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (d[i][j] >= INF) { unreachable++; continue; }
      s += d[i][j];
      w += (long long)d[i][j] * ((i * n + j) % 7 + 1);
      if (d[i][j] > maxd) maxd = d[i][j];
    }
  printf("sum %lld\n", s);
  printf("wsum %lld\n", w);
  printf("unreachable %d\n", unreachable);
  printf("max %d\n", maxd);
  printf("d[0][last] %d\n", d[0][n - 1]);
  printf("d[last][0] %d\n", d[n - 1][0]);
  printf("d[mid][1] %d\n", d[n / 2][1]);
  free(d);
  return 0;
}
