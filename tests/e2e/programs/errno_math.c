/* Calls that set errno inside loop nests: libm's sqrt, sin and exp report
 * one errno value each (EDOM or ERANGE), so their calls may be reordered,
 * but errno must be set, on the calling thread, exactly when some call
 * failed. Each kernel runs on valid inputs (errno stays 0) and then with
 * one bad input (errno becomes EDOM or ERANGE); the results print too.
 * argv[1]: n. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void roots(int n, double *out, const double *in) {
  for (int i = 0; i < n; i++)
    out[i] = sqrt(in[i]) + 1.0;
}

__attribute__((noinline)) void row_norms(int n, int m, const double (*A)[m], double *norm) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++)
      s += A[i][j] * A[i][j];
    norm[i] = sqrt(s - A[i][0]);
  }
}

__attribute__((noinline)) void growth(int n, int m, double (*G)[m], const double *rate) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      G[i][j] = exp(rate[i] * j) + sin(rate[j]);
}

static int get_n(int argc, char **argv) {
  int v = argc > 1 ? atoi(argv[1]) : 120;
  return v < 4 ? 4 : v > 2000 ? 2000 : v;
}

static double sum(const double *x, int len) {
  double s = 0;
  for (int i = 0; i < len; i++)
    s += isnan(x[i]) || isinf(x[i]) ? 1000.0 : x[i] * (i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv), m = n + 3;
  double *in = malloc(sizeof(double) * n), *out = malloc(sizeof(double) * n);
  double (*A)[m] = malloc(sizeof(double) * n * m), (*G)[m] = malloc(sizeof(double) * n * m);
  double *rate = malloc(sizeof(double) * m);
  if (!in || !out || !A || !G || !rate) return 1;
  for (int i = 0; i < n; i++) in[i] = (double)((i * 7) % 13) / 3.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) A[i][j] = (double)((i + 2 * j) % 9) - 4.0;
  for (int j = 0; j < m; j++) rate[j] = (double)(j % 5) / 50.0;

  errno = 0;
  roots(n, out, in);
  printf("roots_errno %d\nroots %.17g\n", errno == EDOM ? 1 : errno, sum(out, n));
  in[n / 2] = -2.0;
  errno = 0;
  roots(n, out, in);
  printf("roots_bad_errno %d\nroots_bad %.17g\n", errno == EDOM ? 1 : errno, sum(out, n));

  errno = 0;
  row_norms(n, m, (const double (*)[m])A, out);
  printf("norms_errno %d\nnorms %.17g\n", errno == EDOM ? 1 : errno, sum(out, n));
  for (int j = 0; j < m; j++) A[n - 1][j] = 0.0;
  A[n - 1][0] = 0.5; /* s - A[i][0] = 0.25 - 0.5 < 0 */
  errno = 0;
  row_norms(n, m, (const double (*)[m])A, out);
  printf("norms_bad_errno %d\nnorms_bad %.17g\n", errno == EDOM ? 1 : errno, sum(out, n));

  errno = 0;
  growth(n, m, G, rate);
  printf("growth_errno %d\ngrowth %.17g\n", errno == ERANGE ? 2 : errno, sum(&G[0][0], n * m));
  rate[1] = 1000.0; /* exp(1000 * j) overflows for j >= 1 */
  errno = 0;
  growth(n, m, G, rate);
  printf("growth_bad_errno %d\ngrowth_bad %.17g\n", errno == ERANGE ? 2 : errno, sum(&G[0][0], n * m));
  return 0;
}
