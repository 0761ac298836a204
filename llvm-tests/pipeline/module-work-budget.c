// A library's file of many routines gets the polyhedral work its size
// pays for (cost::work), not the floor a file of one kernel gets: eight
// in-place triangular products of complex numbers, one routine per case
// (as a BLAS's trmm is written), are 632 instructions, and planning all
// eight spends 4.4e8 work units: a compile of 0.35 s where -O3 takes 0.10. The first nests are planned and rewritten; the one planned
// when the allowance runs out says so, and the later ones are left alone
// with a remark naming the budget and the option that lifts it. With
// -tessera-work-per-instruction=0 every nest is planned. Both builds print
// what plain -O3 prints.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-verbose=1 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-work-per-instruction=0 -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIFTED --implicit-check-not='budget for polyhedral work'
// RUN: %clang -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera %s -o %t && %t > %t.out && diff %t.ref.out %t.out
// RUN: %clang -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-work-per-instruction=0 %s -o %t.all && %t.all > %t.all.out && diff %t.ref.out %t.all.out

// CHECK: tessera: module of {{[0-9]+}} instruction(s): {{.*}}; polyhedral work allowed {{[0-9]+}} units
// CHECK: module-work-budget.c:[[@LINE+24]]:1: remark: SCoP rewritten:
// CHECK: module-work-budget.c:[[@LINE+24]]:1: remark: SCoP rewritten:
// CHECK: remark: SCoP not transformed: {{.*}}exceeded its work budget (on what was left of the module's budget for polyhedral work, {{[0-9]+}} work units in proportion to its size; -mllvm -tessera-work-per-instruction raises it, 0 lifts it)
// CHECK: module-work-budget.c:[[@LINE+24]]:1: remark: SCoP not transformed: the module's budget for polyhedral work is spent ({{[0-9]+}} work units in proportion to its size; -mllvm -tessera-work-per-instruction raises it, 0 lifts it)
// LIFTED-COUNT-4: remark: SCoP rewritten:
#define RE(X, i) (X)[2 * (i)]
#define IM(X, i) (X)[2 * (i) + 1]
#define CASE(F, I0, IN, KLO, KHI, AIK)                                         \
  void F(int n1, int n2, double alr, double ali, const double *a, int lda,     \
         double *b, int ldb) {                                                 \
    for (int i = I0; IN;) {                                                    \
      for (int j = 0; j < n2; j++) {                                           \
        double tr = RE(b, i * ldb + j), ti = IM(b, i * ldb + j);               \
        for (int k = KLO; k < KHI; k++) {                                      \
          double ar = RE(a, AIK), ai = IM(a, AIK);                             \
          double br = RE(b, k * ldb + j), bi = IM(b, k * ldb + j);             \
          tr += ar * br - ai * bi;                                             \
          ti += ar * bi + ai * br;                                             \
        }                                                                      \
        RE(b, i * ldb + j) = alr * tr - ali * ti;                              \
        IM(b, i * ldb + j) = alr * ti + ali * tr;                              \
      }                                                                        \
    }                                                                          \
  }
CASE(upper_notrans, 0, i++ < n1 - 1, i, n1, i * lda + k)
CASE(upper_trans, n1 - 1, i-- > 0, 0, i, k * lda + i)
CASE(lower_notrans, n1 - 1, i-- > 0, 0, i, i * lda + k)
CASE(lower_trans, 0, i++ < n1 - 1, i, n1, k * lda + i)
CASE(upper_notrans_unit, 0, i++ < n1 - 1, i + 1, n1, i * lda + k)
CASE(upper_trans_unit, n1 - 1, i-- > 0, 0, i - 1, k * lda + i)
CASE(lower_notrans_unit, n1 - 1, i-- > 0, 0, i - 1, i * lda + k)
CASE(lower_trans_unit, 0, i++ < n1 - 1, i + 1, n1, k * lda + i)

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
typedef void Case(int, int, double, double, const double *, int, double *, int);
int main(void) {
  Case *cases[] = {upper_notrans, upper_trans, lower_notrans, lower_trans,
                   upper_notrans_unit, upper_trans_unit, lower_notrans_unit, lower_trans_unit};
  enum { N = 70 };
  double *a = malloc(sizeof(double) * 2 * N * N), *b = malloc(sizeof(double) * 2 * N * N);
  for (int c = 0; c < 8; c++) {
    for (int i = 0; i < 2 * N * N; i++) {
      a[i] = (double)((i * 7 + c) % 13) / 8.0 - 0.75;
      b[i] = (double)((i * 5 + 3 * c) % 11) / 4.0 - 1.25;
    }
    cases[c](N, N - 3, 0.5, -0.25, a, N, b, N);
    double s = 0;
    for (int i = 0; i < 2 * N * N; i++)
      s = s * 0.999 + b[i];
    printf("%d %a\n", c, s);
  }
  free(a);
  free(b);
  return 0;
}
#endif
