/* Found by scripts/fuzz (seed 20271551, program 39), reduced by hand: every
 * row i updates the running values A4[j] twice (an inner loop of two steps,
 * its body's loops over j fully unrolled by LLVM), and after each update
 * reads them back (A6[i][j] from A4[j] and A4[N - 1 - j]). The i loop is
 * not parallel. Skewed, the two steps of row i run at t = i and t = i + 1,
 * and the scanner split that loop in two: the first step (with the row's
 * own scalar) and the second. Jammed eight rows at a time, every row's
 * first step ran before any row's second one, so later rows read A4 before
 * earlier rows had updated it (wrong results with -fopenmp under
 * -tessera-rewrite-all, the fuzzer's build).
 * e2e-plugin-flags: -mllvm -tessera-rewrite-all
 */
#include <stdio.h>
#include <stdlib.h>

enum { N = 16 };

__attribute__((noinline)) void updates_read_back(int rows, double *A4, double (*A5)[N], double (*A6)[N]) {
  for (int i = 0; i < rows; i++) {
    for (int step = 0; step < 2; step++) {
      for (int j = 0; j < N; j++)
        A4[j] += -0.75 * A5[i][j] + 0.5;
      for (int j = 0; j < N; j++)
        A6[i][j] = 0.25 * A4[j] - 0.75 * A4[N - 1 - j];
    }
  }
}

int main(int argc, char **argv) {
  int rows = argc > 1 ? atoi(argv[1]) : 19;
  if (rows < 1)
    rows = 1;
  if (rows > 2000)
    rows = 2000;
  double *A4 = malloc(sizeof(double) * N);
  double (*A5)[N] = malloc(sizeof(double) * N * rows);
  double (*A6)[N] = malloc(sizeof(double) * N * rows);
  for (int j = 0; j < N; j++)
    A4[j] = (j * 37 % 29) / 16.0 - 0.875;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < N; j++) {
      A5[i][j] = ((i * N + j) * 37 % 29) / 16.0;
      A6[i][j] = 1.0;
    }
  updates_read_back(rows, A4, A5, A6);
  double sum = 0, weighted = 0;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < N; j++) {
      sum += A6[i][j];
      weighted += A6[i][j] * (double)(i * N + j + 1);
    }
  printf("sum %.17g\n", sum);
  printf("weighted %.17g\n", weighted);
  printf("A6[last][3] %.17g\n", A6[rows - 1][3]);
  printf("A4[5] %.17g\n", A4[5]);
  free(A4);
  free(A5);
  free(A6);
  return 0;
}
