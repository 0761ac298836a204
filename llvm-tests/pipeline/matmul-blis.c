// A matrix product takes the BLIS path: the remark names the statement, the
// micro-kernel's MRxNR (from the target's vector width and register count)
// and the blocks (from the cache sizes); -tessera-matmul=0 tiles it as any
// nest. The programs built with it, at sizes that are not multiples of
// the blocks, print bit for bit what plain -O3 prints, on one and two
// threads (-O0 would not contract the products into FMAs).
//
// RUN: %clang -O3 -g -march=x86-64-v4 -fpass-plugin=%tessera -mllvm -tessera-l2-cache-kib=1024 -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AVX512
// RUN: %clang -O3 -march=x86-64-v4 -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s --check-prefix=WIDE
// RUN: %clang -O3 -march=x86-64-v3 -fpass-plugin=%tessera -fno-discard-value-names -S -emit-llvm %s -o - | FileCheck %s --check-prefix=SHAPES
// RUN: %clang -O3 -g -march=x86-64-v3 -fpass-plugin=%tessera -mllvm -tessera-l2-cache-kib=256 -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AVX2
// RUN: %clang -O3 -g -march=x86-64-v3 -fpass-plugin=%tessera -mllvm -tessera-l2-cache-kib=256 -mllvm -tessera-l3-cache-kib=2048 -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=L3
// RUN: %clang -O3 -g -march=x86-64-v4 -fpass-plugin=%tessera -mllvm -tessera-matmul=0 -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %clang -O3 -march=native -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -march=native -fopenmp -DMAIN -fpass-plugin=%tessera %s -o %t.blis && env OMP_NUM_THREADS=1 %t.blis > %t.1.out && diff %t.ref.out %t.1.out && env OMP_NUM_THREADS=2 %t.blis > %t.2.out && diff %t.ref.out %t.2.out
// Under AddressSanitizer, whose aligned_alloc refuses a size that is not a
// multiple of the alignment (C11 asks for one):
// RUN: %clang -O3 -march=native -fsanitize=address -DMAIN -fpass-plugin=%tessera %s -o %t.asan && env ASAN_OPTIONS=detect_leaks=0 %t.asan > %t.asan.out && diff %t.ref.out %t.asan.out
// RUN: %clang -O3 -march=native -DMAIN -fpass-plugin=%tessera -mllvm -tessera-l1-cache-kib=1 -mllvm -tessera-l2-cache-kib=16 -mllvm -tessera-l3-cache-kib=64 %s -o %t.small && %t.small > %t.small.out && diff %t.ref.out %t.small.out

void mm(int n, int m, int p, double A[n][p], double B[p][m], double C[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][j] += A[i][k] * B[k][j];
}

// x86-64-v4's vectorizers prefer 256-bit vectors, but the micro-kernel
// uses the 512-bit registers AVX-512 has: 32 registers of 8 doubles.
// The square A block in half the L2 (256) is longer than the B
// micro-panel the L1 holds (32 KiB / 24 doubles: 170); B's panels take a
// quarter of the L3 (8 MiB when the target does not say).
// AVX512: remark: SCoP rewritten: {{.*}}; matrix product S1 (line {{[0-9]+}}) in BLIS blocks: packed panels, 8x24 micro-kernel, kc 256 mc 256 nc 1008
// The function is marked so that the backend keeps them whole:
// WIDE: <8 x double>
// WIDE: attributes #{{[0-9]+}} = { {{.*}}"min-legal-vector-width"="512"
// On AVX2 the B micro-panel the L1 holds is the longer (512 steps of 8
// doubles): the A block is 30 rows of it in half the L2.
// AVX2: remark: SCoP rewritten: {{.*}}; matrix product S1 (line {{[0-9]+}}) in BLIS blocks: packed panels, 6x8 micro-kernel, kc 512 mc 30 nc 512
// L3: remark: SCoP rewritten: {{.*}}; matrix product S1 (line {{[0-9]+}}) in BLIS blocks: packed panels, 6x8 micro-kernel, kc 512 mc 30 nc 128
// The packing buffer's size is rounded up to a multiple of its alignment
// (the mask -64, which InstCombine narrows to the bits the size can have):
// SHAPES: %[[SIZE:total[0-9]*]] = and i64 %total{{[0-9]*}}, {{-64|[0-9]+}}
// SHAPES-NEXT: = tail call ptr @aligned_alloc(i64 64, i64 %[[SIZE]])
// On a 32-bit target the sizes are 32-bit, as its size_t (i64 arguments
// would be passed as two words each):
// RUN: %clang --target=i686-linux-gnu -O3 -fpass-plugin=%tessera -S -emit-llvm %s -o - | FileCheck %s --check-prefix=I686
// I686: call ptr @aligned_alloc(i32 64, i32 %{{.*}})
// I686: declare ptr @aligned_alloc(i32, i32)
// -ffreestanding (and -fno-builtin) mark the function "no-builtins": there
// may be no aligned_alloc to link against, and the product is tiled instead.
// RUN: %clang -O3 -march=x86-64-v3 -ffreestanding -fpass-plugin=%tessera -Rpass=tessera -S -emit-llvm %s -o - 2>&1 | FileCheck %s --check-prefix=FREE
// FREE: remark: SCoP rewritten: {{.*}}; tiled
// FREE-NOT: aligned_alloc
// The loops around the micro-kernel are never unrolled, and those over at
// most MR or NR lanes (B's packing along its lanes, the edge copies) are
// not vectorized or interleaved either: only the kernel's k loop is LLVM's
// to unroll.
// SHAPES-DAG: label %matmul.packb.in{{[.a-z]*}}, !llvm.loop [[FEW:![0-9]+]]
// SHAPES-DAG: label %matmul.edge.j{{[.a-z]*}}, !llvm.loop [[FEW2:![0-9]+]]
// SHAPES-DAG: label %matmul.pc, label %matmul.pc.exit, !llvm.loop [[ROLLED:![0-9]+]]
// SHAPES-DAG: [[NO_UNROLL:![0-9]+]] = !{!"llvm.loop.unroll.disable"}
// SHAPES-DAG: [[WIDTH1:![0-9]+]] = !{!"llvm.loop.vectorize.width", i32 1}
// SHAPES-DAG: [[ONCE:![0-9]+]] = !{!"llvm.loop.interleave.count", i32 1}
// SHAPES-DAG: [[FEW]] = distinct !{[[FEW]], [[WIDTH1]], [[ONCE]], [[NO_UNROLL]]}
// SHAPES-DAG: [[FEW2]] = distinct !{[[FEW2]], [[WIDTH1]], [[ONCE]], [[NO_UNROLL]]}
// SHAPES-DAG: [[ROLLED]] = distinct !{[[ROLLED]], [[NO_UNROLL]]}
// OFF: remark: SCoP rewritten: {{.*}}; tiled
// OFF-NOT: matrix product

#ifdef MAIN
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 203, m = 95, p = 301;
  double (*A)[p] = malloc(sizeof(double[n][p])), (*B)[m] = malloc(sizeof(double[p][m])), (*C)[m] = malloc(sizeof(double[n][m]));
  for (int i = 0; i < n; i++)
    for (int k = 0; k < p; k++)
      A[i][k] = (i * 5 + k) % 9 * 0.37 - 1;
  for (int k = 0; k < p; k++)
    for (int j = 0; j < m; j++)
      B[k][j] = ((k + 2 * j) % 7 - 3) * 0.11;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      C[i][j] = (i + j) % 5 * 0.5;
  mm(n, m, p, A, B, C);
  for (int i = 0; i < n; i += 17)
    for (int j = 0; j < m; j += 7)
      printf("%a\n", C[i][j]);
  printf("%a %a\n", C[n - 1][m - 1], C[n - 1][0]);
  return 0;
}
#endif
