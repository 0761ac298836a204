/* Regression (fuzz seed 20261122:103): the i1 loop runs twice, so -O3
 * unrolls it into two nests, and the second reads the running sum s
 * straight from the first nest's loop. Both nests have a parameter
 * product (i3 * n), so the profile workflow versions both; versioning the
 * first one before building the second one's dispatcher left that
 * dispatcher reading a value that no longer dominated it (invalid IR,
 * caught by the verifier: the function was left unoptimized).
 * Usage: nests_share_value [n] */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void kernel(int n, int *A, long *out) {
  long s = 0;
  for (int i1 = 0; i1 < 2; i1++)
    for (int i2 = i1 - 1; i2 < n + 1; i2++)
      for (int i3 = i2; i3 < n - 2; i3++)
        s += 3 * (A[(i3 + 2) * n + i3 + 1] % 1000) - (A[(n - 1) * n] % 1000);
  out[0] = s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1;
  if (n < 1) n = 1;
  if (n > 33) n = 33;
  long len = 8 + (long)n * n + 3 * n;
  int *buf = malloc(sizeof(int) * len);
  if (!buf) return 1;
  for (long i = 0; i < len; i++) buf[i] = (int)((i * 37 + 77) % 41) - 20;
  long out = 0;
  kernel(n, buf + 8, &out);
  printf("%ld\n", out);
  free(buf);
  return 0;
}
