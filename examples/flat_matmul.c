/* Tessera demo, part 2: a matrix multiply on flattened arrays indexed with
 * unsigned 32-bit arithmetic. For an unknown n, i*n + k might wrap, so the
 * nest is not affine and no polyhedral optimizer may touch it; for any one
 * n it is. The profile workflow records n and specializes for it.
 * Usage: flat_matmul [n]   prints a checksum; the kernel's time to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) void flat_mm(unsigned n, double *C, const double *A, const double *B) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < n; j++)
      for (unsigned k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * B[k * n + j];
}

int main(int argc, char **argv) {
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n);
  double *C = calloc((size_t)n * n, sizeof(double));
  if (!A || !B || !C)
    return 1;
  for (unsigned i = 0; i < n * n; i++) {
    A[i] = (double)(i % 13) / 13.0;
    B[i] = (double)(i % 7) / 7.0;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  flat_mm(n, C, A, B);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double sum = 0;
  for (unsigned i = 0; i < n * n; i++)
    sum += C[i] * (double)(i % 3 + 1);
  printf("checksum %.6e\n", sum);
  fprintf(stderr, "%.3f\n", (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
  return 0;
}
