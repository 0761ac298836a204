/* Non-unit strides and affine subscripts with coefficients: step-2 and
 * step-3 loops, A[2*i+1], a red-black style update (two passes with parity
 * offsets), and a lower bound depending on the outer index. Flattened. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void strided_kernel(int n, double *a, double *b,
                                              double *G, int sweeps) {
  /* a has 2n+2 elements, b has n */
  for (int i = 0; i < n; i += 2)
    b[i] = a[2 * i + 1] + a[2 * i + 2];
  for (int i = 1; i < n; i += 3)
    b[i] = a[i] * 2.0 - a[2 * i];
  for (int i = 2; i < n; i += 6)
    b[i] += b[i - 1];
  /* red-black sweeps over the interior of an n x n grid */
  for (int s = 0; s < sweeps; s++)
    for (int color = 0; color < 2; color++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1 + (i + color) % 2; j < n - 1; j += 2)
          G[i * n + j] = 0.25 * (G[(i - 1) * n + j] + G[(i + 1) * n + j] +
                                 G[i * n + j - 1] + G[i * n + j + 1]);
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j += 4)
      G[i * n + j] += b[j - i];
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 400, 3, 6000);
  double *a = malloc(sizeof(double) * (size_t)(2 * n + 2));
  double *b = malloc(sizeof(double) * n);
  double *G = malloc(sizeof(double) * (size_t)n * n);
  if (!a || !b || !G) return 1;
  for (int i = 0; i < 2 * n + 2; i++) a[i] = (double)(i % 17) / 17.0 + 1.0;
  for (int i = 0; i < n; i++) b[i] = -2.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) G[i * n + j] = (double)((i * 3 + j * 7) % 29) / 29.0;

  strided_kernel(n, a, b, G, 10);

  double sb = 0, s = 0, w = 0;
  for (int i = 0; i < n; i++) sb += b[i] * (double)(i % 7 + 1);
  for (int i = 0; i < n * n; i++) { s += G[i]; w += G[i] * (double)(i % 7 + 1); }
  printf("b_wsum %.17g\n", sb);
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("b[2] %.17g\n", b[2]);
  printf("G[1][1] %.17g\n", G[n + 1]);
  printf("G[mid][mid] %.17g\n", G[(n / 2) * n + n / 2]);
  printf("G[last-1][last-2] %.17g\n", G[(n - 2) * n + n - 3]);
  free(a); free(b); free(G);
  return 0;
}
