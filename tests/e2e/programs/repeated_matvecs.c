/* Two matrix-vector products repeated `reps` times, one by rows and one by
 * columns of the same matrix, accumulating. The repetition loop is kept
 * outside (it carries the accumulation) and the two products go to nests
 * of their own, each with its (i, j) loops tiled together: the scalar row
 * that separated the products moves between the repetition loop and the
 * product loops. argv[1]: n, argv[2]: reps. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void repeated(int n, int reps, double (*A)[n], double *x1, double *x2, const double *y1, const double *y2) {
  for (int r = 0; r < reps; r++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        x1[i] += A[i][j] * y1[j];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        x2[i] += A[j][i] * y2[j];
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 150;
  int reps = argc > 2 ? atoi(argv[2]) : 3;
  if (n < 1) n = 1;
  if (n > 2000) n = 2000;
  if (reps < 0) reps = 0;
  if (reps > 50) reps = 50;
  double (*A)[n] = malloc(sizeof(double) * (size_t)n * n);
  double *x1 = malloc(sizeof(double) * n), *x2 = malloc(sizeof(double) * n);
  double *y1 = malloc(sizeof(double) * n), *y2 = malloc(sizeof(double) * n);
  if (!A || !x1 || !x2 || !y1 || !y2) return 1;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) A[i][j] = (double)((i * 7 + j * 3) % 23) / 23.0;
    x1[i] = (double)(i % 5);
    x2[i] = -(double)(i % 3);
    y1[i] = (double)(i % 11) / 11.0;
    y2[i] = (double)(i % 9) / 9.0 - 0.5;
  }
  repeated(n, reps, A, x1, x2, y1, y2);
  double s1 = 0, s2 = 0, w = 0;
  for (int i = 0; i < n; i++) {
    s1 += x1[i];
    s2 += x2[i];
    w += (x1[i] - x2[i]) * (double)(i % 7 + 1);
  }
  printf("x1 %.17g\nx2 %.17g\nweighted %.17g\nx1_last %.17g\nx2_first %.17g\n", s1, s2, w, x1[n - 1], x2[0]);
  return 0;
}
