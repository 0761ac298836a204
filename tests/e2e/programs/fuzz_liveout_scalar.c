/* Found by scripts/fuzz (programs long1:254 and long1:266), reduced by
 * hand: a scalar assigned in a loop (not accumulated) and used after it must
 * hold the value of the last iteration. In the rewritten SCoP it got the
 * value of the iteration after the last one: s = b[n] instead of b[n - 1],
 * an out-of-bounds read. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) long last_read(int n, double *a, const int *b) {
  long s = 0;
  for (int i = 1; i < n; i++) {
    a[i - 1] = 0.5 * i;
    s = b[i];
  }
  return s;
}

/* The same in a triangular nest, with a 64-bit outer counter. */
__attribute__((noinline)) double last_read_nest(int n, const long *b) {
  double s = 0.0;
  for (long i = 2; i < n; i++)
    for (int j = i; j < n + 1; j++)
      s = 0.25 * (double)(b[i] % 8);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 60;
  if (n < 3)
    n = 3;
  if (n > 100000)
    n = 100000;
  double *a = malloc(sizeof(double) * n);
  int *b = malloc(sizeof(int) * n);
  long *c = malloc(sizeof(long) * n);
  if (!a || !b || !c)
    return 1;
  for (int i = 0; i < n; i++) {
    b[i] = (i * 13 + 5) % 97;
    c[i] = (i * 29 + 3) % 31;
  }
  printf("last_read %ld\n", last_read(n, a, b));
  printf("last_read_nest %.17g\n", last_read_nest(n, c));
  double s = 0;
  for (int i = 0; i < n - 1; i++)
    s += a[i] * (i % 5 + 1);
  printf("a_weighted %.17g\n", s);
  free(a);
  free(b);
  free(c);
  return 0;
}
