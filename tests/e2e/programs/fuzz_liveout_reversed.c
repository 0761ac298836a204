/* Found by scripts/fuzz (programs long2:161 and long2:272), reduced by
 * hand: the last value of a scalar assigned in a loop that also writes the
 * array the scalar is read from (reversed subscripts), and the same inside
 * a triangular nest with a condition, where the scalar is stored after the
 * inner loop (the subscripts are written -j + m + c, as the fuzzer prints
 * them: Tessera rejects m + c - j as possibly wrapping, and then the inner
 * loop is no SCoP). The second kernel is also called with its two arrays at
 * the same address. The rewritten SCoPs gave wrong results. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int last_product(int n, long *a) {
  int s = 0;
  for (int i = 1; i < n; i++) {
    a[i - 1] = a[0] % 1000;
    s = (a[n - i] % 1000) * (a[n - i - 1] % 100);
  }
  return s;
}

__attribute__((noinline)) void last_in_row(int n, int m, double (*out)[n + 6], double *b) {
  for (int i = 1; i < n + 1; i++) {
    double t = 0.0;
    for (int j = i; j < m + 1; j++) {
      if (2 * j != n + 2)
        b[-j + m + 3] = 0.125 * b[-j + m + 5];
      t = 0.0625 * b[-j + m + 5] * b[-j + m + 1];
    }
    out[0][i + 4] = t;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  if (n < 2)
    n = 2;
  if (n > 2000)
    n = 2000;
  int m = n + 3;
  long *a = malloc(sizeof(long) * n);
  double *b = malloc(sizeof(double) * (m + 6));
  double *out = calloc((size_t)(n + 6), sizeof(double));
  if (!a || !b || !out)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = (i * 37 + 11) % 41 - 20;
  for (int i = 0; i < m + 6; i++)
    b[i] = (double)((i * 13 + 5) % 17) / 16.0 - 0.5;
  printf("last_product %d\n", last_product(n, a));
  long h = 0;
  for (int i = 0; i < n; i++)
    h += a[i] * (i % 7 + 1);
  printf("a_weighted %ld\n", h);
  last_in_row(n, m, (double (*)[n + 6])out, b);
  double s = 0, t = 0;
  for (int i = 0; i < n + 6; i++)
    s += out[i] * (i % 5 + 1);
  for (int i = 0; i < m + 6; i++)
    t += b[i] * (i % 3 + 1);
  printf("out_weighted %.17g\nb_weighted %.17g\n", s, t);
  /* The same buffer as both arguments, at several small sizes. */
  for (int k = 1; k <= 4; k++) {
    double *buf = malloc(sizeof(double) * (3 * k + 24));
    if (!buf)
      return 1;
    for (int i = 0; i < 3 * k + 24; i++)
      buf[i] = (double)((i * 37 + 77) % 29) / 16.0 - 0.875;
    last_in_row(k, 2 * k, (double (*)[k + 6])buf, buf);
    double u = 0;
    for (int i = 0; i < 3 * k + 24; i++)
      u += buf[i] * (i % 5 + 1);
    printf("aliased_%d %.17g\n", k, u);
    free(buf);
  }
  free(a);
  free(b);
  free(out);
  return 0;
}
