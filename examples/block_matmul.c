/* Tessera demo, part 2: a matrix product whose width comes as nb blocks of
 * bw columns. The bound nb * bw and the row strides i * nb * bw are
 * products of parameters: for unknown nb and bw the nest is not affine and
 * no polyhedral optimizer may reorder it; for any one width it is. The
 * profile workflow records the width the program runs with and compiles a
 * tiled, vectorized version for it behind a check of the values.
 * Usage: block_matmul [n]   (n a multiple of 8) prints a checksum; the
 * kernel's time goes to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* C (n x nb*bw) += A (n x n) * B (n x nb*bw), all row-major. */
__attribute__((noinline)) void block_mm(int n, int nb, int bw, double *C, const double *A, const double *B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < nb * bw; j++)
      for (int k = 0; k < n; k++)
        C[i * nb * bw + j] += A[i * n + k] * B[k * nb * bw + j];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  int bw = 8, nb = n / bw;
  size_t width = (size_t)nb * bw;
  double *A = malloc(sizeof(double) * (size_t)n * n), *B = malloc(sizeof(double) * n * width);
  double *C = calloc((size_t)n * width, sizeof(double));
  if (n < bw || !A || !B || !C)
    return 1;
  for (size_t i = 0; i < (size_t)n * n; i++)
    A[i] = (double)(i % 13) / 13.0;
  for (size_t i = 0; i < n * width; i++)
    B[i] = (double)(i % 7) / 7.0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  block_mm(n, nb, bw, C, A, B);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double sum = 0;
  for (size_t i = 0; i < n * width; i++)
    sum += C[i] * (double)(i % 3 + 1);
  printf("checksum %a\n", sum);
  fprintf(stderr, "%.3f\n", (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
  return 0;
}
