/* Found by scripts/fuzz (program long1:586), reduced by hand: a cell
 * assigned in the body of a nest whose outer loop has a constant trip
 * count (fully unrolled before Tessera runs), next to a reduction into a
 * scalar that reads the array through the cell. Tessera's generated IR
 * failed verification ("Instruction does not dominate all uses") and was
 * kept: with -fverify-intermediate-code clang stops with "Broken function
 * found"; without it, the broken IR goes on through the pipeline. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) double cell_in_unrolled(int n, const int *a, double *c) {
  double s = 0.0;
  for (int r = 0; r < 4; r++)
    for (int i = 0; i < n - 2; i++)
      for (int j = 0; j < n; j++) {
        c[0] = 0.25 * (double)(a[i * n] % 8);
        s += 0.125 * c[j];
      }
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  if (n < 1)
    n = 1;
  if (n > 1000)
    n = 1000;
  int *a = malloc(sizeof(int) * n * n);
  double *c = malloc(sizeof(double) * n);
  if (!a || !c)
    return 1;
  for (int i = 0; i < n * n; i++)
    a[i] = (i * 37 + 11) % 41 - 20;
  for (int j = 0; j < n; j++)
    c[j] = (double)((j * 13) % 17) / 16.0;
  double s = cell_in_unrolled(n, a, c);
  printf("sum %.17g\n", s);
  printf("cell %.17g\n", c[0]);
  free(a);
  free(c);
  return 0;
}
