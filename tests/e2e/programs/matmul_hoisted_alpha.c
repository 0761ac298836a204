/* Matrix products whose A-side value LICM computes once per (i, k),
 * before the j loop: with sizes fixed at compile time the j loop surely
 * runs, so alpha * A[i][k] (and -A[i][k] for C -= A*B) moves there, and
 * the model computes it again in the product (scop::remat). The i-k-j
 * product with beta scaling of the rows first, and an upper triangle
 * (the model's counter is j - i) subtracting. The sizes are not multiples
 * of the blocks (KC is 32 in the e2e build for small caches: K = 301 ends a
 * k block partially). The whole of C is hashed after each product: every
 * bit must equal plain -O3's. */
#include <stdint.h>
#include <stdio.h>

#define N 203
#define K 301
static double A[N][K], B[K][N], C[N][N];

__attribute__((noinline)) void gemm_alpha_beta(double alpha, double beta) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      C[i][j] *= beta;
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

__attribute__((noinline)) void upper_subtract(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++)
      for (int j = i; j < N; j++)
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
  fill(&A[0][0], (long)N * K, 1);
  fill(&B[0][0], (long)K * N, 2);
  fill(&C[0][0], (long)N * N, 3);
  gemm_alpha_beta(1.25, 0.75);
  printf("gemm_alpha_beta %016llx\n", hash(C, sizeof C));
  upper_subtract();
  printf("upper_subtract %016llx\n", hash(C, sizeof C));
  return 0;
}
