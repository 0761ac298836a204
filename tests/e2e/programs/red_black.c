/* Parities of counters: a red-black Gauss-Seidel sweep (each colour's rows
 * start at 1 + (i + colour) % 2 and step by 2), a checkerboard update
 * guarded by (i + j) % 2, and a row parity read as a value. The parity is
 * modelled with a counter q = (i + c) / 2 of its own. argv[1]: n,
 * argv[2]: sweeps. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void red_black(int n, int sweeps, double *G) {
  for (int s = 0; s < sweeps; s++)
    for (int color = 0; color < 2; color++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1 + (i + color) % 2; j < n - 1; j += 2)
          G[i * n + j] = 0.25 * (G[(i - 1) * n + j] + G[(i + 1) * n + j] + G[i * n + j - 1] + G[i * n + j + 1]);
}

__attribute__((noinline)) void checkerboard(int n, int m, double (*A)[m], const double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if ((i + j) % 2 == 0)
        A[i][j] = 0.5 * A[i][j] + B[i][j];
      else
        A[i][j] -= B[i][j] * (double)(i % 2 + 1);
}

__attribute__((noinline)) void odd_rows(int n, int m, double (*A)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = i % 2; j < m; j += 2)
      A[i][j] += (double)(i + 3 * j);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  int sweeps = argc > 2 ? atoi(argv[2]) : 3;
  if (n < 1) n = 1;
  if (n > 2000) n = 2000;
  int m = n + 3;
  double *G = malloc(sizeof(double) * (size_t)n * n);
  double (*A)[m] = malloc(sizeof(double) * (size_t)n * m);
  double (*B)[m] = malloc(sizeof(double) * (size_t)n * m);
  if (!G || !A || !B) return 1;
  for (int i = 0; i < n * n; i++) G[i] = (double)((i * 7) % 13) / 13.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      A[i][j] = (double)((i * 3 + j) % 11);
      B[i][j] = (double)((i + 5 * j) % 7) / 7.0;
    }
  red_black(n, sweeps, G);
  checkerboard(n, m, A, B);
  odd_rows(n, m, A);
  double s = 0, t = 0;
  for (int i = 0; i < n * n; i++) s += G[i] * (double)(i % 7 + 1);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) t += A[i][j] * (double)((i + 2 * j) % 5 + 1);
  printf("red-black %.17g\ncheckerboard %.17g\n", s, t);
  free(G); free(A); free(B);
  return 0;
}
