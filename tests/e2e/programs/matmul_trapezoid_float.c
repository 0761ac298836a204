/* Matrix products whose rows have their own columns (the j bounds use i):
 * a trapezoid clipped by the matrix (j <= i + 30 and j < n), and two
 * products per cell in floats (syr2k).
 * Sizes are not multiples of the blocks (KC is 32 in the e2e build
 * for small caches: m = 301 ends a k block partially); n = 600 has several
 * column panels there (one with the host's blocks), shared by threads. The whole of C is hashed, so a
 * cell outside the domain that is written, or one inside it that is
 * missed, changes the output: every bit must equal plain -O3's. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* j <= i + 30, clipped by the matrix's n columns. */
__attribute__((noinline)) void trapezoid(int n, int m, double (*C)[n], double (*A)[m],
                                         double (*B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n && j <= i + 30; j++)
      for (int k = 0; k < m; k++)
        C[i][j] += A[i][k] * B[k][j];
}

__attribute__((noinline)) void syr2k_float(int n, int m, float alpha, float (*C)[n], float (*A)[m],
                                           float (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      for (int k = 0; k < m; k++)
        C[i][j] += alpha * A[i][k] * B[j][k] + alpha * B[i][k] * A[j][k];
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

static void fillf(float *x, long count, int seed) {
  for (long q = 0; q < count; q++)
    x[q] = (float)((q * 41 + seed * 7) % 89) / 29.0f - 1.25f;
}

int main(void) {
  static const int sizes[][2] = {{1, 1}, {7, 5}, {37, 29}, {130, 301}, {211, 64}, {600, 40}};
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    int n = sizes[s][0], m = sizes[s][1];
    double *C = malloc(sizeof(double) * (size_t)n * n);
    double *A = malloc(sizeof(double) * (size_t)n * m);
    double *B = malloc(sizeof(double) * (size_t)m * n);
    float *Cf = malloc(sizeof(float) * (size_t)n * n);
    float *Af = malloc(sizeof(float) * (size_t)n * m);
    float *Bf = malloc(sizeof(float) * (size_t)n * m);
    if (!C || !A || !B || !Cf || !Af || !Bf) return 1;
    fill(A, (long)n * m, 1);
    fill(B, (long)m * n, 2);
    fillf(Af, (long)n * m, 3);
    fillf(Bf, (long)n * m, 4);
    fill(C, (long)n * n, 9);
    trapezoid(n, m, (double (*)[n])C, (double (*)[m])A, (double (*)[n])B);
    printf("n=%d m=%d trapezoid %016llx\n", n, m, hash(C, sizeof(double) * (size_t)n * n));
    fillf(Cf, (long)n * n, 10);
    syr2k_float(n, m, 0.5f, (float (*)[n])Cf, (float (*)[m])Af, (float (*)[m])Bf);
    printf("n=%d m=%d syr2k_float %016llx\n", n, m, hash(Cf, sizeof(float) * (size_t)n * n));
    free(C);
    free(A);
    free(B);
    free(Cf);
    free(Af);
    free(Bf);
  }
  return 0;
}
