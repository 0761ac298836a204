// A band whose reuse is near once its points run in the best order is
// interchanged, not tiled (tile::reuse::tiling_pays judged on the band
// with its best innermost row last). The transposed matrix-vector
// product walks `w` down a column in the source order; with the loops
// interchanged every access is in order and `out` (one row) stays in
// cache: two loops, no tiles. A transpose, which walks one array down a
// column in either order, still gets tiles.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// The answers are -O3's, with and without -fopenmp.
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera %s -o %t && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -fopenmp -DMAIN -fpass-plugin=%tessera %s -o %t.omp && env OMP_NUM_THREADS=2 %t.omp > %t.omp.out && diff %t.ref.out %t.omp.out

// CHECK: interchange-without-tiles.c:[[@LINE+3]]:3: remark: SCoP rewritten: 4 loop(s), {{.*}}order line [[@LINE+4]], line [[@LINE+3]] (interchanged); line [[@LINE+3]] vectorized
// CHECK-NOT: tiled
void accumulate(float *out, const signed char *w, int rows, int cols, int stride, const float *x) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      out[i] += w[j * stride + i] * x[j];
}

// CHECK: interchange-without-tiles.c:[[@LINE+2]]:3: remark: SCoP rewritten: {{.*}}tiled
void transpose(int n, double b[n][n], double a[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[j][i] = a[i][j];
}

// Vectors with a run-time stride (gsl's `gsl_vector`, BLAS's `incx`) are
// walked in order (tile::reuse::strided_vectors): a triangular product
// with them is not tiled, and a transposed one is interchanged only.
// CHECK: interchange-without-tiles.c:[[@LINE+3]]:3: remark: SCoP rewritten
// CHECK-NOT: tiled
void upper_times(long n, const double *r, long tda, const double *x, long sx, double *y, long sy) {
  for (long i = 0; i < n; i++) {
    double sum = 0;
    for (long j = i; j < n; j++)
      sum += r[i * tda + j] * x[j * sx];
    y[i * sy] = sum;
  }
}

// CHECK: interchange-without-tiles.c:[[@LINE+3]]:3: remark: SCoP rewritten: {{.*}}(interchanged)
// CHECK-NOT: tiled
void transposed_times(long n, const double *q, long tda, const double *x, long sx, double *y, long sy) {
  for (long j = 0; j < n; j++) {
    double sum = 0;
    for (long i = 0; i < n; i++)
      sum += q[i * tda + j] * x[i * sx];
    y[j * sy] = sum;
  }
}

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  // Sizes around the vector width and a tile's, with a stride wider than
  // the rows.
  static const int sizes[][3] = {{1, 1, 1}, {7, 3, 9}, {33, 25, 40}, {300, 257, 301}, {3000, 40, 3001}};
  for (unsigned t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
    int rows = sizes[t][0], cols = sizes[t][1], stride = sizes[t][2];
    float *out = malloc(sizeof(float) * rows), *x = malloc(sizeof(float) * cols);
    signed char *w = malloc((size_t)cols * stride);
    for (int i = 0; i < rows; i++)
      out[i] = 1.0f / (i + 3);
    for (int j = 0; j < cols; j++)
      x[j] = 0.25f * (j % 11) - 1.0f;
    for (int k = 0; k < cols * stride; k++)
      w[k] = (signed char)((k * 37) % 255 - 127);
    accumulate(out, w, rows, cols, stride, x);
    double s = 0;
    for (int i = 0; i < rows; i++)
      s = s * 0.5 + out[i];
    printf("%d %a\n", rows, s);
    free(out), free(x), free(w);
  }
  // Strides 1 and 3, matrices with a row longer than their width.
  for (long sx = 1; sx <= 3; sx += 2) {
    long n = 257, tda = 263;
    double *r = malloc(sizeof(double) * n * tda), *x = malloc(sizeof(double) * n * sx);
    double *y = malloc(sizeof(double) * n * sx), *z = malloc(sizeof(double) * n * sx);
    for (long k = 0; k < n * tda; k++)
      r[k] = (k * 29) % 13 * 0.125 - 0.75;
    for (long k = 0; k < n * sx; k++)
      x[k] = (k % 9) * 0.5 - 2, y[k] = z[k] = -1;
    upper_times(n, r, tda, x, sx, y, sx);
    transposed_times(n, r, tda, x, sx, z, sx);
    double s = 0;
    for (long k = 0; k < n * sx; k++)
      s = s * 0.5 + y[k] + 3 * z[k];
    printf("%ld %a\n", sx, s);
    free(r), free(x), free(y), free(z);
  }
  enum { N = 70 };
  static double a[N][N], b[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = (i * 3 + j) % 17 - 8;
  transpose(N, b, a);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s = s * 0.5 + b[i][j];
  printf("%a\n", s);
  return 0;
}
#endif
