/* Found by scripts/fuzz (seed 6201:225), reduced automatically, then by
 * hand: sqrt of a negative number sets errno to EDOM; the nest after it
 * has a parallel loop under a sequential one with too little work to
 * fork. Its worker was then called directly, and the worker's first
 * query of the OpenMP runtime (libomp starting up) set errno to ENOENT
 * (now such a loop runs in place, and errno is kept around forks). The
 * caller's errno must survive either path: errno prints 33 (EDOM).
 * argv[1]: n. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void root_then_copy(int n, double *restrict head, double *restrict A, const double *restrict B) {
  head[0] = 0.5 * sqrt(A[0]);
  for (int t = 0; t < n; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i * n + j] = 0.125 * B[(i - 1) * n + j - 1];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 3;
  if (n < 1) n = 1;
  if (n > 64) n = 64;
  double head = 0.0;
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n);
  if (!A || !B) return 1;
  for (int k = 0; k < n * n; k++) {
    A[k] = (double)(k % 29) / 16.0 - 0.875;
    B[k] = (double)(k % 13) / 8.0;
  }
  errno = 0;
  root_then_copy(n, &head, A, B);
  int seen = errno;
  printf("errno %d\n", seen);
  double s = 0;
  for (int k = 0; k < n * n; k++) s += A[k] * (k % 7 + 1);
  printf("head %.17g\nA %.17g\n", isnan(head) ? -1.0 : head, s);
  return 0;
}
