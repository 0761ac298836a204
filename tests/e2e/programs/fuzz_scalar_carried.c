/* Found by scripts/fuzz (program long2:0), reduced by hand: a scalar
 * accumulated by an inner loop and read at the top of the next outer
 * iteration (stored before the inner loop runs again), and its final value
 * used after the nest. The rewritten SCoP stored wrong values. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int carried_to_cell(int n, int *cell) {
  int s = 0;
  for (int i = 0; i < n + 1; i++) {
    cell[0] = s % 1000;
    for (int j = 1; j < n - 1; j++)
      s += (-2 * j - 3) % 16;
  }
  return s;
}

/* The same with the running value stored into a row per outer iteration. */
__attribute__((noinline)) long carried_to_row(int n, long *row) {
  long s = 0;
  for (int i = 0; i < n; i++) {
    row[i] = s;
    for (int j = 0; j < i; j++)
      s += j % 7 - 3;
  }
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 30;
  if (n < 1)
    n = 1;
  if (n > 3000)
    n = 3000;
  int cell = -1;
  int s = carried_to_cell(n, &cell);
  printf("cell %d\nsum %d\n", cell, s);
  long *row = malloc(sizeof(long) * n);
  if (!row)
    return 1;
  long t = carried_to_row(n, row);
  unsigned long h = 0;
  for (int i = 0; i < n; i++)
    h = h * 1000003u + (unsigned long)row[i];
  printf("row_hash %lu\nrow_sum %ld\n", h, t);
  free(row);
  return 0;
}
