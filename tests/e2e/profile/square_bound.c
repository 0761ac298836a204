/* A loop bound n*n (a parameter product): not affine for an unknown n,
 * affine once n is a profiled constant. argv[1]: n. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void smooth_all(int n, double *out, const double *in) {
  for (int i = 1; i < n * n - 1; i++)
    out[i] = (in[i - 1] + 2 * in[i] + in[i + 1]) / 4;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64;
  double *in = malloc(sizeof(double) * n * n), *out = calloc((size_t)n * n, sizeof(double));
  if (!in || !out)
    return 1;
  for (int i = 0; i < n * n; i++)
    in[i] = (double)((i * 13) % 17);
  smooth_all(n, out, in);
  double s = 0;
  for (int i = 0; i < n * n; i++)
    s += out[i] * (i % 5 + 1);
  printf("smooth %d %.17g\n", n, s);
  return 0;
}
