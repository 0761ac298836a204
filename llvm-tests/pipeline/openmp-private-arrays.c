// A loop whose only carried dependences are those of a scratch row it
// rewrites in every iteration (a batched contraction: each row of T times
// W through `row`, written back in place) runs on threads, each thread on
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

void contract(int n1, int n2, int n3, double (*T)[n2][n3], double (*W)[n3], double *row) {
  for (int a = 0; a < n1; a++)
    for (int b = 0; b < n2; b++) {
      for (int c = 0; c < n3; c++) {
        row[c] = 0.0;
        for (int s = 0; s < n3; s++)
          row[c] += T[a][b][s] * W[s][c];
      }
      for (int c = 0; c < n3; c++)
        T[a][b][c] = row[c];
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
