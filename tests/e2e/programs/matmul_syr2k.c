/* The symmetric rank-2k update C = beta*C + alpha*(A*B^T + B*A^T) on the
 * lower triangle, in doubles: two packed values of each side and a
 * temporary per cell, so the BLIS micro-kernel takes fewer rows (7x24 of
 * 32 AVX-512 registers instead of 8x24). Sizes are not multiples of the
 * blocks (m = 301 ends a k block partially); n = 600 has several column
 * panels, which -fopenmp builds share among threads. The whole of C is
 * hashed: every bit must equal plain -O3's. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void syr2k(int n, int m, double alpha, double beta, double (*C)[n],
                                     double (*A)[m], double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < m; k++)
        C[i][j] += alpha * A[i][k] * B[j][k] + alpha * B[i][k] * A[j][k];
    }
}

static unsigned long long hash(const void *p, size_t bytes) {
  const unsigned char *c = p;
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < bytes; i++) {
    h ^= c[i];
    h *= 1099511628211ull;
  }
  return (unsigned long long)h;
}

static void fill(double *x, long count, int seed) {
  for (long q = 0; q < count; q++)
    x[q] = (double)((q * 37 + seed * 11) % 97) / 31.0 - 1.5;
}

int main(void) {
  static const int sizes[][2] = {{1, 1}, {9, 5}, {130, 301}, {211, 64}, {600, 40}};
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    int n = sizes[s][0], m = sizes[s][1];
    double *C = malloc(sizeof(double) * (size_t)n * n);
    double *A = malloc(sizeof(double) * (size_t)n * m);
    double *B = malloc(sizeof(double) * (size_t)n * m);
    if (!C || !A || !B) return 1;
    fill(A, (long)n * m, 1);
    fill(B, (long)n * m, 2);
    fill(C, (long)n * n, 3);
    syr2k(n, m, 0.75, 1.25, (double (*)[n])C, (double (*)[m])A, (double (*)[m])B);
    printf("n=%d m=%d syr2k %016llx\n", n, m, hash(C, sizeof(double) * (size_t)n * n));
    free(C);
    free(A);
    free(B);
  }
  return 0;
}
