// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -Rpass-analysis=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -g -fopenmp -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OMP
// Calls of libm functions compiled with errno (the default): their only
// effect is to write errno. sqrt and exp report one value each (EDOM,
// ERANGE), so their calls may be reordered: errno ends up with that value
// if any call failed. log reports EDOM or ERANGE: which one errno keeps
// depends on the order, so its loop is left alone, as is one that calls
// both sqrt and exp. Loops with such calls
// never run on OpenMP threads (errno is per thread).
// The sums of norms' rows advance eight at a time (ast::reduction_jam):
// its loops are the loop of whole groups of rows and the loop of the rows
// past them, each around its loop of j.
// OMP: SCoP rewritten: 4 loop(s), 1 parallelizable (0 run by OpenMP threads)
// OMP: SCoP rewritten: 2 loop(s), 2 parallelizable (0 run by OpenMP threads)

#include <math.h>

void norms(int n, int m, const double (*restrict A)[m], double *restrict out) {
  // CHECK: errno-calls.c:[[@LINE+2]]:3: remark: loop is in a SCoP (2 loop(s), 3 statement(s))
  // CHECK: errno-calls.c:[[@LINE+1]]:3: remark: SCoP rewritten: 4 loop(s), 1 parallelizable {{.*}}; 8 iterations of i at a time along j, each with its own running values (unroll-and-jam)
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++)
      s += A[i][j] * A[i][j];
    out[i] = sqrt(s);
  }
}

void decay(int n, int m, double (*restrict G)[m], const double *restrict rate) {
  // CHECK: errno-calls.c:[[@LINE+2]]:3: remark: loop is in a SCoP (2 loop(s), 2 statement(s))
  // CHECK: errno-calls.c:[[@LINE+1]]:3: remark: SCoP rewritten: 2 loop(s), 2 parallelizable
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      G[i][j] = exp(-rate[i] * j);
}

void logs(int n, double *restrict out, const double *restrict in) {
  // CHECK: errno-calls.c:[[@LINE+1]]:3: remark: loop not in a SCoP: unsupported call: 'log' may access memory or have side effects
  for (int i = 0; i < n; i++)
    out[i] = log(in[i]);
}

void exp_and_root(int n, double *restrict a, double *restrict b, const double *restrict x) {
  // exp reports ERANGE and sqrt EDOM: the last failing call decides which
  // one errno holds, so their order must stay.
  // CHECK: errno-calls.c:[[@LINE+1]]:3: remark: loop not in a SCoP: unsupported call: '{{exp|sqrt}}' and '{{exp|sqrt}}' set errno to different values (their order decides it)
  for (int i = 0; i < n; i++) {
    a[i] = exp(x[i]);
    b[i] = sqrt(x[i]);
  }
}
