/* Loop bounds that are quotients of parameters and counters: pairwise sums
 * over n / 2 (an unsigned division once the compiler knows n >= 0), a
 * triangle j <= i / 2, row halves swapped in place with k < m / 2 (a signed
 * division: an opaque parameter linked to m by the model's context), and a
 * stride-3 scatter over (m >> 2) columns. Odd and even sizes both matter. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void pair_sums(int n, double *restrict out, const double *restrict in) {
  if (n < 0) return;
  for (int i = 0; i < n / 2; i++)
    out[i] = in[2 * i] + in[2 * i + 1];
}

__attribute__((noinline)) void half_triangle(int n, double (*A)[n]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j <= i / 2; j++)
      A[i][j] += 0.5 * A[i - 1][j];
}

__attribute__((noinline)) void swap_halves(int n, int m, double (*A)[m]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m / 2; k++) {
      double t = A[i][k];
      A[i][k] = A[i][m - 1 - k];
      A[i][m - 1 - k] = t + 0.25;
    }
}

__attribute__((noinline)) void quarter_scatter(int n, int m, double (*restrict A)[m], const double *restrict B) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < (m >> 2); k++)
      A[i][m - 1 - 3 * k] += B[k] * (double)(i + 1);
}

static double sum(const double *a, long len) {
  double s = 0.0;
  for (long i = 0; i < len; i++) s += a[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 301, 1, 2000);
  int m = n + 1 + n % 3;
  double *in = malloc(sizeof(double) * (size_t)n), *out = malloc(sizeof(double) * (size_t)n);
  double *A = malloc(sizeof(double) * (size_t)n * n), *C = malloc(sizeof(double) * (size_t)n * m);
  double *B = malloc(sizeof(double) * (size_t)m);
  if (!in || !out || !A || !C || !B) return 1;
  for (int i = 0; i < n; i++) {
    in[i] = (double)(i % 13) / 13.0;
    out[i] = -1.0;
  }
  for (long i = 0; i < (long)n * n; i++) A[i] = (double)(i % 9);
  for (long i = 0; i < (long)n * m; i++) C[i] = (double)(i % 17) / 17.0;
  for (int i = 0; i < m; i++) B[i] = (double)(i % 5);
  pair_sums(n, out, in);
  printf("pairs %.17g\n", sum(out, n));
  half_triangle(n, (double (*)[n])A);
  printf("triangle %.17g\n", sum(A, (long)n * n));
  swap_halves(n, m, (double (*)[m])C);
  printf("swap %.17g\n", sum(C, (long)n * m));
  quarter_scatter(n, m, (double (*)[m])C, B);
  printf("scatter %.17g\n", sum(C, (long)n * m));
  free(in);
  free(out);
  free(A);
  free(C);
  free(B);
  return 0;
}
