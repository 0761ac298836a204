/* Two matrix-vector products on the same matrix: y += A*x and z += A^T*w
 * (row-wise and column-wise traversal). Flattened, plain pointers. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void mvt_kernel(int n, const double *A,
                                          const double *x, const double *w,
                                          double *y, double *z) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i * n + j] * x[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      z[i] += A[j * n + i] * w[j];
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 1000, 2, 5000);
  double *A = malloc(sizeof(double) * (size_t)n * n);
  double *x = malloc(sizeof(double) * n), *w = malloc(sizeof(double) * n);
  double *y = malloc(sizeof(double) * n), *z = malloc(sizeof(double) * n);
  if (!A || !x || !w || !y || !z) return 1;
  for (int i = 0; i < n; i++) {
    x[i] = (double)(i % n) / n;
    w[i] = (double)((i + 3) % n) / n;
    y[i] = (double)((i + 1) % n) / n;
    z[i] = (double)((i + 4) % n) / n;
    for (int j = 0; j < n; j++) A[i * n + j] = (double)(((long)i * j + 2 * i + 1) % n) / n; /* not symmetric */
  }

  mvt_kernel(n, A, x, w, y, z);

  double sy = 0, sz = 0, wy = 0, wz = 0;
  for (int i = 0; i < n; i++) {
    sy += y[i]; sz += z[i];
    wy += y[i] * (double)(i % 7 + 1);
    wz += z[i] * (double)(i % 7 + 1);
  }
  printf("y_sum %.17g\n", sy);
  printf("y_wsum %.17g\n", wy);
  printf("z_sum %.17g\n", sz);
  printf("z_wsum %.17g\n", wz);
  printf("y[1] %.17g\n", y[1]);
  printf("z[1] %.17g\n", z[1]);
  printf("y[last] %.17g\n", y[n - 1]);
  printf("z[mid] %.17g\n", z[n / 2]);
  free(A); free(x); free(w); free(y); free(z);
  return 0;
}
