/* Tessera's demo kernel: C = C + A * B on n x n doubles, arrays passed as
 * plain pointers with a runtime size, as real code does. Prints checksums of
 * C on stdout and the kernel's time on stderr. Usage: matmul [n] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) void matmul(int n, double (*C)[n], double (*A)[n], double (*B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  double (*A)[n] = malloc(sizeof(double[n][n]));
  double (*B)[n] = malloc(sizeof(double[n][n]));
  double (*C)[n] = malloc(sizeof(double[n][n]));
  if (!A || !B || !C)
    return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (double)((i * j + 1) % n) / n;
      B[i][j] = (double)((i + 2 * j) % n) / n;
      C[i][j] = (double)(i - j) / n;
    }
  double t0 = now();
  matmul(n, C, A, B);
  double t1 = now();
  double sum = 0, weighted = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      sum += C[i][j];
      weighted += C[i][j] * ((i + 3 * j) % 7 + 1);
    }
  printf("sum %.17g\nweighted %.17g\nC[n/2][n/3] %.17g\n", sum, weighted, C[n / 2][n / 3]);
  fprintf(stderr, "%.6f\n", t1 - t0);
  free(A);
  free(B);
  free(C);
  return 0;
}
