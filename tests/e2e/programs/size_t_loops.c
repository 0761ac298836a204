/* Loops with size_t (unsigned) counters: symmetrising transpose-add,
 * a 4-point stencil over the interior, and a down-counting unsigned loop
 * written as `for (i = n; i-- > 0; )`. Flattened with runtime stride. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static size_t get_n(int argc, char **argv, size_t def, size_t lo, size_t hi) {
  size_t v = def;
  if (argc > 1) { long t = atol(argv[1]); v = t > 0 ? (size_t)t : lo; }
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void size_t_kernel(size_t n, const double *A,
                                             double *S, double *T,
                                             double *acc) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      S[i * n + j] = A[i * n + j] + A[j * n + i];
  for (size_t i = 1; i + 1 < n; i++)
    for (size_t j = 1; j + 1 < n; j++)
      T[i * n + j] = 0.25 * (S[(i - 1) * n + j] + S[(i + 1) * n + j] +
                             S[i * n + j - 1] + S[i * n + j + 1]);
  for (size_t i = n; i-- > 0;) {
    acc[i] = T[i * n + (n - 1 - i)];
    if (i + 1 < n)
      acc[i] += 0.5 * acc[i + 1];
  }
}

int main(int argc, char **argv) {
  size_t n = get_n(argc, argv, 800, 3, 6000);
  double *A = malloc(sizeof(double) * n * n);
  double *S = malloc(sizeof(double) * n * n);
  double *T = malloc(sizeof(double) * n * n);
  double *acc = malloc(sizeof(double) * n);
  if (!A || !S || !T || !acc) return 1;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++) {
      A[i * n + j] = (double)((i * 3 + j * j) % 101) / 101.0;
      T[i * n + j] = -1.0;
    }

  size_t_kernel(n, A, S, T, acc);

  double s = 0, w = 0, sa = 0;
  for (size_t i = 0; i < n * n; i++) {
    s += T[i];
    w += T[i] * (double)(i % 7 + 1) + S[i] * (double)(i % 3 + 1);
  }
  for (size_t i = 0; i < n; i++) sa += acc[i] * (double)(i % 5 + 1);
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("acc_wsum %.17g\n", sa);
  printf("acc[0] %.17g\n", acc[0]);
  printf("T[1][1] %.17g\n", T[n + 1]);
  printf("T[mid][mid] %.17g\n", T[(n / 2) * n + n / 2]);
  printf("S[last][0] %.17g\n", S[(n - 1) * n]);
  free(A); free(S); free(T); free(acc);
  return 0;
}
