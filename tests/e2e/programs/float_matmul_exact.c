/* Single-precision C = A*B where every value is a small integer, so every
 * product and partial sum is exact in float: the result is independent of
 * summation order and FMA contraction. Flattened, runtime n. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void float_mm_kernel(int n, float *C, const float *A,
                                               const float *B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i * n + j] = 0.0f;
      for (int k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * B[k * n + j];
    }
}

int main(int argc, char **argv) {
  /* |A|,|B| <= 7 so |partial sums| <= 49*n < 2^24 for n <= 300000 */
  int n = get_n(argc, argv, 220, 4, 2000);
  float *A = malloc(sizeof(float) * (size_t)n * n);
  float *B = malloc(sizeof(float) * (size_t)n * n);
  float *C = malloc(sizeof(float) * (size_t)n * n);
  if (!A || !B || !C) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i * n + j] = (float)((i * 3 + j * 5) % 15 - 7);
      B[i * n + j] = (float)((i * j + i + 2) % 8);
    }

  float_mm_kernel(n, C, A, B);

  double s = 0, w = 0;
  for (int i = 0; i < n * n; i++) {
    s += C[i];
    w += (double)C[i] * (double)(i % 7 + 1);
  }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("C[0][0] %.17g\n", (double)C[0]);
  printf("C[1][3] %.17g\n", (double)C[1 * n + 3]);
  printf("C[mid][mid] %.17g\n", (double)C[(n / 2) * n + n / 2]);
  printf("C[last][last] %.17g\n", (double)C[n * n - 1]);
  free(A); free(B); free(C);
  return 0;
}
