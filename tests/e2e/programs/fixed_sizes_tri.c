/* Issue 23: triangular nests with sizes fixed at compile time (10, 100,
 * 1000) were lost to "integer overflow" in the simplex at M = 1000 (the
 * Farkas rows of the scheduler hold products of the sizes). Each size is
 * its own function over its own arrays, so each is one SCoP with its own
 * constants; every one must print what plain -O3 prints, bit for bit. */
#include <stdio.h>

#define TRI(M, N, S)                                                          \
  static double A##S[M][M], B##S[M][N];                                       \
  __attribute__((noinline)) void tri##S(double alpha) {                       \
    for (int i = 0; i < M; i++)                                               \
      for (int j = 0; j < N; j++) {                                           \
        for (int k = i + 1; k < M; k++)                                       \
          B##S[i][j] += A##S[k][i] * B##S[k][j];                              \
        B##S[i][j] = alpha * B##S[i][j];                                      \
      }                                                                       \
  }                                                                           \
  static void run##S(void) {                                                  \
    for (int i = 0; i < M; i++)                                               \
      for (int k = 0; k < M; k++)                                             \
        A##S[i][k] = (double)((i * 3 + k * 7) % 101) / 1024.0;                \
    for (int i = 0; i < M; i++)                                               \
      for (int j = 0; j < N; j++)                                             \
        B##S[i][j] = (double)((i * 5 + j * 11) % 97) / 512.0;                 \
    tri##S(1.5);                                                              \
    double sum = 0;                                                           \
    for (int i = 0; i < M; i++)                                               \
      for (int j = 0; j < N; j++)                                             \
        sum += B##S[i][j];                                                    \
    printf(#S " sum %a B[0][0] %a B[M/2][N-1] %a\n", sum, B##S[0][0], B##S[M / 2][N - 1]); \
  }

TRI(10, 12, _10)
TRI(100, 120, _100)
TRI(1000, 1200, _1000)

int main(void) {
  run_10();
  run_100();
  run_1000();
  return 0;
}
