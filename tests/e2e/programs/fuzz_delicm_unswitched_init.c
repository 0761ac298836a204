/* Found by scripts/fuzz (seed 20268701, program 22), reduced by hand: LLVM
 * unswitches the row's sum on `i3 == 2` into two loops behind one block.
 * The copy without the A3 term sums in a register and stores the result
 * to A3[i5 + 2][n - 1] at its exit; Tessera mapped that running sum back
 * to the cell, with its initial 0 stored by the statement entering the
 * loop. But that statement, the block that chooses between the copies,
 * runs for the other copy too, which reads A3[3][n - 1] (the cell of
 * i5 = 1) in its sum: it read the 0 instead of the value from before.
 * Now the initial value is stored only by an entering block that leads
 * nowhere but into the loop (scop::delicm). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void kernel(int n, int (*A0)[n + 4], double (*A1)[n], long *A2, double (*A3)[n]) {
  for (int i3 = 0; i3 < n + 2; i3++)
    for (int i5 = 1; i5 < i3 + 1; i5++) {
      A0[0][i3 + 1] = 2 * (2 * i5 - 2 * i3 - 3);
      double t1 = 0.0;
      for (int i6 = 0; i6 < n; i6++) {
        t1 += 0.125 * A1[n - 1 - i6][i6] + 0.0625 * t1;
        if (i3 != 2)
          t1 += 0.375 * A3[3][i6];
      }
      A3[i5 + 2][n - 1] = t1;
      for (int i7 = 2; i7 < i3; i7++) {
        A0[0][0] += (3 * (A0[n - 1][i5 - 1] % 1000)) % 16;
        A2[n - 1] = (A2[0] % 1000) + 2 * (A2[n - 1] % 1000);
      }
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 5;
  if (n < 1) n = 1;
  if (n > 11) n = 11;
  int *A0 = malloc(sizeof(int) * n * (n + 4));
  double *A1 = malloc(sizeof(double) * n * n);
  long *A2 = malloc(sizeof(long) * n);
  double *A3 = malloc(sizeof(double) * (n + 4) * n);
  for (int i = 0; i < n * (n + 4); i++) A0[i] = (i * 37) % 41 - 20;
  for (int i = 0; i < n * n; i++) A1[i] = (double)((i * 37 + 11) % 29) / 16.0 - 0.875;
  for (int i = 0; i < n; i++) A2[i] = (i * 37 + 22) % 41 - 20;
  for (int i = 0; i < (n + 4) * n; i++) A3[i] = (double)((i * 37 + 33) % 29) / 16.0 - 0.875;
  kernel(n, (void *)A0, (void *)A1, A2, (void *)A3);
  double s = 0, w = 0;
  for (int i = 0; i < (n + 4) * n; i++) {
    s += A3[i];
    w += A3[i] * (i % 7 + 1);
  }
  long a = 0;
  for (int i = 0; i < n * (n + 4); i++) a += (long)A0[i] * (i % 5 + 1);
  for (int i = 0; i < n; i++) a += A2[i] * (i + 1);
  printf("sum %.17g\n", s);
  printf("weighted %.17g\n", w);
  printf("cell %.17g\n", A3[3 * n + n - 1]);
  printf("ints %ld\n", a);
  free(A0);
  free(A1);
  free(A2);
  free(A3);
  return 0;
}
