/* Issue 23: kernels with small constant sizes, where -O3 unrolls inner loops
 * completely before Tessera sees them and the arrays stay flat (constant
 * row strides). Each ran out of a work allowance before: a 3-D heat
 * stencil at N = 20 (Farkas over 400i + 20j + k slices), min-plus at N = 10
 * (ten reads D[i][0..9] per statement), ADI at N = 20 (rows of 18 writes),
 * and a contraction through a scratch row at N = 10 (the same cell stored
 * once per unrolled copy). Outputs must equal plain -O3 bit for bit. */
#include <stdio.h>

#define HEAT(N, S)                                                             \
  static double ha##S[N][N][N], hb##S[N][N][N];                                \
  __attribute__((noinline)) static void heat##S(void) {                        \
    for (int t = 0; t < 6; t++) {                                              \
      for (int i = 1; i < N - 1; i++)                                          \
        for (int j = 1; j < N - 1; j++)                                        \
          for (int k = 1; k < N - 1; k++)                                      \
            hb##S[i][j][k] = ha##S[i][j][k] +                                  \
                0.125 * (ha##S[i + 1][j][k] - 2.0 * ha##S[i][j][k] + ha##S[i - 1][j][k]) + \
                0.125 * (ha##S[i][j + 1][k] - 2.0 * ha##S[i][j][k] + ha##S[i][j - 1][k]) + \
                0.125 * (ha##S[i][j][k + 1] - 2.0 * ha##S[i][j][k] + ha##S[i][j][k - 1]); \
      for (int i = 1; i < N - 1; i++)                                          \
        for (int j = 1; j < N - 1; j++)                                        \
          for (int k = 1; k < N - 1; k++)                                      \
            ha##S[i][j][k] = hb##S[i][j][k] +                                  \
                0.125 * (hb##S[i + 1][j][k] - 2.0 * hb##S[i][j][k] + hb##S[i - 1][j][k]) + \
                0.125 * (hb##S[i][j + 1][k] - 2.0 * hb##S[i][j][k] + hb##S[i][j - 1][k]) + \
                0.125 * (hb##S[i][j][k + 1] - 2.0 * hb##S[i][j][k] + hb##S[i][j][k - 1]); \
    }                                                                          \
  }                                                                            \
  static void run_heat##S(void) {                                              \
    for (int i = 0; i < N; i++)                                                \
      for (int j = 0; j < N; j++)                                              \
        for (int k = 0; k < N; k++) {                                          \
          ha##S[i][j][k] = (double)((i * 7 + j * 3 + k) % 13) / 16.0;          \
          hb##S[i][j][k] = (double)((i + j * 5 + k * 2) % 11) / 8.0;           \
        }                                                                      \
    heat##S();                                                                 \
    double s = 0;                                                              \
    for (int i = 0; i < N; i++)                                                \
      for (int j = 0; j < N; j++)                                              \
        for (int k = 0; k < N; k++)                                            \
          s += ha##S[i][j][k] * (1 + (i + j + k) % 5) - hb##S[i][j][k];         \
    printf("heat" #S " %a\n", s);                                              \
  }

#define MINPLUS(N, S)                                                          \
  static double md##S[N][N], me##S[N][N];                                      \
  __attribute__((noinline)) static void minplus##S(void) {                     \
    for (int r = 0; r < 3; r++) {                                              \
      for (int i = 0; i < N; i++)                                              \
        for (int j = 0; j < N; j++) {                                          \
          me##S[i][j] = md##S[i][j];                                           \
          for (int k = 0; k < N; k++)                                          \
            me##S[i][j] = md##S[i][k] + md##S[k][j] < me##S[i][j] ? md##S[i][k] + md##S[k][j] : me##S[i][j]; \
        }                                                                      \
      for (int i = 0; i < N; i++)                                              \
        for (int j = 0; j < N; j++)                                            \
          md##S[i][j] = me##S[i][j];                                           \
    }                                                                          \
  }                                                                            \
  static void run_minplus##S(void) {                                           \
    for (int i = 0; i < N; i++)                                                \
      for (int j = 0; j < N; j++)                                              \
        md##S[i][j] = i == j ? 0.0 : (double)((i * 31 + j * 17) % 23 + 1);     \
    minplus##S();                                                              \
    double s = 0;                                                              \
    for (int i = 0; i < N; i++)                                                \
      for (int j = 0; j < N; j++)                                              \
        s += md##S[i][j] * (1 + (i * N + j) % 7);                              \
    printf("minplus" #S " %a\n", s);                                           \
  }

#define ADI(N, S)                                                              \
  static double au##S[N][N], av##S[N][N], ap##S[N][N], aq##S[N][N];            \
  __attribute__((noinline)) static void adi##S(void) {                         \
    const double a = 0.5, d = 1.0 + 2.0 * a;                                   \
    for (int t = 0; t < 3; t++) {                                              \
      for (int i = 1; i < N - 1; i++) {                                        \
        ap##S[i][0] = 0.0;                                                     \
        aq##S[i][0] = au##S[i][0];                                             \
        for (int j = 1; j < N - 1; j++) {                                      \
          ap##S[i][j] = a / (d - a * ap##S[i][j - 1]);                         \
          aq##S[i][j] = (au##S[i][j] + a * aq##S[i][j - 1]) / (d - a * ap##S[i][j - 1]); \
        }                                                                      \
        av##S[i][0] = au##S[i][0];                                             \
        av##S[i][N - 1] = au##S[i][N - 1];                                     \
        for (int j = N - 2; j >= 1; j--)                                       \
          av##S[i][j] = aq##S[i][j] + ap##S[i][j] * av##S[i][j + 1];           \
      }                                                                        \
      for (int j = 1; j < N - 1; j++) {                                        \
        ap##S[0][j] = 0.0;                                                     \
        aq##S[0][j] = av##S[0][j];                                             \
        for (int i = 1; i < N - 1; i++) {                                      \
          ap##S[i][j] = a / (d - a * ap##S[i - 1][j]);                         \
          aq##S[i][j] = (av##S[i][j] + a * aq##S[i - 1][j]) / (d - a * ap##S[i - 1][j]); \
        }                                                                      \
        au##S[0][j] = av##S[0][j];                                             \
        au##S[N - 1][j] = av##S[N - 1][j];                                     \
        for (int i = N - 2; i >= 1; i--)                                       \
          au##S[i][j] = aq##S[i][j] + ap##S[i][j] * au##S[i + 1][j];           \
      }                                                                        \
    }                                                                          \
  }                                                                            \
  static void run_adi##S(void) {                                               \
    for (int i = 0; i < N; i++)                                                \
      for (int j = 0; j < N; j++)                                              \
        au##S[i][j] = (double)((i * 13 + j * 7) % 19) / 19.0;                  \
    adi##S();                                                                  \
    double s = 0;                                                              \
    for (int i = 0; i < N; i++)                                                \
      for (int j = 0; j < N; j++)                                              \
        s += au##S[i][j] * (1 + (i + 2 * j) % 9) + av##S[i][j];                \
    printf("adi" #S " %a\n", s);                                               \
  }

#define CONTRACT(N, S)                                                         \
  static double ct##S[N][N][2 * N], cw##S[2 * N][2 * N], crow##S[2 * N];       \
  __attribute__((noinline)) static void contract##S(void) {                    \
    for (int a = 0; a < N; a++)                                                \
      for (int b = 0; b < N; b++) {                                            \
        for (int c = 0; c < 2 * N; c++) {                                      \
          crow##S[c] = 0.0;                                                    \
          for (int s = 0; s < 2 * N; s++)                                      \
            crow##S[c] += ct##S[a][b][s] * cw##S[s][c];                        \
        }                                                                      \
        for (int c = 0; c < 2 * N; c++)                                        \
          ct##S[a][b][c] = crow##S[c];                                         \
      }                                                                        \
  }                                                                            \
  static void run_contract##S(void) {                                          \
    for (int a = 0; a < N; a++)                                                \
      for (int b = 0; b < N; b++)                                              \
        for (int c = 0; c < 2 * N; c++)                                        \
          ct##S[a][b][c] = (double)((a * 5 + b * 3 + c) % 17) / 17.0;          \
    for (int s = 0; s < 2 * N; s++)                                            \
      for (int c = 0; c < 2 * N; c++)                                          \
        cw##S[s][c] = (double)((s * 11 + c * 7) % 13) / 26.0;                  \
    contract##S();                                                             \
    double s = 0;                                                              \
    for (int a = 0; a < N; a++)                                                \
      for (int b = 0; b < N; b++)                                              \
        for (int c = 0; c < 2 * N; c++)                                        \
          s += ct##S[a][b][c] * (1 + (a + b + c) % 3);                         \
    printf("contract" #S " %a\n", s);                                          \
  }

HEAT(20, _20)
MINPLUS(10, _10)
MINPLUS(20, _20)
ADI(10, _10)
ADI(20, _20)
CONTRACT(10, _10)

int main(void) {
  run_heat_20();
  run_minplus_10();
  run_minplus_20();
  run_adi_10();
  run_adi_20();
  run_contract_10();
  return 0;
}
