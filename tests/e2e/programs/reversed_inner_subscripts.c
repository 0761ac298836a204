/* Reversed subscripts: A[i][m-1-j] through a VLA pointer, a flattened
 * A[i*m + m-1-j], a 3-D VLA with its last subscript reversed, 3-D planes
 * with the middle one (and both inner ones) reversed, and a
 * transpose-and-mirror copy. Delinearization first splits m*i + m-1-j as
 * [i+1][-1-j]; the bounds proof rejects that and takes [i][m-1-j]. The
 * mirror copy reads and writes one array in place, so its dependences
 * depend on the split being right. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void mirror_vla(int n, int m, double (*A)[m], const double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][m - 1 - j] = B[i][j] * 2.0 + (double)j;
}

__attribute__((noinline)) void mirror_flat(int n, int m, double *A, const double *B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i * m + (m - 1 - j)] += 0.5 * B[i * m + j];
}

__attribute__((noinline)) void mirror_3d(int n, int m, int p, double (*C)[m][p]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p / 2; k++) {
        double t = C[i][j][k];
        C[i][j][k] = C[i][j][p - 1 - k];
        C[i][j][p - 1 - k] = t + 1.0;
      }
}

/* Reversed middle subscript, and middle and last both reversed, in place:
 * plane i reads plane i-1, so the dependences need the right split. */
__attribute__((noinline)) void mirror_planes(int n, int m, int p, double (*C)[m][p]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][m - 1 - j][k] += 0.5 * C[i - 1][j][k];
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][m - 1 - j][p - 1 - k] -= 0.25 * C[i - 1][j][k];
}

/* In place: row i becomes the mirror of row i-1 plus itself. */
__attribute__((noinline)) void mirror_rows(int n, int m, double (*A)[m]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i][j] + 0.25 * A[i - 1][m - 1 - j];
}

static double sum(const double *a, long len) {
  double s = 0.0;
  for (long i = 0; i < len; i++) s += a[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 300, 1, 2000);
  int m = n + 3, p = n / 3 + 2;
  double *A = malloc(sizeof(double) * (size_t)n * m);
  double *B = malloc(sizeof(double) * (size_t)n * m);
  double *C = malloc(sizeof(double) * (size_t)n * m * p);
  if (!A || !B || !C) return 1;
  for (long i = 0; i < (long)n * m; i++) {
    A[i] = (double)(i % 13) / 13.0;
    B[i] = (double)(i % 17) / 17.0;
  }
  for (long i = 0; i < (long)n * m * p; i++) C[i] = (double)(i % 11);
  mirror_vla(n, m, (double (*)[m])A, (const double (*)[m])B);
  printf("vla %.10e\n", sum(A, (long)n * m));
  mirror_flat(n, m, A, B);
  printf("flat %.10e\n", sum(A, (long)n * m));
  mirror_3d(n, m, p, (double (*)[m][p])C);
  printf("3d %.10e\n", sum(C, (long)n * m * p));
  mirror_planes(n, m, p, (double (*)[m][p])C);
  printf("planes %.10e\n", sum(C, (long)n * m * p));
  mirror_rows(n, m, (double (*)[m])A);
  printf("rows %.10e\n", sum(A, (long)n * m));
  free(A);
  free(B);
  free(C);
  return 0;
}
