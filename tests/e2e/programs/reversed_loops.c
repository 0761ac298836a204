/* Loops counting down: back substitution U x = b for an upper triangular U
 * (outer i from n-1 down to 0, inner j from n-1 down to i+1), a reversed
 * suffix-sum recurrence, and a reversed 2-D sweep with a (i+1, j+1)
 * dependence. Flattened with runtime stride. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void reversed_kernel(int n, const double *U,
                                               const double *b, double *x,
                                               double *suf, double *G) {
  for (int i = n - 1; i >= 0; i--) {
    double acc = b[i];
    for (int j = n - 1; j > i; j--)
      acc -= U[i * n + j] * x[j];
    x[i] = acc / U[i * n + i];
  }
  suf[n - 1] = x[n - 1];
  for (int i = n - 2; i >= 0; i--)
    suf[i] = suf[i + 1] * 0.5 + x[i];
  for (int i = n - 2; i >= 0; i--)
    for (int j = n - 2; j >= 0; j--)
      G[i * n + j] = 0.5 * G[(i + 1) * n + (j + 1)] + 0.25 * G[i * n + j + 1] + G[i * n + j];
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 700, 2, 5000);
  double *U = malloc(sizeof(double) * (size_t)n * n);
  double *G = malloc(sizeof(double) * (size_t)n * n);
  double *b = malloc(sizeof(double) * n), *x = malloc(sizeof(double) * n);
  double *suf = malloc(sizeof(double) * n);
  if (!U || !G || !b || !x || !suf) return 1;
  for (int i = 0; i < n; i++) {
    b[i] = 1.0 + (double)(i % 11) / 11.0;
    for (int j = 0; j < n; j++) {
      U[i * n + j] = (j > i) ? (double)((i + 2 * j) % 10) / (10.0 * n)
                             : (j == i ? 2.0 + (double)(i % 3) : 0.0);
      G[i * n + j] = (double)((i * j + 1) % 7) / 7.0;
    }
  }

  reversed_kernel(n, U, b, x, suf, G);

  double sx = 0, wx = 0, ss = 0, sg = 0, wg = 0;
  for (int i = 0; i < n; i++) {
    sx += x[i]; wx += x[i] * (double)(i % 7 + 1);
    ss += suf[i] * (double)(i % 3 + 1);
  }
  for (int i = 0; i < n * n; i++) { sg += G[i]; wg += G[i] * (double)(i % 7 + 1); }
  printf("x_sum %.17g\n", sx);
  printf("x_wsum %.17g\n", wx);
  printf("suf_wsum %.17g\n", ss);
  printf("G_sum %.17g\n", sg);
  printf("G_wsum %.17g\n", wg);
  printf("x[0] %.17g\n", x[0]);
  printf("suf[0] %.17g\n", suf[0]);
  printf("G[0][0] %.17g\n", G[0]);
  printf("G[mid][1] %.17g\n", G[(n / 2) * n + 1]);
  free(U); free(G); free(b); free(x); free(suf);
  return 0;
}
