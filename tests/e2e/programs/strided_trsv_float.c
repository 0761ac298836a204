/* Forward substitution in single precision on a strided vector, in place,
 * as a reference BLAS writes it (x := inv(A') x, the diagonal applied or
 * not at run time). Tiled 32 x 3680 for floats, the jam marks walk the
 * dependences through both tile rows; one sign of the second tile row is
 * an integer problem branch and bound does not close, and a walk that
 * asked for it spent its whole allowance before the marks were made
 * (gsl's cblas/strsv.c). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void trsv(int n, const float *A, int lda, float *X, int inc, int nonunit) {
  int ix = inc > 0 ? 0 : (n - 1) * (-inc);
  if (nonunit) X[ix] = X[ix] / A[0];
  ix += inc;
  for (int i = 1; i < n; i++) {
    float t = X[ix];
    int jx = inc > 0 ? 0 : (n - 1) * (-inc);
    for (int j = 0; j < i; j++) {
      t -= A[lda * j + i] * X[jx];
      jx += inc;
    }
    if (nonunit) X[ix] = t / A[lda * i + i];
    else X[ix] = t;
    ix += inc;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300;
  if (n < 1) n = 1;
  if (n > 2000) n = 2000;
  int lda = n + 3, inc = 2;
  float *A = malloc(sizeof(float) * (size_t)lda * n);
  float *X = malloc(sizeof(float) * (size_t)n * inc);
  float *Y = malloc(sizeof(float) * (size_t)n * inc);
  for (long i = 0; i < (long)lda * n; i++) A[i] = (float)((i * 37) % 29) / 256.0f - 0.05f;
  for (int i = 0; i < n; i++) A[(long)lda * i + i] = 2.0f + (float)(i % 5) / 8.0f;
  for (int i = 0; i < n * inc; i++) X[i] = Y[i] = (float)((i * 13) % 17) / 8.0f - 1.0f;
  trsv(n, A, lda, X, inc, 1);
  trsv(n, A, lda, Y, -inc, 0);
  double s = 0, w = 0, u = 0;
  for (int i = 0; i < n * inc; i++) {
    s += X[i];
    w += X[i] * (i % 7 + 1);
    u += Y[i] * (i % 5 + 1);
  }
  printf("x %.17g\n", s);
  printf("x_weighted %.17g\n", w);
  printf("unit_reversed_weighted %.17g\n", u);
  printf("x_last %.17g\n", (double)X[(n - 1) * inc]);
  free(A);
  free(X);
  free(Y);
  return 0;
}
