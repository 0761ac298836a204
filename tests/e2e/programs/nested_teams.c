/* Parallel loops under sequential loops: each runs on a thread team when
 * its iterations hold enough work, else on the calling thread. A row
 * recurrence whose columns are parallel, on a narrow grid (little work
 * per row: no team) and on a wide one (a team per row); a lower
 * triangular solve for several right-hand sides (rows sequential, the
 * right-hand sides parallel); and the recurrence called from inside the
 * caller's own OpenMP loop on independent grids (the kernel's loops then
 * run whole on each of the caller's threads). argv[1]: n. */
#include <stdio.h>
#include <stdlib.h>

/* x[i][j] = 0.5 * x[i-1][j] + y[i][j] - 0.25 * x[i-1][j+1]: rows in order */
__attribute__((noinline)) void recurrence(int rows, int cols, double (*x)[cols + 1], const double (*y)[cols]) {
  for (int i = 1; i < rows; i++)
    for (int j = 0; j < cols; j++)
      x[i][j] = 0.5 * x[i - 1][j] + y[i][j] - 0.25 * x[i - 1][j + 1];
}

/* L X = B in place for r right-hand sides (columns of B), L unit lower */
__attribute__((noinline)) void lower_solve(int n, int r, const double (*L)[n], double (*B)[r]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < i; j++)
      for (int k = 0; k < r; k++)
        B[i][k] -= L[i][j] * B[j][k];
}

static double checksum(const double *a, long len, double *weighted) {
  double s = 0.0, w = 0.0;
  for (long i = 0; i < len; i++) {
    s += a[i];
    w += a[i] * (double)(i % 11 + 1);
  }
  *weighted = w;
  return s;
}

static void fill(double *a, long len, int salt) {
  for (long i = 0; i < len; i++) a[i] = (double)((i * 7 + salt) % 19) / 19.0 - 0.4;
}

static void report(const char *label, const double *a, long len) {
  double w;
  double s = checksum(a, len, &w);
  printf("%s %.17g %.17g %.17g\n", label, s, w, a[len / 3]);
}

int main(int argc, char **argv) {
  int n = 120;
  if (argc > 1) n = atoi(argv[1]);
  if (n < 2) n = 2;
  if (n > 2000) n = 2000;
  int wide = 70000 + n;
  int rows_wide = 6;
  double *x = malloc(sizeof(double) * (size_t)n * (n + 1));
  double *y = malloc(sizeof(double) * (size_t)n * n);
  double *xw = malloc(sizeof(double) * (size_t)rows_wide * (wide + 1));
  double *yw = malloc(sizeof(double) * (size_t)rows_wide * wide);
  double *L = malloc(sizeof(double) * (size_t)n * n);
  int r = n / 2 + 3;
  double *B = malloc(sizeof(double) * (size_t)n * r);
  enum { GRIDS = 4 };
  double *gx[GRIDS], *gy[GRIDS];
  for (int g = 0; g < GRIDS; g++) {
    gx[g] = malloc(sizeof(double) * (size_t)n * (n + 1));
    gy[g] = malloc(sizeof(double) * (size_t)n * n);
  }
  if (!x || !y || !xw || !yw || !L || !B) return 1;
  for (int g = 0; g < GRIDS; g++)
    if (!gx[g] || !gy[g]) return 1;

  fill(x, (long)n * (n + 1), 1);
  fill(y, (long)n * n, 2);
  recurrence(n, n, (double (*)[n + 1])x, (const double (*)[n])y);
  report("narrow", x, (long)n * (n + 1));

  fill(xw, (long)rows_wide * (wide + 1), 3);
  fill(yw, (long)rows_wide * wide, 4);
  recurrence(rows_wide, wide, (double (*)[wide + 1])xw, (const double (*)[wide])yw);
  report("wide", xw, (long)rows_wide * (wide + 1));

  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) L[(long)i * n + j] = i == j ? 1.0 : (double)((i + 2 * j) % 7) / 64.0;
  fill(B, (long)n * r, 5);
  lower_solve(n, r, (const double (*)[n])L, (double (*)[r])B);
  report("solve", B, (long)n * r);

  for (int g = 0; g < GRIDS; g++) {
    fill(gx[g], (long)n * (n + 1), 6 + g);
    fill(gy[g], (long)n * n, 10 + g);
  }
#pragma omp parallel for
  for (int g = 0; g < GRIDS; g++)
    recurrence(n, n, (double (*)[n + 1])gx[g], (const double (*)[n])gy[g]);
  for (int g = 0; g < GRIDS; g++) {
    char label[16];
    snprintf(label, sizeof label, "grid%d", g);
    report(label, gx[g], (long)n * (n + 1));
  }
  return 0;
}
