/* In-place triangular products and solves: each row of B is updated from
 * other rows of B that are still old (forward substitution; a lower and an
 * upper triangular product, walked in the direction that keeps the rows
 * they read unmodified). The running sum of B[i][j] over k lives in the
 * cell it updates while the loop reads other rows of the same array:
 * scop::delicm maps it back to the cell only once those reads are proved
 * never to be that cell, and then the k loop may move outside the j loop
 * (vectorizable). Every output bit must equal plain -O3's. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void solve_lower(int n, int m, double (*L)[n], double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      for (int k = 0; k < i; k++)
        B[i][j] -= L[i][k] * B[k][j];
      B[i][j] /= L[i][i];
    }
}

__attribute__((noinline)) void mul_lower_down(int n, int m, double alpha, double (*L)[n], double (*B)[m]) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = 0; j < m; j++) {
      for (int k = 0; k < i; k++)
        B[i][j] += L[i][k] * B[k][j];
      B[i][j] *= alpha;
    }
}

__attribute__((noinline)) void mul_upper_up(int n, int m, double (*U)[n], double (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      double s = B[i][j];
      for (int k = i + 1; k < n; k++)
        s += U[i][k] * B[k][j];
      B[i][j] = s;
    }
}

__attribute__((noinline)) void solve_lower_float(int n, int m, float (*L)[n], float (*B)[m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      for (int k = 0; k < i; k++)
        B[i][j] -= L[i][k] * B[k][j];
      B[i][j] /= L[i][i];
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

int main(int argc, char **argv) {
  int n = 67;
  if (argc > 1) n = atoi(argv[1]) < 1 ? 1 : atoi(argv[1]) > 300 ? 300 : atoi(argv[1]);
  int m = n + 11;
  double (*T)[n] = malloc(sizeof(double) * (size_t)n * n);
  double (*B)[m] = malloc(sizeof(double) * (size_t)n * m);
  float (*ft)[n] = malloc(sizeof(float) * (size_t)n * n);
  float (*fb)[m] = malloc(sizeof(float) * (size_t)n * m);
  if (!T || !B || !ft || !fb) return 1;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      T[i][k] = i == k ? 2.0 + (double)(i % 5) : (double)((i * 31 + k * 17) % 23) / 97.0 - 0.11;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = (double)((i * 7 + j * 13) % 29) / 7.0 - 1.5;
  solve_lower(n, m, T, B);
  printf("solve_lower %llu %.17g\n", hash(B, sizeof(double) * (size_t)n * m), B[n - 1][m - 1]);
  mul_lower_down(n, m, 0.75, T, B);
  printf("mul_lower_down %llu %.17g\n", hash(B, sizeof(double) * (size_t)n * m), B[n - 1][0]);
  mul_upper_up(n, m, T, B);
  printf("mul_upper_up %llu %.17g\n", hash(B, sizeof(double) * (size_t)n * m), B[0][m - 1]);
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < n; k++)
      ft[i][k] = (float)T[i][k];
    for (int j = 0; j < m; j++)
      fb[i][j] = (float)B[i][j];
  }
  solve_lower_float(n, m, ft, fb);
  printf("solve_lower_float %llu\n", hash(fb, sizeof(float) * (size_t)n * m));
  free(T); free(B); free(ft); free(fb);
  return 0;
}
