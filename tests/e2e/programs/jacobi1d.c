/* 1-D Jacobi 3-point stencil with two arrays and a time loop. */
#include <stdio.h>
#include <stdlib.h>

static int get_arg(int argc, char **argv, int idx, int def, int lo, int hi) {
  int v = def;
  if (argc > idx) v = atoi(argv[idx]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void jacobi1d_kernel(int tsteps, int n, double *A,
                                               double *B) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

int main(int argc, char **argv) {
  int n = get_arg(argc, argv, 1, 20000, 3, 10000000);
  int tsteps = get_arg(argc, argv, 2, 100, 0, 100000);
  double *A = malloc(sizeof(double) * n), *B = malloc(sizeof(double) * n);
  if (!A || !B) return 1;
  for (int i = 0; i < n; i++) {
    /* non-linear in i: a linear profile would be a fixed point of the stencil */
    A[i] = (double)(((long)i * i + 3) % 101) / 101.0;
    B[i] = (double)(((long)i * 7 + 1) % 53) / 53.0;
  }

  jacobi1d_kernel(tsteps, n, A, B);

  double s = 0, w = 0;
  for (int i = 0; i < n; i++) {
    s += A[i];
    w += A[i] * (double)(i % 7 + 1) + B[i] * (double)(i % 3 + 1);
  }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("A[1] %.17g\n", A[1]);
  printf("A[mid] %.17g\n", A[n / 2]);
  printf("A[last-1] %.17g\n", A[n - 2]);
  printf("B[2] %.17g\n", B[2 < n ? 2 : 0]);
  free(A); free(B);
  return 0;
}
