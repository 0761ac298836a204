/* Matrix products in the shapes the BLIS code generator takes (i-j-k and
 * i-k-j order, alpha scaling, transposed operands, separate fmul and fadd,
 * flattened and fixed-size arrays), at sizes that are not multiples of its
 * blocks: one row panel, one column panel and the k blocks (in the e2e
 * build for small caches: KC 32) all end partially. Every output bit
 * must equal plain -O3's: a hash of the raw bytes is printed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void mm_ijk_alpha(int n, int m, int p, double alpha, double (*C)[m],
                                            double (*A)[p], double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      C[i][j] *= 0.5;
      for (int k = 0; k < p; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

__attribute__((noinline)) void mm_ikj(int n, int m, int p, double (*C)[m], double (*A)[p],
                                      double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < p; k++)
      for (int j = 0; j < m; j++)
        C[i][j] += A[i][k] * B[k][j];
}

/* Separate multiply and add (no contraction across statements). */
__attribute__((noinline)) void mm_flat_sep(int n, double *C, double *A, double *B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = C[i * n + j];
      for (int k = 0; k < n; k++) {
        double t = A[i * n + k] * B[k * n + j];
        s = s + t;
      }
      C[i * n + j] = s;
    }
}

/* Both operands transposed, subtracted. */
__attribute__((noinline)) void mm_trans_sub(int n, double (*C)[n], double (*A)[n], double (*B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] -= A[k][i] * B[j][k];
}

#define FN 203
static double FA[FN][FN], FB[FN][FN], FC[FN][FN];
__attribute__((noinline)) void mm_fixed(void) {
  for (int i = 0; i < FN; i++)
    for (int j = 0; j < FN; j++)
      for (int k = 0; k < FN; k++)
        FC[i][j] += FA[i][k] * FB[k][j];
}

__attribute__((noinline)) void mm_float(int n, float (*C)[n], float (*A)[n], float (*B)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
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
  int n = get_n(argc, argv, 61, 1, 400);
  int m = n + 13, p = 2 * n + 7; /* p > 256 from n = 125 on: two k blocks */
  size_t big = (size_t)(n + 20) * (size_t)(p + 20);
  double *A = malloc(sizeof(double) * big), *B = malloc(sizeof(double) * big);
  double *C = malloc(sizeof(double) * big);
  float *fa = malloc(sizeof(float) * (size_t)n * n), *fb = malloc(sizeof(float) * (size_t)n * n);
  float *fc = malloc(sizeof(float) * (size_t)n * n);
  if (!A || !B || !C || !fa || !fb || !fc) return 1;

  fill(A, (size_t)n * p, 1);
  fill(B, (size_t)p * m, 2);
  fill(C, (size_t)n * m, 3);
  mm_ijk_alpha(n, m, p, 1.25, (double (*)[m])C, (double (*)[p])A, (double (*)[m])B);
  printf("ijk_alpha %llu\n", hash(C, sizeof(double) * (size_t)n * m));
  mm_ikj(n, m, p, (double (*)[m])C, (double (*)[p])A, (double (*)[m])B);
  printf("ikj %llu\n", hash(C, sizeof(double) * (size_t)n * m));
  printf("C[last] %.17g\n", C[(size_t)n * m - 1]);

  fill(A, (size_t)n * n, 4);
  fill(B, (size_t)n * n, 5);
  fill(C, (size_t)n * n, 6);
  mm_flat_sep(n, C, A, B);
  printf("flat_sep %llu\n", hash(C, sizeof(double) * (size_t)n * n));
  mm_trans_sub(n, (double (*)[n])C, (double (*)[n])A, (double (*)[n])B);
  printf("trans_sub %llu\n", hash(C, sizeof(double) * (size_t)n * n));
  printf("C[0] %.17g\n", C[0]);

  fill(&FA[0][0], FN * FN, 7);
  fill(&FB[0][0], FN * FN, 8);
  fill(&FC[0][0], FN * FN, 9);
  mm_fixed();
  printf("fixed %llu\n", hash(FC, sizeof FC));

  for (size_t i = 0; i < (size_t)n * n; i++) {
    fa[i] = (float)A[i];
    fb[i] = (float)B[i];
    fc[i] = (float)C[i];
  }
  mm_float(n, (float (*)[n])fc, (float (*)[n])fa, (float (*)[n])fb);
  printf("float %llu\n", hash(fc, sizeof(float) * (size_t)n * n));
  free(A); free(B); free(C); free(fa); free(fb); free(fc);
  return 0;
}
