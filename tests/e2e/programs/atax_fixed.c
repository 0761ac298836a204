/* y = A^T (A x) with sizes fixed at compile time. The row sums tmp[i] are
 * carried across the column tiles, which run as wavefronts on threads:
 * a wavefront loop carries what any of its band's tile loops carries, so
 * each sum must still be added up in source order (any other order prints
 * different last bits at 2 threads). Several runs make a wrong order
 * likely to show. */
#include <stdio.h>

#define M 760
#define N 2100

static double A[M][N], x[N], y[N], tmp[M];

__attribute__((noinline)) void atax(double A[M][N], double x[N], double y[N], double tmp[M]) {
  for (int i = 0; i < N; i++)
    y[i] = 0;
  for (int i = 0; i < M; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < N; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (int j = 0; j < N; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = 1 + (i / (double)N);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j) % N) / (5 * M) + 1e-3 * (j % 13);
  for (int run = 0; run < 4; run++) {
    atax(A, x, y, tmp);
    for (int i = 0; i < M; i += 37)
      printf("tmp[%d] %a\n", i, tmp[i]);
    for (int j = 0; j < N; j += 41)
      printf("y[%d] %a\n", j, y[j]);
    x[run] += 0.5;
  }
  return 0;
}
