/* Found by scripts/fuzz (program long2:603, size 1), reduced: a scalar
 * initialized from the array at the top of each outer iteration (reversed
 * subscript), accumulated by an inner loop and added into the array after
 * it. A[i - 1] += t also writes the cell a later iteration initializes t
 * from. The rewritten SCoP gives wrong values from n = 1 on (still wrong
 * with the plugin of commit 6e6380d). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void kernel(int n, double *a) {
  for (int i = 1; i < n + 1; i++) {
    double t = a[n - i];
    for (int j = 0; j < n; j++)
      t += 0.125 * a[i + 2];
    a[i - 1] += t;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 30;
  if (n < 0)
    n = 0;
  if (n > 3000)
    n = 3000;
  double *a = malloc(sizeof(double) * ((n > 3 ? n : 3) + 3));
  if (!a)
    return 1;
  for (int k = 1; k <= 4; k++) {
    int m = k < 4 ? k : n;
    for (int i = 0; i < m + 3; i++)
      a[i] = (double)((i * 37 + 11) % 29) / 16.0 - 0.875;
    kernel(m, a);
    double s = 0;
    for (int i = 0; i < m + 3; i++)
      s += a[i] * (i % 7 + 1);
    printf("n%d %.17g %.17g\n", m, a[0], s);
  }
  free(a);
  return 0;
}
