/* y = alpha*A*x + beta*B*x with two temporaries, restrict-qualified pointers. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void gesummv_kernel(int n, double alpha, double beta,
                                              const double *restrict A,
                                              const double *restrict B,
                                              const double *restrict x,
                                              double *restrict tmp,
                                              double *restrict y) {
  for (int i = 0; i < n; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
    for (int j = 0; j < n; j++) {
      tmp[i] = A[i * n + j] * x[j] + tmp[i];
      y[i] = B[i * n + j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 900, 2, 5000);
  double *A = malloc(sizeof(double) * (size_t)n * n);
  double *B = malloc(sizeof(double) * (size_t)n * n);
  double *x = malloc(sizeof(double) * n), *tmp = malloc(sizeof(double) * n);
  double *y = malloc(sizeof(double) * n);
  if (!A || !B || !x || !tmp || !y) return 1;
  for (int i = 0; i < n; i++) {
    x[i] = (double)(i % n) / n;
    for (int j = 0; j < n; j++) {
      A[i * n + j] = (double)(((long)i * j + i + 1) % n) / n;
      B[i * n + j] = (double)(((long)i * j + 2 * j + 2) % n) / n;
    }
  }

  gesummv_kernel(n, 1.5, 1.2, A, B, x, tmp, y);

  double s = 0, w = 0, st = 0;
  for (int i = 0; i < n; i++) {
    s += y[i];
    w += y[i] * (double)(i % 7 + 1);
    st += tmp[i] * (double)(i % 3 + 1);
  }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("tmp_wsum %.17g\n", st);
  printf("y[0] %.17g\n", y[0]);
  printf("y[mid] %.17g\n", y[n / 2]);
  printf("y[last] %.17g\n", y[n - 1]);
  free(A); free(B); free(x); free(tmp); free(y);
  return 0;
}
