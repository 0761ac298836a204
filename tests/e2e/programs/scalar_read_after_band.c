/* A scalar written at every point of a loop nest and read by a statement
 * after the nest, inside the same region (and never after the function):
 * which write comes last decides the value read. The first kernel walks a
 * product over the anti-triangular i + j < n, whose rows and columns are
 * tiled (tiles in order, the band's last point would be another one than
 * (n - 1, 0)); the second runs a parallel row loop whose last row's value
 * is read after it. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void last_of_product(int n, int steps, double (*restrict C)[n], double (*restrict A)[n + 1], double (*restrict B)[n], double *restrict seen) {
  double x = 0;
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n - i; j++)
        for (int k = 0; k <= n; k++) {
          C[i][j] += A[i][k] * B[k][j];
          x = C[i][j] * 0.5 + k;
        }
    seen[t] = x;
  }
}

__attribute__((noinline)) void last_of_rows(int n, double (*restrict M)[n], double *restrict row_end, double *restrict seen) {
  double x = 0;
  for (int t = 0; t < 3; t++) {
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++)
        M[i][j] = M[i][j] * 0.5 + (j % 7) * t;
      row_end[i] = M[i][n - 1] + i;
      x = row_end[i] * 0.25;
    }
    seen[t] = x;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 48;
  if (n < 2) n = 2;
  if (n > 400) n = 400;
  double (*C)[n] = malloc(sizeof(double) * n * n);
  double (*A)[n + 1] = malloc(sizeof(double) * n * (n + 1));
  double (*B)[n] = malloc(sizeof(double) * (n + 1) * n);
  double (*M)[n] = malloc(sizeof(double) * n * n);
  double *row_end = malloc(sizeof(double) * n);
  double seen[6] = {0};
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] = (i + 2 * j) % 9 * 0.125;
      M[i][j] = (i * j) % 13 * 0.5;
    }
  for (int k = 0; k <= n; k++)
    for (int j = 0; j < n; j++) B[k][j] = (3 * k + j) % 11 * 0.25;
  for (int i = 0; i < n; i++)
    for (int k = 0; k <= n; k++) A[i][k] = (i + 5 * k) % 7 * 0.5;
  last_of_product(n, 3, C, A, B, seen);
  last_of_rows(n, M, row_end, seen + 3);
  double sum = 0, weighted = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      sum += C[i][j] + M[i][j];
      weighted += (C[i][j] - M[i][j]) * (i * n + j + 1);
    }
  printf("sum %.17g\nweighted %.17g\n", sum, weighted);
  for (int t = 0; t < 6; t++) printf("seen%d %.17g\n", t, seen[t]);
  printf("row_end %.17g\n", row_end[n / 2]);
  free(C); free(A); free(B); free(M); free(row_end);
  return 0;
}
