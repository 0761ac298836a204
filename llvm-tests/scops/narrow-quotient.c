// RUN: %clang -O3 -g -fpass-plugin=%tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// A quotient -O3 computes in 16 bits (`n / 3` once n is clamped to 5000),
// which SCEV reads zero-extended as `(zext n) /u 3`: the 16-bit division is
// that parameter when n fits in 16 bits, which is checked at run time. The
// row loop was "non-affine subscript: division" before, and the sum over
// n * m named the division where the product of parameters is the reason.

int atoi(const char *);
int printf(const char *, ...);
void *malloc(unsigned long);

// MODEL-LABEL: SCoP in 'main'
// MODEL: assumed (checked at run time): {{.*}}65535
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 30;
  if (n < 1)
    n = 1;
  if (n > 5000)
    n = 5000;
  int m = n / 3 + 4;
  double *p = malloc(sizeof(double) * (unsigned long)n * m);
  // CHECK: narrow-quotient.c:[[@LINE+1]]:3: remark: loop is in a SCoP (2 loop(s), 1 statement(s))
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      p[i * m + j] = (double)((i * 5 + j) % 17);
  double s = 0;
  // CHECK: narrow-quotient.c:[[@LINE+1]]:3: remark: loop not in a SCoP: parameter product: in a loop bound
  for (long i = 0; i < (long)n * m; i++)
    s += p[i];
  printf("%g\n", s);
  return 0;
}
