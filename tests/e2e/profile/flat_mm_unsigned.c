/* Matrix multiply on flattened arrays with unsigned 32-bit indices: for an
 * unknown n, i*n+k may wrap, so the nest is not a SCoP; specialized for a
 * profiled n it is. argv[1]: n. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void mm(unsigned n, double *C, const double *A, const double *B) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < n; j++)
      for (unsigned k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * B[k * n + j];
}

int main(int argc, char **argv) {
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 64;
  double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n);
  double *c = calloc((size_t)n * n, sizeof(double));
  if (!a || !b || !c)
    return 1;
  for (unsigned i = 0; i < n * n; i++) {
    a[i] = (double)(i % 7) / 7;
    b[i] = (double)(i % 5) / 5;
  }
  mm(n, c, a, b);
  double s = 0;
  for (unsigned i = 0; i < n * n; i++)
    s += c[i] * (i % 3 + 1);
  printf("mm %u %.17g\n", n, s);
  return 0;
}
