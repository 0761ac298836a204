/* floyd: Floyd-Warshall all-pairs shortest paths, in place. Iteration k
 * reads row k and column k, which iteration k itself does not change (a
 * path through k never improves a distance to or from k), yet a
 * dependence analysis has to prove it from the min, not the subscripts.
 * Usage: floyd [n] */
#include "bench.h"

BENCH_KERNEL void floyd(int n, double (*D)[n]) {
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        D[i][j] = D[i][k] + D[k][j] < D[i][j] ? D[i][k] + D[k][j] : D[i][j];
}

/* A sparse-ish directed graph: weights 1..50 on about one edge in three,
 * a large finite "no edge" value elsewhere (finite, so sums never
 * overflow and stay exact). A ring i -> i+1 of weight 60 makes every node
 * reachable, so no "no edge" value survives to swamp the checksum. */
static void make_graph(int n, double (*D)[n]) {
  const double none = 1e7;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int h = (i * 31 + j * 17 + i * j) % 97;
      D[i][j] = i == j ? 0.0 : h % 3 == 0 ? (double)(h % 50 + 1) : none;
    }
  for (int i = 0; i < n; i++)
    if (D[i][(i + 1) % n] == none)
      D[i][(i + 1) % n] = 60.0;
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1000);
  double (*D)[n] = bench_alloc((size_t)n * n);
  make_graph(n, D);

  double t0 = bench_now();
  floyd(n, D);
  double t1 = bench_now();

  bench_report(bench_checksum(&D[0][0], (long)n * n), t1 - t0);
  free(D);
  return 0;
}
