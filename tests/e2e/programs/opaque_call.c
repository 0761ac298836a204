/* NON-AFFINE (calls): loop nests that call non-inlined functions. One callee
 * is pure arithmetic, the other has a side effect on a global counter (so the
 * call order is observable), a third writes through its pointer argument. */
#include <stdio.h>
#include <stdlib.h>

static long long g_calls = 0;
static long long g_trace = 0;

__attribute__((noinline)) double weight(int i, int j) {
  return 1.0 / (1.0 + (double)((i * 3 + j) % 11));
}

__attribute__((noinline)) double logged_scale(double v, int i, int j) {
  g_calls++;
  g_trace = (g_trace * 31 + i * 7 + j) % 1000000007LL; /* order-sensitive */
  return v * 0.5 + 1.0;
}

__attribute__((noinline)) void bump(double *p, int k) { *p += (double)(k % 5); }

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void opaque_kernel(int n, double *A, double *B,
                                             double *v) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[i * n + j] = A[i * n + j] * weight(i, j);
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i * n + j] = logged_scale(A[(i - 1) * n + j], i, j);
  for (int i = 0; i < n; i++)
    bump(&v[i], i);
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 400, 1, 5000);
  double *A = malloc(sizeof(double) * (size_t)n * n);
  double *B = malloc(sizeof(double) * (size_t)n * n);
  double *v = malloc(sizeof(double) * n);
  if (!A || !B || !v) return 1;
  for (int i = 0; i < n; i++) {
    v[i] = (double)i;
    for (int j = 0; j < n; j++) A[i * n + j] = (double)((i + j * 5) % 19) / 19.0;
  }

  opaque_kernel(n, A, B, v);

  double s = 0, w = 0, sb = 0, sv = 0;
  for (int i = 0; i < n * n; i++) {
    s += A[i]; w += A[i] * (double)(i % 7 + 1);
    sb += B[i] * (double)(i % 5 + 1);
  }
  for (int i = 0; i < n; i++) sv += v[i];
  printf("calls %lld\n", g_calls);
  printf("trace %lld\n", g_trace);
  printf("A_sum %.17g\n", s);
  printf("A_wsum %.17g\n", w);
  printf("B_wsum %.17g\n", sb);
  printf("v_sum %.17g\n", sv);
  printf("A[last][last] %.17g\n", A[n * n - 1]);
  printf("B[mid][1] %.17g\n", B[(n / 2) * n + (n > 1 ? 1 : 0)]);
  free(A); free(B); free(v);
  return 0;
}
