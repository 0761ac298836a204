/* Integer max/min reductions: a global max and min into scalars and the
 * per-row maxima into an array, over a 2-D int array. VLA parameter. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void maxred_kernel(int rows, int cols, int (*A)[cols],
                                             int *rowmax, int *gmax,
                                             int *gmin) {
  int mx = A[0][0], mn = A[0][0];
  for (int i = 0; i < rows; i++) {
    rowmax[i] = A[i][0];
    for (int j = 0; j < cols; j++) {
      mx = A[i][j] > mx ? A[i][j] : mx;
      mn = A[i][j] < mn ? A[i][j] : mn;
      rowmax[i] = A[i][j] > rowmax[i] ? A[i][j] : rowmax[i];
    }
  }
  *gmax = mx;
  *gmin = mn;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 900, 1, 20000);
  int rows = n, cols = n + 7;
  int (*A)[cols] = malloc(sizeof(int) * (size_t)rows * cols);
  int *rm = malloc(sizeof(int) * rows);
  if (!A || !rm) return 1;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      A[i][j] = (int)(((long)i * 7919 + (long)j * 104729 + (long)i * j) % 100003) - 50000;

  int gmax = 0, gmin = 0;
  maxred_kernel(rows, cols, A, rm, &gmax, &gmin);

  long long s = 0, w = 0;
  for (int i = 0; i < rows; i++) { s += rm[i]; w += (long long)rm[i] * (i % 7 + 1); }
  printf("max %d\n", gmax);
  printf("min %d\n", gmin);
  printf("rowmax_sum %lld\n", s);
  printf("rowmax_wsum %lld\n", w);
  printf("rowmax[0] %d\n", rm[0]);
  printf("rowmax[last] %d\n", rm[rows - 1]);
  free(A); free(rm);
  return 0;
}
