/* Decimation of a signal by a step s read at run time: the trip count
 * ceil(n / s) divides by a parameter, so the loop is not affine for an
 * unknown s; specialized for a profiled s it is. argv[1]: n (s = n / 8). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void decimate(int n, int s, double *out, const double *in) {
  for (int i = 0, k = 0; i < n; i += s, k++)
    out[k] = 0.5 * in[i] + 0.25 * (in[i + 1] + in[i + 2]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64;
  if (n < 8 || n > 100000)
    return 1;
  int s = n / 8;
  double *in = malloc(sizeof(double) * (n + 2)), *out = calloc((size_t)n / s + 1, sizeof(double));
  if (!in || !out)
    return 1;
  for (int i = 0; i < n + 2; i++)
    in[i] = (double)((i * 13) % 17);
  decimate(n, s, out, in);
  double sum = 0;
  for (int k = 0; k * s < n; k++)
    sum += out[k] * (k % 5 + 1);
  printf("decimate %d %d %.17g\n", n, s, sum);
  return 0;
}
