// Without OpenMP, a jammed row's copy of a statement weighs a quarter of
// its block in the code-size model (cost::size::JAM_ROW_SHARE): the copies
// stay scalar chains that share their addresses. An edge-smoothing pass
// with four recursive sweeps (each row forward and backward, each column
// forward and backward) then gets all four jammed within one function's
// budget; counted at full weight, each jam took about 350
// instructions here and only the two later sweeps fit their shares (the
// first two were left as they were). With -fopenmp the weight stays whole
// (the floor is twice as large there). The results are bit for bit -O3's.
// RUN: %clang -O3 -fpass-plugin=%tessera -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t && %t > %t.out && diff %t.ref.out %t.out
#include <stdio.h>
#define W 640
#define H 480

static double img[W][H], fwd[W][H], bwd[W][H], out[W][H];

// One recursive sweep per `o` of the outer range: `dst` along `i` (forward
// with FWD, backward with BWD), element `[X][Y]` of the image.
#define FWD(i, n) (int i = 0; i < (n); i++)
#define BWD(i, n) (int i = (n) - 1; i >= 0; i--)
#define SWEEP(dst, a0, O, DIR, I, X, Y) \
  for (int o = 0; o < (O); o++) { \
    double p1 = 0, p2 = 0, q1 = 0; \
    for DIR(i, I) { \
      dst[X][Y] = (a0) * img[X][Y] + b * q1 + c * p1 - 0.125 * p2; \
      q1 = img[X][Y]; \
      p2 = p1; \
      p1 = dst[X][Y]; \
    } \
  }

// CHECK-COUNT-4: remark: SCoP rewritten: {{.*}}8 iterations of line {{[0-9]+}} at a time along line {{[0-9]+}}, each with its own running values (unroll-and-jam)
// CHECK-NOT: more than this nest's share
static void smooth(double a, double b, double c) {
  SWEEP(fwd, a, W, FWD, H, o, i)
  SWEEP(bwd, 0.0, W, BWD, H, o, i)
  for (int x = 0; x < W; x++)
    for (int y = 0; y < H; y++)
      img[x][y] = fwd[x][y] + bwd[x][y];
  SWEEP(fwd, a, H, FWD, W, i, o)
  SWEEP(bwd, 0.0, H, BWD, W, i, o)
  for (int x = 0; x < W; x++)
    for (int y = 0; y < H; y++)
      out[x][y] = 0.5 * (fwd[x][y] + bwd[x][y]);
}

int main(void) {
  for (int x = 0; x < W; x++)
    for (int y = 0; y < H; y++)
      img[x][y] = (double)((x * 7 + y * 13) % 256) / 255.0;
  smooth(0.25, 0.375, 0.5);
  double s = 0;
  for (int x = 0; x < W; x++)
    for (int y = 0; y < H; y++)
      s += out[x][y] * (1 + (x + y) % 7);
  printf("%a\n", s);
  return 0;
}
