/* Rows padded by a constant: a flattened grid with a one-cell halo on each
 * side (row length m + 2), a VLA pointer `double (*A)[m + 1]`, and a 3-D
 * array whose planes and rows are both padded. The offsets (m+2)*i + j
 * delinearize with row size m + 2 (not m, which would leave a stray i in
 * the column subscript). The Gauss-Seidel sweep updates the grid in place,
 * so its dependences are only right if the split is. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

/* Jacobi step on the interior of an (n+2) x (m+2) grid. */
__attribute__((noinline)) void halo_jacobi(int n, int m, double *restrict out, const double *restrict in) {
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++)
      out[i * (m + 2) + j] = 0.2 * (in[i * (m + 2) + j] + in[(i - 1) * (m + 2) + j] + in[(i + 1) * (m + 2) + j] +
                                    in[i * (m + 2) + j - 1] + in[i * (m + 2) + j + 1]);
}

/* In-place sweep: reads updated north and west neighbours. */
__attribute__((noinline)) void halo_seidel(int steps, int n, int m, double *g) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= m; j++)
        g[i * (m + 2) + j] = (g[(i - 1) * (m + 2) + j] + g[i * (m + 2) + j - 1] + g[i * (m + 2) + j] +
                              g[i * (m + 2) + j + 1] + g[(i + 1) * (m + 2) + j]) / 5.0;
}

/* Row i accumulates row i-1 shifted by one column, through a VLA pointer. */
__attribute__((noinline)) void vla_rows(int n, int m, double (*A)[m + 1]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j + 1] += 0.5 * A[i - 1][j];
}

/* 3-D: planes of (m+1) x (p+3) cells, the last three columns unused. */
__attribute__((noinline)) void padded_3d(long n, long m, long p, double *restrict C, const double *restrict D) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      for (long k = 0; k < p; k++)
        C[(i * (m + 1) + j) * (p + 3) + k] += D[(i * (m + 1) + j + 1) * (p + 3) + k] * 0.125;
}

static double sum(const double *a, long len) {
  double s = 0.0;
  for (long i = 0; i < len; i++) s += a[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 200, 1, 2000);
  int m = n + 5;
  long p = n / 4 + 1;
  long grid = (long)(n + 2) * (m + 2), cube = (long)n * (m + 1) * (p + 3) + (m + 1) * (p + 3);
  double *in = malloc(sizeof(double) * grid), *out = malloc(sizeof(double) * grid);
  double *A = malloc(sizeof(double) * (size_t)n * (m + 1));
  double *C = malloc(sizeof(double) * cube), *D = malloc(sizeof(double) * cube);
  if (!in || !out || !A || !C || !D) return 1;
  for (long i = 0; i < grid; i++) {
    in[i] = (double)(i % 19) / 19.0;
    out[i] = -1.0;
  }
  for (long i = 0; i < (long)n * (m + 1); i++) A[i] = (double)(i % 5);
  for (long i = 0; i < cube; i++) {
    C[i] = (double)(i % 11);
    D[i] = (double)(i % 3);
  }
  halo_jacobi(n, m, out, in);
  printf("jacobi %.17g\n", sum(out, grid));
  halo_seidel(3, n, m, in);
  printf("seidel %.17g\n", sum(in, grid));
  printf("seidel_mid %.17g\n", in[(n / 2 + 1) * (m + 2) + m / 2 + 1]);
  vla_rows(n, m, (double (*)[m + 1])A);
  printf("vla %.17g\n", sum(A, (long)n * (m + 1)));
  padded_3d(n, m, p, C, D);
  printf("3d %.17g\n", sum(C, cube));
  free(in);
  free(out);
  free(A);
  free(C);
  free(D);
  return 0;
}
