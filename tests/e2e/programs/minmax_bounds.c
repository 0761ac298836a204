/* Loops whose bounds are minima and maxima of affine expressions: a
 * clamped 1-D filter, a lower band of a matrix, a manually blocked
 * transpose-add with min(ii + B, n) bounds, and a window that starts at
 * max(0, i - r) and stops at the first of two ends (n and i + r). */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = argc > 1 ? atoi(argv[1]) : def;
  return v < lo ? lo : v > hi ? hi : v;
}

static inline int lo_clamp(int a) { return a > 0 ? a : 0; }
static inline int smaller(int a, int b) { return a < b ? a : b; }

/* out[i] = sum over the window [i - r, i + r] clipped to [0, n), weighted */
__attribute__((noinline)) void clamped_filter(int n, int r, const double *in, const double *w, double *out) {
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = lo_clamp(i - r); j < smaller(n, i + r + 1); j++)
      s += in[j] * w[j - i + r];
    out[i] = s;
  }
}

/* L[i][j] for i - b <= j <= i, scaled by its row's diagonal */
__attribute__((noinline)) void lower_band(int n, int b, double (*L)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = lo_clamp(i - b); j < i; j++)
      L[i][j] = L[i][j] * 0.5 + L[i][i] * 0.25 + L[j][j] * 0.125;
}

/* B += A^T in blocks of 32 x 32, the last block cut at n */
__attribute__((noinline)) void blocked_transpose_add(int n, double (*B)[n], double (*A)[n]) {
  for (int ii = 0; ii < n; ii += 32)
    for (int jj = 0; jj < n; jj += 32)
      for (int i = ii; i < smaller(ii + 32, n); i++)
        for (int j = jj; j < smaller(jj + 32, n); j++)
          B[i][j] += A[j][i];
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 300, 1, 3000);
  int r = 7, b = 5;
  double *in = malloc(sizeof(double) * n), *out = malloc(sizeof(double) * n);
  double *w = malloc(sizeof(double) * (2 * r + 1));
  double (*L)[n] = malloc(sizeof(double[n][n]));
  double (*A)[n] = malloc(sizeof(double[n][n])), (*B)[n] = malloc(sizeof(double[n][n]));
  if (!in || !out || !w || !L || !A || !B) return 1;
  for (int i = 0; i < n; i++) in[i] = (double)((i * 5) % 13) / 13.0;
  for (int k = 0; k < 2 * r + 1; k++) w[k] = 1.0 + 0.125 * k;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      L[i][j] = (double)((i * 3 + j * 7) % 19) / 19.0;
      A[i][j] = (double)((i + 2 * j) % 11);
      B[i][j] = (double)((3 * i + j) % 5);
    }

  clamped_filter(n, r, in, w, out);
  lower_band(n, b, L);
  blocked_transpose_add(n, B, A);

  double f = 0, fw = 0, l = 0, t = 0;
  for (int i = 0; i < n; i++) { f += out[i]; fw += out[i] * (i % 7 + 1); }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) { l += L[i][j] * ((i + j) % 5 + 1); t += B[i][j] * ((2 * i + j) % 7 + 1); }
  printf("filter %.17g\nfilter_weighted %.17g\nfilter_first %.17g\nfilter_last %.17g\n", f, fw, out[0], out[n - 1]);
  printf("band %.17g\nblocked %.17g\n", l, t);
  free(in); free(out); free(w); free(L); free(A); free(B);
  return 0;
}
