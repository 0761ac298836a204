/* Integer matrix multiply with int32 inputs, int64 accumulators and size_t
 * (unsigned) loop counters, flattened with a runtime stride. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static size_t get_n(int argc, char **argv, size_t def, size_t lo, size_t hi) {
  size_t v = def;
  if (argc > 1) { long t = atol(argv[1]); v = t > 0 ? (size_t)t : lo; }
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void imm_kernel(size_t n, const int32_t *A,
                                          const int32_t *B, int64_t *C) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++) {
      int64_t acc = 0;
      for (size_t k = 0; k < n; k++)
        acc += (int64_t)A[i * n + k] * (int64_t)B[k * n + j];
      C[i * n + j] = acc;
    }
}

int main(int argc, char **argv) {
  size_t n = get_n(argc, argv, 200, 1, 3000);
  int32_t *A = malloc(sizeof(int32_t) * n * n);
  int32_t *B = malloc(sizeof(int32_t) * n * n);
  int64_t *C = malloc(sizeof(int64_t) * n * n);
  if (!A || !B || !C) return 1;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++) {
      A[i * n + j] = (int32_t)((i * 131 + j * 71) % 20001) - 10000;
      B[i * n + j] = (int32_t)((i * j + 17 * j + 5) % 30011) - 15005;
    }

  imm_kernel(n, A, B, C);

  long long s = 0, w = 0;
  for (size_t i = 0; i < n * n; i++) {
    s += C[i];
    w += C[i] % 1000003 * (long long)(i % 7 + 1);
  }
  printf("sum %lld\n", s);
  printf("wsum_mod %lld\n", w);
  printf("C[0][0] %lld\n", (long long)C[0]);
  printf("C[1][2] %lld\n", (long long)C[n > 2 ? n + 2 : 0]);
  printf("C[mid][mid] %lld\n", (long long)C[(n / 2) * n + n / 2]);
  printf("C[last][last] %lld\n", (long long)C[n * n - 1]);
  free(A); free(B); free(C);
  return 0;
}
