/* Found by scripts/fuzz (seed 20270201, program 135), reduced: the
 * dependence analysis runs out of its work budget on this nest (the
 * subscript of A1 is cubic in n), and the conservative dependences that
 * replace it named one pair of accesses per pair of statements. For the
 * row's update of A0[i + 1] that pair was on A2, so the cells kept in
 * registers along the j loop (plan::promote) saw nothing reach A0[i + 1]
 * and kept it in a register, while the same loop reads A0[j + 2], which
 * is that cell at j = i - 1: the read missed the updates. The
 * conservative dependences now cover every pair of accesses. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void kernel(int n, double *A0, double *A1, long *A2, long *out) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 1; j < n; j++) {
      s += ((A2[i] % 1000) * (A2[n - j] % 100)) % 16;
      A0[i + 1] += 0.0625 * A0[j + 2] * A1[(unsigned)(((j - 1) * n + j) * n + j - 1)];
      A2[i] = 3 * (A2[j] % 1000);
    }
    if (2 * i != n + 2)
      for (int k = 0; k < n; k++)
        A1[(unsigned)((i * n + i) * n + k)] = A0[k];
  }
  out[0] = s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 7;
  if (n < 1) n = 1;
  if (n > 40) n = 40;
  double *A0 = malloc(sizeof(double) * (n + 2));
  double *A1 = malloc(sizeof(double) * n * n * n);
  long *A2 = malloc(sizeof(long) * n);
  long out[1] = {0};
  for (int i = 0; i < n + 2; i++) A0[i] = (double)((i * 37) % 29) / 16.0 - 0.875;
  for (long i = 0; i < (long)n * n * n; i++) A1[i] = (double)((i * 37 + 11) % 29) / 16.0 - 0.875;
  for (int i = 0; i < n; i++) A2[i] = (i * 37 + 22) % 41 - 20;
  kernel(n, A0, A1, A2, out);
  double s0 = 0, w0 = 0, s1 = 0, w1 = 0;
  for (int i = 0; i < n + 2; i++) {
    s0 += A0[i];
    w0 += A0[i] * (i % 7 + 1);
  }
  for (long i = 0; i < (long)n * n * n; i++) {
    s1 += A1[i];
    w1 += A1[i] * (i % 7 + 1);
  }
  long a = out[0];
  for (int i = 0; i < n; i++) a += A2[i] * (i + 1);
  printf("a0 %.17g\n", s0);
  printf("a0_weighted %.17g\n", w0);
  printf("a0_cell %.17g\n", A0[n < 3 ? 1 : 3]);
  printf("a1 %.17g\n", s1);
  printf("a1_weighted %.17g\n", w1);
  printf("ints %ld\n", a);
  free(A0);
  free(A1);
  free(A2);
  return 0;
}
