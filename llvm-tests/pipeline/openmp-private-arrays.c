// A loop whose only carried dependences are those of a scratch row it
// rewrites in every iteration (a batched contraction: each row of T times
// C through `sum`, written back in place) runs on threads, each thread on
// a copy of the row on its stack (sched::private, codegen::private): the
// loop tree says so, the remark names the array, and the thread's function
// allocates the copy (sized at run time, freed on return). A row summed across
// iterations keeps its loop on the calling thread (the inner loops run on
// threads instead).
// RUN: %clang -O1 -Xclang -disable-llvm-passes -emit-llvm -S %s -o %t.ll
// RUN: %opt -passes='function(sroa,mem2reg,instcombine,simplifycfg,loop-simplify,lcssa,loop-rotate,loop-mssa(licm),indvars)' %t.ll -S -o %t.simple.ll
// RUN: %optt -passes='function(print<tessera-ast>)' -disable-output %t.simple.ll 2>&1 | FileCheck %s --check-prefix=AST
// RUN: %clang -O3 -fopenmp -fpass-plugin=%tessera -mllvm -tessera-thread-only-growth=10000 -Rpass=tessera -mllvm -tessera-check-schedules %s -S -emit-llvm -o - 2>&1 | FileCheck %s

// AST-LABEL: SCoP in 'contract'
// AST: // parallel with a copy per thread of array
// AST-NEXT: for (t{{[0-9]+}} = 0;
// AST-LABEL: SCoP in 'running'
// AST-NOT: copy per thread
// AST: for (t{{[0-9]+}} = 0;

// CHECK: private-arrays.c:[[@LINE+6]]:3: remark: SCoP rewritten: {{.*}}; line [[@LINE+6]], {{.*}} on OpenMP threads{{.*}}each thread with its own copy of
// CHECK-NOT: each thread with its own copy
// CHECK: define internal void @contract.tessera.par(
// CHECK: alloca i8, i64 %{{.*}}, align 64

void contract(int nr, int nq, int np, double (*A)[nq][np], double (*C)[np], double *sum) {
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int k = 0; k < np; k++)
          sum[p] = sum[p] + C[k][p] * A[r][q][k];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}

void running(int n, int m, double (*X)[m], double (*Y)[m], double *row) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      row[j] += X[i][j];
    for (int j = 0; j < m; j++)
      Y[i][j] = row[j] * 0.5;
  }
}
