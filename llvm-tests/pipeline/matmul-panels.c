// The column panels of matrix products in each regime, set through the L3
// size that decides NC: with a small L3 many narrow panels (dealt whole
// to the threads, or a triangle's in units), with a large one a single
// panel, whose columns the threads share (a triangle's cut into units by
// its own columns). The programs, products with rows of their own
// columns and products of few rows and many columns (tests/e2e), print
// bit for bit what plain -O3 prints, on one and two threads.
//
// RUN: %clang -O3 -march=native %S/../../tests/e2e/programs/matmul_triangular.c -o %t.tri.ref && %t.tri.ref > %t.tri.ref.out
// RUN: %clang -O3 -march=native -fopenmp -fpass-plugin=%tessera -mllvm -tessera-l3-cache-kib=64 %S/../../tests/e2e/programs/matmul_triangular.c -o %t.tri.narrow
// RUN: env OMP_NUM_THREADS=1 %t.tri.narrow > %t.out && diff %t.tri.ref.out %t.out
// RUN: env OMP_NUM_THREADS=2 %t.tri.narrow > %t.out && diff %t.tri.ref.out %t.out
// RUN: %clang -O3 -march=native -fopenmp -fpass-plugin=%tessera -mllvm -tessera-l3-cache-kib=262144 %S/../../tests/e2e/programs/matmul_triangular.c -o %t.tri.wide
// RUN: env OMP_NUM_THREADS=1 %t.tri.wide > %t.out && diff %t.tri.ref.out %t.out
// RUN: env OMP_NUM_THREADS=2 %t.tri.wide > %t.out && diff %t.tri.ref.out %t.out
// RUN: %clang -O3 -march=native %S/../../tests/e2e/programs/matmul_column_shares.c -o %t.cols.ref && %t.cols.ref > %t.cols.ref.out
// RUN: %clang -O3 -march=native -fopenmp -fpass-plugin=%tessera -mllvm -tessera-l3-cache-kib=64 %S/../../tests/e2e/programs/matmul_column_shares.c -o %t.cols.narrow
// RUN: env OMP_NUM_THREADS=2 %t.cols.narrow > %t.out && diff %t.cols.ref.out %t.out
// RUN: %clang -O3 -march=native -fopenmp -fpass-plugin=%tessera -mllvm -tessera-l3-cache-kib=262144 %S/../../tests/e2e/programs/matmul_column_shares.c -o %t.cols.wide
// RUN: env OMP_NUM_THREADS=1 %t.cols.wide > %t.out && diff %t.cols.ref.out %t.out
// RUN: env OMP_NUM_THREADS=2 %t.cols.wide > %t.out && diff %t.cols.ref.out %t.out
// RUN: %clang -O3 -march=native -fpass-plugin=%tessera -mllvm -tessera-l3-cache-kib=64 -Rpass=tessera -c %S/../../tests/e2e/programs/matmul_triangular.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: %clang -O3 -march=native -fpass-plugin=%tessera -mllvm -tessera-l3-cache-kib=262144 -Rpass=tessera -c %S/../../tests/e2e/programs/matmul_triangular.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=WIDE
//
// NARROW: matrix product S{{[0-9]+}} (line {{[0-9]+}}) in BLIS blocks: packed panels, {{[0-9]+}}x{{[0-9]+}} micro-kernel, kc {{[0-9]+}} mc {{[0-9]+}} nc {{[0-9]}}{{[0-9]?}}{{$| }}
// WIDE: matrix product S{{[0-9]+}} (line {{[0-9]+}}) in BLIS blocks: packed panels, {{[0-9]+}}x{{[0-9]+}} micro-kernel, kc {{[0-9]+}} mc {{[0-9]+}} nc {{[0-9][0-9][0-9][0-9]+}}
