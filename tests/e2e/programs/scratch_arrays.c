/* Loops that reuse a scratch array in every iteration: each row of a
 * 3-D tensor times a matrix through a scratch row, written back in place
 * (a batched contraction); a sum over a middle index through a scratch
 * vector; two scratch rows at once; a scratch row larger than a thread's
 * copies may be (its loop stays on one thread); and three that must keep
 * the array shared: a row summed across iterations, a row whose length
 * grows with the loop, and a row that moves with the loop. The scratch
 * arrays are printed too: what the last iteration left in them is part of
 * the output. So are a row declared in the loop body (one lifetime per
 * iteration) and a row whose end cells are at fixed places. Sizes: argv[1].
 * Its 25 SCoPs need more polyhedral work than a library's file of its
 * size may spend (cost::work), and the test is of their rewrites:
 * e2e-plugin-flags: -mllvm -tessera-work-per-instruction=0
 */
#include <stdio.h>
#include <stdlib.h>

static int get_arg(int argc, char **argv, int idx, int def, int lo, int hi) {
  int v = def;
  if (argc > idx) v = atoi(argv[idx]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void contract_rows(int n1, int n2, int n3, double (*T)[n2][n3], double (*W)[n3], double *row) {
  for (int a = 0; a < n1; a++)
    for (int b = 0; b < n2; b++) {
      for (int c = 0; c < n3; c++) {
        row[c] = 0.5 * T[a][b][c];
        for (int s = 0; s < n3; s++)
          row[c] += W[s][c] * T[a][b][s];
      }
      for (int c = 0; c < n3; c++)
        T[a][b][c] = row[c];
    }
}

/* out[r][p] = sum over q of (sum over s of A[r][q][s] * B[s][p]) * w[q]. */
__attribute__((noinline)) void middle_sums(int nr, int nq, int np, double (*A)[nq][np], double (*B)[np], double *w, double *acc, double (*out)[np]) {
  for (int r = 0; r < nr; r++) {
    for (int p = 0; p < np; p++)
      acc[p] = 0.0;
    for (int q = 0; q < nq; q++)
      for (int p = 0; p < np; p++) {
        double s = 0.0;
        for (int k = 0; k < np; k++)
          s += A[r][q][k] * B[k][p];
        acc[p] += s * w[q];
      }
    for (int p = 0; p < np; p++)
      out[r][p] = acc[p];
  }
}

__attribute__((noinline)) void two_rows(int n, int m, double (*X)[m], double (*Y)[m], double *lo, double *hi) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) {
      lo[j] = X[i][j] * 0.5;
      hi[j] = X[i][j] * 2.0 + 1.0;
    }
    for (int j = 0; j < m; j++)
      Y[i][j] = lo[j] * hi[m - 1 - j] + lo[m - 1 - j];
  }
}

/* A scratch row of m doubles per iteration: copies of a large m do not fit
 * on a thread's stack. */
__attribute__((noinline)) void mirror_rows(int n, int m, double (*X)[m], double (*Y)[m], double *tmp) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      tmp[j] = X[i][j] * 3.0 - 1.0;
    for (int j = 0; j < m; j++)
      Y[i][j] = tmp[j] + tmp[m - 1 - j];
  }
}

/* Each iteration adds to what the previous one left: a value crosses
 * iterations. */
__attribute__((noinline)) void running_row(int n, int m, double (*X)[m], double (*Y)[m], double *row) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      row[j] += X[i][j];
    for (int j = 0; j < m; j++)
      Y[i][j] = row[j] * 0.5;
  }
}

/* Iteration i writes row[0..i]: the cells it leaves must be the last ones
 * written. */
__attribute__((noinline)) void growing_row(int n, double (*X)[n], double (*Y)[n], double *row) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      row[j] = X[i][j] + (double)i;
    for (int j = 0; j <= i; j++)
      Y[i][j] = row[j] * row[i - j];
  }
}

/* Iteration i works on row[i..i+m): the row moves with the loop. */
__attribute__((noinline)) void moving_row(int n, int m, double (*X)[m], double (*Y)[m], double *row) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      row[i + j] = X[i][j] - 2.0;
    for (int j = 0; j < m; j++)
      Y[i][j] = row[i + j] * row[i + m - 1 - j];
  }
}

/* A block-scoped scratch row: its lifetime starts and ends in every
 * iteration (m <= 256). */
__attribute__((noinline)) void local_rows(int n, int m, double (*X)[m], double (*Y)[m]) {
  for (int i = 0; i < n; i++) {
    double tmp[256];
    for (int j = 0; j < m; j++)
      tmp[j] = X[i][j] * 1.5 - 0.5;
    for (int j = 0; j < m; j++)
      Y[i][j] = tmp[j] - tmp[m - 1 - j] * 0.25;
  }
}

/* A scratch row whose end cells are written at fixed places, as in a
 * separable blur's row pass: their addresses (&tmp[0], &tmp[63]) are
 * computed before the loop. */
__attribute__((noinline)) void edge_rows(int n, double (*X)[64], double (*Y)[64]) {
  double tmp[64];
  for (int i = 0; i < n; i++) {
    for (int j = 1; j < 63; j++)
      tmp[j] = (X[i][j - 1] + X[i][j] + X[i][j + 1]) * 0.25;
    tmp[0] = X[i][0];
    tmp[63] = X[i][63];
    for (int j = 0; j < 64; j++)
      Y[i][j] = tmp[j] * 0.5 + tmp[63 - j] * 0.125;
  }
}

static double sum(const double *x, long n) {
  double s = 0.0;
  for (long k = 0; k < n; k++)
    s += x[k] * (double)(k % 7 + 1);
  return s;
}

static void fill(double *x, long n, int seed) {
  for (long k = 0; k < n; k++)
    x[k] = (double)((k * 37 + seed * 11) % 101) / 50.0 - 1.0;
}

int main(int argc, char **argv) {
  int n = get_arg(argc, argv, 1, 24, 1, 200);
  int big = 20000;
  double *T = malloc(sizeof(double) * n * n * 2 * n);
  double *W = malloc(sizeof(double) * 4 * n * n);
  double *row = calloc(2 * n + big, sizeof(double));
  double *X = malloc(sizeof(double) * n * big);
  double *Y = calloc((size_t)n * big, sizeof(double));
  double *out = malloc(sizeof(double) * n * 2 * n);
  double *w = malloc(sizeof(double) * n);
  double *lo = malloc(sizeof(double) * big);

  fill(T, (long)n * n * 2 * n, 1);
  fill(W, 4L * n * n, 2);
  contract_rows(n, n, 2 * n, (double (*)[n][2 * n])T, (double (*)[2 * n])W, row);
  printf("contract %a %a\n", sum(T, (long)n * n * 2 * n), sum(row, 2 * n));

  fill(T, (long)n * n * 2 * n, 3);
  fill(w, n, 4);
  middle_sums(n, n, 2 * n, (double (*)[n][2 * n])T, (double (*)[2 * n])W, w, row, (double (*)[2 * n])out);
  printf("middle %a %a\n", sum(out, (long)n * 2 * n), sum(row, 2 * n));

  int m = 40 * n;
  fill(X, (long)n * m, 5);
  two_rows(n, m, (double (*)[m])X, (double (*)[m])Y, row, lo);
  printf("two %a %a %a\n", sum(Y, (long)n * m), sum(row, m), sum(lo, m));

  for (int k = 0; k < 2; k++) {
    int mm = k ? big : 60 * n;
    fill(X, (long)n * mm, 6 + k);
    mirror_rows(n, mm, (double (*)[mm])X, (double (*)[mm])Y, row);
    printf("mirror %d %a %a\n", mm, sum(Y, (long)n * mm), sum(row, mm));
  }

  fill(row, m, 8);
  running_row(n, m, (double (*)[m])X, (double (*)[m])Y, row);
  printf("running %a %a\n", sum(Y, (long)n * m), sum(row, m));

  int g = 10 * n;
  fill(X, (long)g * g, 9);
  growing_row(g, (double (*)[g])X, (double (*)[g])Y, row);
  printf("growing %a %a\n", sum(Y, (long)g * g), sum(row, g));

  fill(X, (long)n * m, 10);
  moving_row(n, m, (double (*)[m])X, (double (*)[m])Y, row);
  printf("moving %a %a\n", sum(Y, (long)n * m), sum(row, n + m));

  int ml = m < 256 ? m : 256;
  fill(X, (long)n * ml, 11);
  local_rows(n, ml, (double (*)[ml])X, (double (*)[ml])Y);
  printf("local %a\n", sum(Y, (long)n * ml));

  fill(X, (long)n * 64, 12);
  edge_rows(n, (double (*)[64])X, (double (*)[64])Y);
  printf("edge %a\n", sum(Y, (long)n * 64));

  free(T);
  free(W);
  free(row);
  free(X);
  free(Y);
  free(out);
  free(w);
  free(lo);
  return 0;
}
