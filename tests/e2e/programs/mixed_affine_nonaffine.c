/* One kernel function holding an affine matrix product, then a non-affine
 * loop (indirect, data-dependent trip count) that reads its result, then
 * another affine nest that reads the non-affine loop's output. The affine
 * parts may be optimised; the middle loop must be left intact. Flattened. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void mixed_kernel(int n, const double *A,
                                            const double *B, double *C,
                                            const int *idx, double *v,
                                            double *D) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i * n + j] = 0.0;
      for (int k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * B[k * n + j];
    }
  for (int i = 0; i < n; i++) {
    int reps = idx[i] % 4;       /* trip count read from memory */
    double t = C[idx[i] * n + i]; /* indirect row */
    for (int r = 0; r < reps; r++)
      t = t * 0.5 + 1.0;
    v[i] = t;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      D[i * n + j] = C[i * n + j] + v[i] * v[j];
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 180, 1, 3000);
  double *A = malloc(sizeof(double) * (size_t)n * n);
  double *B = malloc(sizeof(double) * (size_t)n * n);
  double *C = malloc(sizeof(double) * (size_t)n * n);
  double *D = malloc(sizeof(double) * (size_t)n * n);
  double *v = malloc(sizeof(double) * n);
  int *idx = malloc(sizeof(int) * n);
  if (!A || !B || !C || !D || !v || !idx) return 1;
  for (int i = 0; i < n; i++) {
    idx[i] = (int)(((long)i * i + 3) % n);
    for (int j = 0; j < n; j++) {
      A[i * n + j] = (double)((i * j + i + 1) % 17) / 17.0;
      B[i * n + j] = (double)((i + 2 * j) % 13) / 13.0;
    }
  }

  mixed_kernel(n, A, B, C, idx, v, D);

  double s = 0, w = 0, sv = 0;
  for (int i = 0; i < n * n; i++) { s += D[i]; w += D[i] * (double)(i % 7 + 1); }
  for (int i = 0; i < n; i++) sv += v[i] * (double)(i % 7 + 1);
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("v_wsum %.17g\n", sv);
  printf("v[0] %.17g\n", v[0]);
  printf("D[0][0] %.17g\n", D[0]);
  printf("D[mid][mid] %.17g\n", D[(n / 2) * n + n / 2]);
  printf("D[last][last] %.17g\n", D[n * n - 1]);
  free(A); free(B); free(C); free(D); free(v); free(idx);
  return 0;
}
