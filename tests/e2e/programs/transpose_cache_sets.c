/* A transpose whose rows are a multiple of the L1's way size apart (512
 * doubles: 4 KiB): every line its point loop walks across rows falls into
 * one cache set, so the tiler gives that loop as many iterations as the
 * L1 has ways (a93641e). An update of rows by a transpose (C += s * A^T,
 * 1024 floats), whose point loop walks more accesses along rows than
 * across, and a transpose whose rows are 500 doubles apart keep SICA's
 * size. Copies whose rows have sizes known only at run time (a
 * rectangular transpose, channels interleaved) walk a page per iteration
 * across rows: half as many iterations as the L1 data TLB has entries,
 * here at sizes that are not multiples of that. Every tiling must print
 * what plain -O3 prints, bit for bit. */
#include <stdio.h>
#include <stdlib.h>

#define N1 512
#define N2 1024
#define N3 500

static double A1[N1][N1], B1[N1][N1];
static float A2[N2][N2], C2[N2][N2];
static double A3[N3][N3], B3[N3][N3];

__attribute__((noinline)) void transpose_doubles(void) {
  for (int i = 0; i < N1; i++)
    for (int j = 0; j < N1; j++)
      B1[j][i] = A1[i][j] * 0.5 + 1.0;
}

/* Accumulates a transposed product into its own rows: C += s * A^T. */
__attribute__((noinline)) void add_transposed_floats(float s) {
  for (int i = 0; i < N2; i++)
    for (int j = 0; j < N2; j++)
      C2[i][j] += s * A2[j][i];
}

__attribute__((noinline)) void transpose_spread(void) {
  for (int i = 0; i < N3; i++)
    for (int j = 0; j < N3; j++)
      B3[j][i] = A3[i][j] - (double)i;
}

__attribute__((noinline)) void transpose_runtime(int m, int n, const double (*restrict a)[n], double (*restrict b)[m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      b[j][i] = a[i][j];
}

__attribute__((noinline)) void interleave(const float *restrict in, float *restrict out, int frames, int channels) {
  for (int fr = 0; fr < frames; fr++)
    for (int ch = 0; ch < channels; ch++)
      out[ch + channels * fr] = in[fr + frames * ch];
}

static void runtime_copies(int m, int n) {
  double (*a)[n] = malloc(sizeof(double) * m * n), (*b)[m] = malloc(sizeof(double) * m * n);
  float *in = malloc(sizeof(float) * m * n), *out = malloc(sizeof(float) * m * n);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = (double)((i * 3 + j * 17) % 103) - 0.5;
      in[i * n + j] = (float)((i + j * 7) % 59) * 0.25f;
    }
  transpose_runtime(m, n, (const double (*)[n])a, b);
  interleave(in, out, n, m);
  double h = 0, g = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      h = h * 0.75 + b[j][i];
  for (long k = 0; k < (long)m * n; k++)
    g = g * 0.5 + out[k];
  printf("runtime %d x %d %a %a\n", m, n, h, g);
  free(a);
  free(b);
  free(in);
  free(out);
}

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : 517;
  if (m < 1 || m > 3000)
    m = 517;
  runtime_copies(m, 1030);
  runtime_copies(33, 31);
  runtime_copies(1, 70);
  for (int i = 0; i < N1; i++)
    for (int j = 0; j < N1; j++)
      A1[i][j] = (double)((i * 7 + j * 3) % 101) / 16.0;
  for (int i = 0; i < N2; i++)
    for (int j = 0; j < N2; j++) {
      A2[i][j] = (float)((i * 5 + j * 11) % 97) / 8.0f;
      C2[i][j] = (float)((i + j) % 13);
    }
  for (int i = 0; i < N3; i++)
    for (int j = 0; j < N3; j++)
      A3[i][j] = (double)((i * 13 + j) % 89) / 4.0;
  transpose_doubles();
  add_transposed_floats(0.25f);
  add_transposed_floats(-1.5f);
  transpose_spread();
  double s1 = 0, s3 = 0;
  float s2 = 0;
  for (int i = 0; i < N1; i++)
    for (int j = 0; j < N1; j++)
      s1 += B1[i][j] * (double)(i % 7 + j % 5);
  for (int i = 0; i < N2; i++)
    for (int j = 0; j < N2; j++)
      s2 += C2[i][j] * (float)(j % 3);
  for (int i = 0; i < N3; i++)
    for (int j = 0; j < N3; j++)
      s3 += B3[i][j] * (double)(i % 3 + 1);
  printf("doubles %a %a %a\n", s1, B1[0][N1 - 1], B1[N1 - 1][3]);
  printf("floats %a %a %a\n", (double)s2, (double)C2[1][N2 - 2], (double)C2[N2 - 1][0]);
  printf("spread %a %a\n", s3, B3[N3 - 1][N3 - 2]);
  return 0;
}
