/* Loads -O3 hoists out of an inner loop into a scalar: read from their
 * cell again when the nest never writes the array (a source term per time
 * step, read along every row). When the nest writes the array, the value
 * stays a scalar (here -O3 carries w[t + 1] to the next step in a
 * register). argv[1]: n, argv[2]: steps. */
#include <stdio.h>
#include <stdlib.h>

/* u[i][j] += 0.5 * (src[t] - u[i][j]) + 0.25 * u[i-1][j], time loop */
__attribute__((noinline)) void relax(int steps, int n, double (*u)[n], const double *src) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n; i++)
      for (int j = 0; j < n; j++)
        u[i][j] += 0.5 * (src[t] - u[i][j]) + 0.25 * u[i - 1][j];
}

/* the hoisted value's array is written in the nest: w[t + 1] depends on
 * the row sums of step t */
__attribute__((noinline)) void feedback(int steps, int n, double (*restrict v)[n], double *restrict w) {
  for (int t = 0; t < steps; t++) {
    for (int j = 0; j < n; j++)
      v[t + 1][j] = w[t] * (double)(j + 1) + v[t][j];
    w[t + 1] = 0.5 * w[t] + 0.001 * v[t + 1][n - 1];
  }
}

static double checksum(const double *a, long len) {
  double s = 0.0;
  for (long i = 0; i < len; i++) s += a[i] * (double)(i % 13 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 90;
  int steps = argc > 2 ? atoi(argv[2]) : 12;
  if (n < 2) n = 2;
  if (n > 1000) n = 1000;
  if (steps < 0) steps = 0;
  if (steps > 500) steps = 500;
  double (*u)[n] = malloc(sizeof(double) * (size_t)n * n);
  double (*v)[n] = malloc(sizeof(double) * (size_t)(steps + 1) * n);
  double *src = malloc(sizeof(double) * (size_t)(steps + 1));
  double *w = malloc(sizeof(double) * (size_t)(steps + 2));
  if (!u || !v || !src || !w) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) u[i][j] = (double)((i * 3 + j * 5) % 17) / 17.0;
  for (int t = 0; t <= steps; t++) src[t] = (double)(t % 7) / 7.0 - 0.3;
  for (int t = 0; t <= steps; t++)
    for (int j = 0; j < n; j++) v[t][j] = (double)((j + t) % 5);
  for (int t = 0; t < steps + 2; t++) w[t] = 1.0 + (double)t / 100.0;
  relax(steps, n, u, src);
  feedback(steps, n, v, w);
  printf("relax %.17g\n", checksum(&u[0][0], (long)n * n));
  printf("relax_corner %.17g\n", u[n - 1][n - 1]);
  printf("feedback %.17g\n", checksum(&v[0][0], (long)(steps + 1) * n));
  printf("feedback_w %.17g\n", checksum(w, steps + 2));
  return 0;
}
