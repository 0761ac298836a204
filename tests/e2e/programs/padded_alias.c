/* Run-time alias checks must end each array's range at its last element
 * accessed: here R and Q are modelled with rows of n + 1 (the diagonal
 * R[k][k] steps by n + 1), so a whole last "row" would reach n elements
 * past R's n*n and into Q, allocated right behind it. The kernel runs once
 * on R and Q back to back (disjoint: the optimized code runs) and once
 * with Q starting on R's last element (the original code runs).
 * tests/e2e.rs compiles it with -tessera-rtc-stats and expects
 * "optimized 1, fallback 1". argv[1]: n. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void upper(int n, double (*R)[n], const double (*Q)[n]) {
  for (int k = 0; k < n; k++) {
    R[k][k] = Q[k][k] * 2.0;
    for (int j = k + 1; j < n; j++)
      R[k][j] = Q[k][j] + R[k][k];
  }
}

static void run(const char *what, int n, double *buf, long q_at) {
  for (long i = 0; i < 2L * n * n; i++)
    buf[i] = (double)((i * 5 + 3) % 19) / 19.0;
  upper(n, (double (*)[n])buf, (const double (*)[n])(buf + q_at));
  double s = 0;
  for (long i = 0; i < 2L * n * n; i++)
    s += buf[i] * (i % 7 + 1);
  printf("%s %.17g\n", what, s);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 90;
  if (n < 2 || n > 2000) return 1;
  double *buf = malloc(sizeof(double) * 2 * n * n);
  if (!buf) return 1;
  run("back_to_back", n, buf, (long)n * n);
  run("last_element_shared", n, buf, (long)n * n - 1);
  return 0;
}
