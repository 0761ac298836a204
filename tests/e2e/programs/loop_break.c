/* NON-AFFINE: loops with early exits. Per row, find the first column whose
 * value exceeds a threshold (break), accumulate a prefix up to it; then a
 * global search with a flag that stops the outer loop too. VLA parameters. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void break_kernel(int n, int m, double (*A)[m],
                                            double thr, int *first,
                                            double *prefix, int *found_i,
                                            int *found_j) {
  for (int i = 0; i < n; i++) {
    first[i] = -1;
    prefix[i] = 0.0;
    for (int j = 0; j < m; j++) {
      if (A[i][j] > thr) {
        first[i] = j;
        break;
      }
      prefix[i] += A[i][j];
    }
  }
  *found_i = -1;
  *found_j = -1;
  for (int i = 0; i < n; i++) {
    int hit = 0;
    for (int j = 0; j < m; j++) {
      if (A[i][j] * (double)(i + 1) > 0.99 * (double)n) {
        *found_i = i;
        *found_j = j;
        hit = 1;
        break;
      }
    }
    if (hit) break;
  }
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 1200, 1, 10000);
  int m = n + 100;
  double (*A)[m] = malloc(sizeof(double) * (size_t)n * m);
  int *first = malloc(sizeof(int) * n);
  double *prefix = malloc(sizeof(double) * n);
  if (!A || !first || !prefix) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = (double)(((long)i * 37 + (long)j * j * 11 + 5) % 1000) / 1000.0;

  int fi = 0, fj = 0;
  break_kernel(n, m, A, 0.995, first, prefix, &fi, &fj);

  long long sf = 0, wf = 0;
  double sp = 0, wp = 0;
  int none = 0;
  for (int i = 0; i < n; i++) {
    if (first[i] < 0) none++;
    sf += first[i]; wf += (long long)first[i] * (i % 7 + 1);
    sp += prefix[i]; wp += prefix[i] * (double)(i % 7 + 1);
  }
  printf("first_sum %lld\n", sf);
  printf("first_wsum %lld\n", wf);
  printf("rows_without_hit %d\n", none);
  printf("prefix_sum %.17g\n", sp);
  printf("prefix_wsum %.17g\n", wp);
  printf("found_i %d\n", fi);
  printf("found_j %d\n", fj);
  free(A); free(first); free(prefix);
  return 0;
}
