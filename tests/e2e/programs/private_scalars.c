/* Parallel loops whose statements communicate through scalars: each
 * thread gets its own copies when no statement outside the loop reads
 * them (a row filter's accumulator, a value carried from an inner loop to
 * the end of its row); a loop whose last value is read after it keeps its
 * scalar shared and runs sequentially. argv[1]: n. */
#include <stdio.h>
#include <stdlib.h>

/* out[i][j] = weighted sum of in[i][j..j+4]: the sum is a scalar */
__attribute__((noinline)) void row_filter(int n, int m, const double (*in)[m + 4], double (*out)[m], const double *w) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      double acc = 0.0;
      for (int d = 0; d < 5; d++)
        acc += w[d] * in[i][j + d];
      out[i][j] = acc;
    }
}

/* the last scaled value of each row, kept past the inner loop */
__attribute__((noinline)) void row_tails(int n, int m, const double (*A)[m], double (*B)[m], double *tail) {
  for (int k = 0; k < n; k++) {
    double t = 0.0;
    for (int i = 0; i < m; i++) {
      t = A[k][i] * 0.5 + (double)k;
      B[k][i] = t * t;
    }
    tail[k] = t;
  }
}

/* the loop's last value is read after it: it must stay one scalar */
__attribute__((noinline)) double last_value(int n, const double *a, double *b) {
  double t = 0.0;
  for (int i = 0; i < n; i++) {
    t = a[i] * 2.0 - 1.0;
    b[i] = t + a[n - 1 - i];
  }
  return t;
}

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = argc > 1 ? atoi(argv[1]) : def;
  return v < lo ? lo : v > hi ? hi : v;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 150, 1, 1500), m = n + 7;
  double (*in)[m + 4] = malloc(sizeof(double) * n * (m + 4));
  double (*out)[m] = malloc(sizeof(double) * n * m), (*B)[m] = malloc(sizeof(double) * n * m);
  double w[5] = {0.0625, 0.25, 0.375, 0.25, 0.0625};
  double *tail = malloc(sizeof(double) * n), *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  if (!in || !out || !B || !tail || !a || !b) return 1;
  for (int i = 0; i < n; i++) {
    a[i] = (double)((i * 11) % 23) / 8.0;
    for (int j = 0; j < m + 4; j++) in[i][j] = (double)((i * 7 + j * 3) % 17) / 16.0;
  }
  row_filter(n, m, (const double (*)[m + 4])in, out, w);
  row_tails(n, m, (const double (*)[m])out, B, tail);
  double last = last_value(n, a, b);
  double s = 0, sb = 0, st = 0, sv = 0;
  for (int i = 0; i < n; i++) {
    st += tail[i] * (i % 5 + 1);
    sv += b[i] * (i % 3 + 1);
    for (int j = 0; j < m; j++) {
      s += out[i][j] * ((i + j) % 7 + 1);
      sb += B[i][j] * ((2 * i + j) % 5 + 1);
    }
  }
  printf("filter %.17g\ntails_matrix %.17g\ntails %.17g\nlast %.17g\nlast_vector %.17g\n", s, sb, st, last, sv);
  free(in); free(out); free(B); free(tail); free(a); free(b);
  return 0;
}
