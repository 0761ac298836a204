/* NON-AFFINE: indirect subscripts. y[i] = sum_j A[i][j] * x[idx[j]] (gather
 * through a permutation), then a scatter B[perm[i]] += ..., then an in-place
 * update through an index array that may repeat entries (histogram-like
 * accumulation whose order matters only up to integer exactness). */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void indirect_kernel(int n, const double *A,
                                               const double *x, const int *idx,
                                               const int *perm, double *y,
                                               double *B, long long *bins,
                                               const int *key, int nb) {
  for (int i = 0; i < n; i++) {
    y[i] = 0.0;
    for (int j = 0; j < n; j++)
      y[i] += A[i * n + j] * x[idx[j]];
  }
  for (int i = 0; i < n; i++)
    B[perm[i]] += y[i] * 0.5 + (double)i;
  for (int i = 0; i < n * 4; i++)
    bins[key[i] % nb] += (long long)(i % 13) + key[i];
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 900, 1, 5000);
  int nb = 37;
  double *A = malloc(sizeof(double) * (size_t)n * n);
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  double *B = malloc(sizeof(double) * n);
  int *idx = malloc(sizeof(int) * n), *perm = malloc(sizeof(int) * n);
  int *key = malloc(sizeof(int) * (size_t)n * 4);
  long long *bins = calloc(nb, sizeof(long long));
  if (!A || !x || !y || !B || !idx || !perm || !key || !bins) return 1;
  /* idx[j] = (a*j + c) mod n with gcd(a, n) = 1 is a permutation */
  int a = 1;
  for (int c = n / 3 + 1; c < 2 * n + 2; c++) {
    int g = c, h = n;
    while (h) { int t = g % h; g = h; h = t; }
    if (g == 1) { a = c; break; }
  }
  for (int j = 0; j < n; j++) {
    idx[j] = (int)(((long)a * j + 5) % n);
    perm[j] = n - 1 - idx[j];
    x[j] = (double)(j % 29) / 29.0 + 0.5;
    B[j] = (double)(j % 3);
    for (int k = 0; k < n; k++) A[j * n + k] = (double)(((long)j * k + 2 * k + 1) % 31) / 31.0;
  }
  for (int i = 0; i < n * 4; i++) key[i] = (int)(((long)i * i + 7 * (long)i) % 1009);

  indirect_kernel(n, A, x, idx, perm, y, B, bins, key, nb);

  double sy = 0, wy = 0, sB = 0, wB = 0;
  long long sb = 0, wb = 0;
  for (int i = 0; i < n; i++) {
    sy += y[i]; wy += y[i] * (double)(i % 7 + 1);
    sB += B[i]; wB += B[i] * (double)(i % 7 + 1);
  }
  for (int i = 0; i < nb; i++) { sb += bins[i]; wb += bins[i] * (i % 7 + 1); }
  printf("y_sum %.17g\n", sy);
  printf("y_wsum %.17g\n", wy);
  printf("B_sum %.17g\n", sB);
  printf("B_wsum %.17g\n", wB);
  printf("bins_sum %lld\n", sb);
  printf("bins_wsum %lld\n", wb);
  printf("y[0] %.17g\n", y[0]);
  printf("B[last] %.17g\n", B[n - 1]);
  free(A); free(x); free(y); free(B); free(idx); free(perm); free(key); free(bins);
  return 0;
}
