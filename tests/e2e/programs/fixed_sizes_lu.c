/* Issue 23: nests whose sizes are compile-time constants are scheduled with
 * the sizes symbolic (sched::sizes): an LU decomposition written row by row
 * (the multipliers of row k from a dot product with the rows above, then
 * the rest of row k), and a triangular solve with several right-hand
 * sides, each at a size just past the threshold (20) and a larger one
 * (200). The triangular solve at 20 gets another schedule than the exact
 * constants gave it (7 loops instead of 14); every one must print what
 * plain -O3 prints, bit for bit. The four kernels need more polyhedral
 * work than a library's file of their size may spend (cost::work), and
 * the test is of their rewrites:
 * e2e-plugin-flags: -mllvm -tessera-work-per-instruction=0
 */
#include <stdio.h>

#define LU(N, S)                                                              \
  static double L##S[N][N];                                                   \
  __attribute__((noinline)) void lu##S(void) {                                \
    for (int k = 0; k < N; k++) {                                             \
      for (int j = 0; j < k; j++) {                                           \
        for (int p = 0; p < j; p++)                                           \
          L##S[k][j] -= L##S[k][p] * L##S[p][j];                              \
        L##S[k][j] /= L##S[j][j];                                             \
      }                                                                       \
      for (int j = k; j < N; j++)                                             \
        for (int p = 0; p < k; p++)                                           \
          L##S[k][j] -= L##S[k][p] * L##S[p][j];                              \
    }                                                                         \
  }                                                                           \
  static void run_lu##S(void) {                                               \
    for (int i = 0; i < N; i++)                                               \
      for (int j = 0; j < N; j++)                                             \
        L##S[i][j] = i == j ? N : (double)((i * 7 + j * 3) % 11) / 16.0;      \
    lu##S();                                                                  \
    double sum = 0, weighted = 0;                                             \
    for (int i = 0; i < N; i++)                                               \
      for (int j = 0; j < N; j++) {                                           \
        sum += L##S[i][j];                                                    \
        weighted += (i + 2 * j + 1) * L##S[i][j];                             \
      }                                                                       \
    printf("lu" #S " sum %a weighted %a L[N-1][N/2] %a\n", sum, weighted,      \
           L##S[N - 1][N / 2]);                                               \
  }

#define TRISOLVE(N, M, S)                                                     \
  static double T##S[N][N], X##S[N][M];                                       \
  __attribute__((noinline)) void trisolve##S(void) {                          \
    for (int i = 0; i < N; i++)                                               \
      for (int j = 0; j < M; j++) {                                           \
        for (int k = 0; k < i; k++)                                           \
          X##S[i][j] -= T##S[i][k] * X##S[k][j];                              \
        X##S[i][j] /= T##S[i][i];                                             \
      }                                                                       \
  }                                                                           \
  static void run_trisolve##S(void) {                                         \
    for (int i = 0; i < N; i++)                                               \
      for (int k = 0; k < N; k++)                                             \
        T##S[i][k] = i == k ? 4.0 : (double)((i * 5 + k * 9) % 13) / 64.0;    \
    for (int i = 0; i < N; i++)                                               \
      for (int j = 0; j < M; j++)                                             \
        X##S[i][j] = (double)((i * 3 + j * 11) % 17) / 8.0;                   \
    trisolve##S();                                                            \
    double sum = 0, weighted = 0;                                             \
    for (int i = 0; i < N; i++)                                               \
      for (int j = 0; j < M; j++) {                                           \
        sum += X##S[i][j];                                                    \
        weighted += (2 * i + j + 1) * X##S[i][j];                             \
      }                                                                       \
    printf("trisolve" #S " sum %a weighted %a X[N-1][M-1] %a\n", sum,          \
           weighted, X##S[N - 1][M - 1]);                                     \
  }

LU(20, _20)
LU(200, _200)
TRISOLVE(20, 20, _20)
TRISOLVE(200, 150, _200)

int main(void) {
  run_lu_20();
  run_lu_200();
  run_trisolve_20();
  run_trisolve_200();
  return 0;
}
