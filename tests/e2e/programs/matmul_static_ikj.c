/* Matrix products in i-k-j order over global arrays of sizes fixed at
 * compile time: A[i][k] is safe to load before the j loop, so LICM hoists
 * it there and the model reads it again from its cell. A rectangle, and an
 * upper triangle (j from i: the model's counter is j - i). The sizes are
 * not multiples of the blocks (KC is 32 in the e2e build for small
 * caches: K = 301 ends a k block partially). The whole of C is hashed after each
 * product: every bit must equal plain -O3's. */
#include <stdint.h>
#include <stdio.h>

#define N 203
#define K 301
static double A[N][K], B[K][N], C[N][N];

__attribute__((noinline)) void mm_ikj_static(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
}

__attribute__((noinline)) void upper_ikj_static(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++)
      for (int j = i; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
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
  fill(&A[0][0], (long)N * K, 1);
  fill(&B[0][0], (long)K * N, 2);
  fill(&C[0][0], (long)N * N, 3);
  mm_ikj_static();
  printf("mm_ikj_static %016llx\n", hash(C, sizeof C));
  upper_ikj_static();
  printf("upper_ikj_static %016llx\n", hash(C, sizeof C));
  return 0;
}
