/* Products of a few rows and many columns, whose column panels the OpenMP
 * threads share by columns (codegen::matmul::Columns): each thread takes an
 * even share of the columns in whole micro-panels and walks it in panels
 * of NC. Column counts from 263 to 1001, not multiples of the micro-panel:
 * one panel where NC is 2048 (an AVX2 core, 32 MiB of L3), up to 16 in the
 * e2e build for small caches (NC 64); a first column other than 0, i-k-j
 * order and floats. Every output bit must equal plain -O3's (a hash). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void mm_cols(int n, int m, int p, int j0, double (*C)[m], double (*A)[p],
                                       double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = j0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][j] += A[i][k] * B[k][j];
}

__attribute__((noinline)) void mm_ikj_float(int n, int m, int p, float (*C)[m], float (*A)[p],
                                            float (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < p; k++)
      for (int j = 0; j < m; j++)
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

static void fill(double *a, size_t count, int seed) {
  for (size_t i = 0; i < count; i++)
    a[i] = (double)((i * 7919 + (size_t)seed * 104729) % 1000) / 997.0 - 0.4;
}

int main(int argc, char **argv) {
  int n = 29, p = 41;
  if (argc > 1) n = atoi(argv[1]) < 1 ? 1 : atoi(argv[1]) > 200 ? 200 : atoi(argv[1]);
  const int widths[] = {263, 265, 529, 560, 750, 1001};
  size_t most = (size_t)(p > n ? p : n) * 1001;
  double *A = malloc(sizeof(double) * (size_t)n * p), *B = malloc(sizeof(double) * most);
  double *C = malloc(sizeof(double) * most);
  float *fa = malloc(sizeof(float) * (size_t)n * p), *fb = malloc(sizeof(float) * most);
  float *fc = malloc(sizeof(float) * most);
  if (!A || !B || !C || !fa || !fb || !fc) return 1;
  for (int w = 0; w < 6; w++) {
    int m = widths[w];
    for (int j0 = 0; j0 <= 7; j0 += 7) {
      fill(A, (size_t)n * p, w + 1);
      fill(B, (size_t)p * m, w + 2);
      fill(C, (size_t)n * m, w + 3);
      mm_cols(n, m, p, j0, (double (*)[m])C, (double (*)[p])A, (double (*)[m])B);
      printf("m=%d j0=%d %llu\n", m, j0, hash(C, sizeof(double) * (size_t)n * m));
    }
    for (size_t i = 0; i < (size_t)n * p; i++)
      fa[i] = (float)A[i];
    for (size_t i = 0; i < (size_t)p * m; i++)
      fb[i] = (float)B[i];
    for (size_t i = 0; i < (size_t)n * m; i++)
      fc[i] = (float)C[i];
    mm_ikj_float(n, m, p, (float (*)[m])fc, (float (*)[p])fa, (float (*)[m])fb);
    printf("float m=%d %llu\n", m, hash(fc, sizeof(float) * (size_t)n * m));
  }
  free(A); free(B); free(C); free(fa); free(fb); free(fc);
  return 0;
}
