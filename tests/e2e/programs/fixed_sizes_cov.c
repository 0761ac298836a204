/* Issue 23: covariance with sizes fixed at compile time. The third nest
 * (cov[j][i] = cov[i][j]) needs emptiness tests of linearized subscripts,
 * 1201a + 1200b = 1201c + d: branch and bound spent the dependence
 * analysis' work cap at M = 1000. Sizes 10, 100 and 1000, each its own
 * SCoPs (N = 120 at M = 1000 keeps the run short and still failed); outputs
 * must equal plain -O3 bit for bit. */
#include <stdio.h>

#define COV(M, N, S)                                                          \
  static double data##S[N][M], cov##S[M][M], mean##S[M];                     \
  __attribute__((noinline)) void cov_fixed##S(double fn) {                    \
    for (int j = 0; j < M; j++) {                                             \
      mean##S[j] = 0.0;                                                       \
      for (int i = 0; i < N; i++)                                             \
        mean##S[j] += data##S[i][j];                                          \
      mean##S[j] /= fn;                                                       \
    }                                                                         \
    for (int i = 0; i < N; i++)                                               \
      for (int j = 0; j < M; j++)                                             \
        data##S[i][j] -= mean##S[j];                                          \
    for (int i = 0; i < M; i++)                                               \
      for (int j = i; j < M; j++) {                                           \
        cov##S[i][j] = 0.0;                                                   \
        for (int k = 0; k < N; k++)                                           \
          cov##S[i][j] += data##S[k][i] * data##S[k][j];                      \
        cov##S[i][j] /= (fn - 1.0);                                           \
        cov##S[j][i] = cov##S[i][j];                                          \
      }                                                                       \
  }                                                                           \
  static void run##S(void) {                                                  \
    for (int i = 0; i < N; i++)                                               \
      for (int j = 0; j < M; j++)                                             \
        data##S[i][j] = (double)((i * j + 3 * i + j) % 89) / 64.0;            \
    cov_fixed##S((double)N);                                                  \
    double sum = 0;                                                           \
    for (int i = 0; i < M; i++)                                               \
      for (int j = 0; j < M; j++)                                             \
        sum += cov##S[i][j] * (1 + (i ^ j) % 5);                              \
    printf(#S " sum %a cov[1][M-1] %a cov[M-1][1] %a mean[M/2] %a\n", sum,    \
           cov##S[1][M - 1], cov##S[M - 1][1], mean##S[M / 2]);               \
  }

COV(10, 12, _10)
COV(100, 120, _100)
COV(1000, 120, _1000)

int main(void) {
  run_10();
  run_100();
  run_1000();
  return 0;
}
