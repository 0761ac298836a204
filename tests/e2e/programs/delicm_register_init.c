/* Accumulators whose initial value lives only in a register: Tessera maps
 * them back to the cell their final value is stored to (the entering
 * statement stores the initial value there). Also shapes that must not be
 * mapped: the exit touches the same array elsewhere, or stores something
 * other than the final value. */
#include <stdio.h>
#include <stdlib.h>

/* With restrict, LICM keeps beta*C[i][j] in a register through the k loop. */
__attribute__((noinline)) void gemm_beta(int n, double alpha, double beta, double (*restrict C)[n],
                                         const double (*restrict A)[n], const double (*restrict B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < n; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

/* s = 0 in a register, stored to y[i] at the end. */
__attribute__((noinline)) void matvec(int n, double *restrict y, const double (*restrict A)[n],
                                      const double *restrict x) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int k = 0; k < n; k++)
      s += A[i][k] * x[k];
    y[i] = s;
  }
}

/* The exit also reads another cell of y, which for other subscripts could
 * be the same cell: not mapped. */
__attribute__((noinline)) void matvec_chain(int n, double *restrict y, const double (*restrict A)[n]) {
  for (int i = 1; i < n; i++) {
    double s = 1;
    for (int k = 0; k < n; k++)
      s += A[i][k] * 0.5;
    y[i] = s + y[i - 1];
  }
}

/* The exit stores twice the final value: not a store-back. */
__attribute__((noinline)) void scaled(int n, double *restrict y, const double (*restrict A)[n]) {
  for (int i = 0; i < n; i++) {
    double s = 0.25;
    for (int k = 0; k < n; k++)
      s += A[i][k];
    y[i] = 2 * s;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 70;
  if (n < 2)
    n = 2;
  double (*A)[n] = malloc(sizeof(double[n][n])), (*B)[n] = malloc(sizeof(double[n][n]));
  double (*C)[n] = malloc(sizeof(double[n][n]));
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  if (!A || !B || !C || !x || !y)
    return 1;
  for (int i = 0; i < n; i++) {
    x[i] = (double)(i % 9) / 9;
    y[i] = 0;
    for (int j = 0; j < n; j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 11) / 11;
      B[i][j] = (double)((i * 5 + j) % 13) / 13;
      C[i][j] = (double)((i + j) % 4);
    }
  }
  gemm_beta(n, 0.75, -1.25, C, (const double (*)[n])A, (const double (*)[n])B);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += C[i][j] * ((i + 2 * j) % 5 + 1);
  printf("gemm_beta %.17g\n", s);
  matvec(n, y, (const double (*)[n])A, x);
  s = 0;
  for (int i = 0; i < n; i++)
    s += y[i] * (i % 3 + 1);
  printf("matvec %.17g\n", s);
  matvec_chain(n, y, (const double (*)[n])A);
  printf("matvec_chain %.17g\n", y[n - 1]);
  scaled(n, y, (const double (*)[n])A);
  s = 0;
  for (int i = 0; i < n; i++)
    s += y[i] * (i % 4 + 1);
  printf("scaled %.17g\n", s);
  return 0;
}
