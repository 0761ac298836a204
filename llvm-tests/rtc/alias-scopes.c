// The new code runs only when the arrays it writes overlap no other array,
// so its loads and stores carry scoped no-alias metadata (one scope per
// array, in a domain of their own): later passes need no checks of their
// own, and LICM may keep an accumulator in a register. The original code,
// which runs when arrays overlap, gets none; neither does a nest of one
// array (nothing to tell apart).
// RUN: %clang -O1 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: %optt -tessera-rewrite-all -passes='function(sroa,instcombine,simplifycfg,loop-simplify,lcssa,loop(loop-rotate),tessera)' -verify-each -S %t.ll | FileCheck %s

// CHECK-LABEL: define {{.*}}void @two(
// CHECK: for.body:
// CHECK-NOT: alias.scope
// CHECK: tessera.loop:
// CHECK: load double, {{.*}}, !alias.scope ![[B:[0-9]+]], !noalias ![[A:[0-9]+]]
// CHECK: load double, {{.*}}, !alias.scope ![[A]], !noalias ![[B]]
// CHECK: store double {{.*}}, !alias.scope ![[A]], !noalias ![[B]]
void two(long n, double *A, double *B) {
  for (long i = 0; i < n; i++)
    A[i] = 2 * B[i] + A[i];
}

// CHECK-LABEL: define {{.*}}void @one(
// CHECK-NOT: alias.scope
// CHECK-LABEL: !llvm.module.flags
void one(long n, double *A) {
  for (long i = 1; i < n; i++)
    A[i] = A[i - 1] + 1.0;
}

// The scopes: each array's own, both in one anonymous domain.
// CHECK-DAG: ![[A]] = !{![[SA:[0-9]+]]}
// CHECK-DAG: ![[B]] = !{![[SB:[0-9]+]]}
// CHECK-DAG: ![[SA]] = distinct !{![[SA]], ![[DOM:[0-9]+]]}
// CHECK-DAG: ![[SB]] = distinct !{![[SB]], ![[DOM]]}
// CHECK-DAG: ![[DOM]] = distinct !{![[DOM]], !"tessera"}
