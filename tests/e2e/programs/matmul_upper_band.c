/* Matrix products whose rows have their own columns (the j bounds use i):
 * the upper triangle, whose inner counter starts at i (the model's counter
 * is j - i, so the second operand reads A[i + c][k]: the product's
 * coordinates are not the counters), and a band with min/max bounds.
 * Sizes are not multiples of the blocks (KC is 32 in the e2e build
 * for small caches: m = 301 ends a k block partially); n = 600 has several
 * column panels there (one with the host's blocks), shared by threads. The whole of C is hashed, so a
 * cell outside the domain that is written, or one inside it that is
 * missed, changes the output: every bit must equal plain -O3's. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void syrk_upper(int n, int m, double (*C)[n], double (*A)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      for (int k = 0; k < m; k++)
        C[i][j] += A[i][k] * A[j][k];
}

__attribute__((noinline)) void band(int n, int m, int w, double (*C)[n], double (*A)[m],
                                    double (*B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = (i - w > 0 ? i - w : 0); j <= (i + w < n - 1 ? i + w : n - 1); j++)
      for (int k = 0; k < m; k++)
        C[i][j] -= A[i][k] * B[k][j];
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
  static const int sizes[][2] = {{1, 1}, {7, 5}, {37, 29}, {130, 301}, {211, 64}, {600, 40}};
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    int n = sizes[s][0], m = sizes[s][1];
    double *C = malloc(sizeof(double) * (size_t)n * n);
    double *A = malloc(sizeof(double) * (size_t)n * m);
    double *B = malloc(sizeof(double) * (size_t)m * n);
    if (!C || !A || !B) return 1;
    fill(A, (long)n * m, 1);
    fill(B, (long)m * n, 2);
    fill(C, (long)n * n, 6);
    syrk_upper(n, m, (double (*)[n])C, (double (*)[m])A);
    printf("n=%d m=%d syrk_upper %016llx\n", n, m, hash(C, sizeof(double) * (size_t)n * n));
    fill(C, (long)n * n, 8);
    band(n, m, 9, (double (*)[n])C, (double (*)[m])A, (double (*)[n])B);
    printf("n=%d m=%d band %016llx\n", n, m, hash(C, sizeof(double) * (size_t)n * n));
    free(C);
    free(A);
    free(B);
  }
  return 0;
}
