/* Issue 23: a time-iterated 2-D stencil with sizes fixed at compile time.
 * At N = 1000 the simplex overflowed; at N = 100 the scheduler ran out of
 * its work allowance. Sizes 10, 100 and 1000, each its own SCoP; outputs
 * must equal plain -O3 bit for bit (time tiling, wavefronts). */
#include <stdio.h>

#define STENCIL(T, N, S)                                                      \
  static double A##S[N][N], B##S[N][N];                                       \
  __attribute__((noinline)) void sweep##S(void) {                             \
    for (int t = 0; t < T; t++) {                                             \
      for (int i = 1; i < N - 1; i++)                                         \
        for (int j = 1; j < N - 1; j++)                                       \
          B##S[i][j] = 0.2 * (A##S[i][j] + A##S[i][j - 1] + A##S[i][j + 1] +  \
                              A##S[i + 1][j] + A##S[i - 1][j]);               \
      for (int i = 1; i < N - 1; i++)                                         \
        for (int j = 1; j < N - 1; j++)                                       \
          A##S[i][j] = 0.2 * (B##S[i][j] + B##S[i][j - 1] + B##S[i][j + 1] +  \
                              B##S[i + 1][j] + B##S[i - 1][j]);               \
    }                                                                         \
  }                                                                           \
  static void run##S(void) {                                                  \
    for (int i = 0; i < N; i++)                                               \
      for (int j = 0; j < N; j++) {                                           \
        A##S[i][j] = (double)((i * 13 + j * 7) % 61) / 64.0;                  \
        B##S[i][j] = (double)((i + j * 3) % 17) / 32.0;                       \
      }                                                                       \
    sweep##S();                                                               \
    double sum = 0;                                                           \
    for (int i = 0; i < N; i++)                                               \
      for (int j = 0; j < N; j++)                                             \
        sum += A##S[i][j] - B##S[i][j];                                       \
    printf(#S " sum %a A[N/2][N/3] %a B[1][N-2] %a\n", sum, A##S[N / 2][N / 3], B##S[1][N - 2]); \
  }

STENCIL(5, 10, _10)
STENCIL(20, 100, _100)
STENCIL(10, 1000, _1000)

int main(void) {
  run_10();
  run_100();
  run_1000();
  return 0;
}
