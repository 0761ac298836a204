/* Loop patterns of the kind vectorizing compilers are tested on, with
 * sizes fixed at compile time (one module of many small kernels, each run
 * a few times between calls to an opaque function, as such suites do):
 * recurrences and anti-dependences, offsets, strides and reversals,
 * induction variables and wrap-around scalars, a 16-bit counter,
 * conditionals, packing and early exits, reductions (sum, dot, max with
 * its index, product), two-dimensional nests along rows, columns,
 * diagonals and wavefronts, triangular and imperfect nests, transposes,
 * matrix-vector and matrix products, gathers and scatters, fusable loops,
 * a manually unrolled loop, a masked lower bound. Written for this
 * project from the patterns' descriptions. Each group of kernels prints
 * one hash of every array and running value after it.
 * Built with every SCoP rewritten, paid or not, and the module's work
 * limit lifted, so that each pattern goes through code generation.
 * e2e-plugin-flags: -mllvm -tessera-work-per-instruction=0 -mllvm -tessera-rewrite-all
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEN 4000
#define LEN2 64
#define NI __attribute__((noinline))
typedef float real;
__attribute__((aligned(64))) real a[LEN], b[LEN], c[LEN], d[LEN], e[LEN], aa[LEN2][LEN2], bb[LEN2][LEN2], cc[LEN2][LEN2], tt[LEN2][LEN2];
int ip[LEN];
/* Called through a volatile pointer: the optimizer cannot see that it
 * does nothing, so every repetition runs the whole loop. */
NI static int dummy_impl(real *p, real *q, real (*m)[LEN2], real s) { return p == q && m == 0 && s > 0; }
static int (*volatile dummy)(real *, real *, real (*)[LEN2], real) = dummy_impl;
#define DUMMY dummy(a, b, aa, 0.f)
static void init(void) {
  for (int i = 0; i < LEN; i++) {
    a[i] = 1.0f / (i + 1); b[i] = 0.5f + (i % 7) * 0.125f; c[i] = (i % 5 == 0) ? -1.0f : 0.25f * (i % 3);
    d[i] = 1.0f + (i % 11) * 0.01f; e[i] = (i & 1) ? 0.5f : -0.5f; ip[i] = (i * 7919) % LEN;
  }
  for (int i = 0; i < LEN2; i++)
    for (int j = 0; j < LEN2; j++) {
      aa[i][j] = 1.0f / (i + j + 1); bb[i][j] = ((i * 3 + j) % 13) * 0.0625f; cc[i][j] = (i == j) ? 1.0f : 0.001f * ((i + 2 * j) % 17);
      tt[i][j] = 0.0f;
    }
}
static unsigned long long fold(unsigned long long h, const void *p, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++) { h ^= s[i]; h *= 1099511628211ull; }
  return h;
}
static unsigned long long hash_all(unsigned long long h) {
  h = fold(h, a, sizeof a); h = fold(h, b, sizeof b); h = fold(h, c, sizeof c); h = fold(h, d, sizeof d); h = fold(h, e, sizeof e);
  h = fold(h, aa, sizeof aa); h = fold(h, bb, sizeof bb); h = fold(h, cc, sizeof cc); h = fold(h, tt, sizeof tt);
  return fold(h, ip, sizeof ip);
}
real sink;
/* --- one-dimensional: dependences --- */
NI void k_rec(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN - 1; i++) a[i + 1] = a[i] * 0.999f + b[i]; DUMMY; } }
NI void k_anti(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN - 1; i++) a[i] = a[i + 1] + b[i]; DUMMY; } }
NI void k_two_stmt(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 1; i < LEN - 1; i++) { a[i] = b[i - 1] + c[i] * d[i]; b[i] = b[i + 1] - e[i] * d[i]; } DUMMY; } }
NI void k_order(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN - 1; i++) { a[i] = b[i] * c[i]; b[i] = a[i + 1] * d[i]; } DUMMY; } }
NI void k_offset(int reps, int k) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN - k; i++) a[i] = a[i + k] + b[i]; DUMMY; } }
NI void k_offset_neg(int reps, int k) { for (int nl = 0; nl < reps; nl++) { for (int i = k; i < LEN; i++) a[i] = a[i - k] * 0.5f + b[i]; DUMMY; } }
NI void k_reverse(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = LEN - 1; i >= 0; i--) a[i] = b[i] + c[i] * d[i]; DUMMY; } }
NI void k_stride(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN / 2; i++) a[2 * i] = a[2 * i + 1] + b[i]; DUMMY; } }
NI void k_halves(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN / 2; i++) a[i] = a[i + LEN / 2] + b[i]; DUMMY; } }
NI void k_mirror(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN; i++) a[i] = a[LEN - 1 - i] + b[i]; DUMMY; } }
/* --- induction variables and wrap-around scalars --- */
NI void k_ind(int reps) { for (int nl = 0; nl < reps; nl++) { int j = -1; for (int i = 0; i < LEN; i++) { j++; a[j] = b[i] + c[i]; } DUMMY; } }
NI void k_ind2(int reps) { for (int nl = 0; nl < reps; nl++) { int j = 0; for (int i = 0; i < LEN / 2; i++) { a[j] = b[i]; a[j + 1] = c[i]; j += 2; } DUMMY; } }
NI void k_wrap(int reps) { for (int nl = 0; nl < reps; nl++) { int im1 = LEN - 1; for (int i = 0; i < LEN; i++) { a[i] = (b[i] + b[im1]) * 0.5f; im1 = i; } DUMMY; } }
NI void k_wrap2(int reps) { for (int nl = 0; nl < reps; nl++) { int im1 = LEN - 1, im2 = LEN - 2; for (int i = 0; i < LEN; i++) { a[i] = (b[i] + b[im1] + b[im2]) * 0.333f; im2 = im1; im1 = i; } DUMMY; } }
NI void k_scalar_carry(int reps) { for (int nl = 0; nl < reps; nl++) { real x = b[LEN - 1]; for (int i = 0; i < LEN; i++) { a[i] = (b[i] + x) * 0.5f; x = b[i]; } DUMMY; } }
NI void k_short_ind(int reps) { for (int nl = 0; nl < reps; nl++) { short k = 0; for (int i = 0; i < LEN / 2; i++) { a[k] += b[i]; k = (short)(k + 1); } DUMMY; } }
/* --- control flow --- */
NI void k_if(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN; i++) if (c[i] > 0.f) a[i] = b[i] * c[i]; else a[i] = b[i] - d[i]; DUMMY; } }
NI void k_if_carried(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 1; i < LEN; i++) { if (a[i - 1] > 0.5f) a[i] = a[i - 1] * 0.5f + b[i]; else a[i] = b[i]; } DUMMY; } }
NI void k_pack(int reps) { for (int nl = 0; nl < reps; nl++) { int j = 0; for (int i = 0; i < LEN; i++) if (c[i] > 0.f) a[j++] = b[i]; sink += j; DUMMY; } }
NI void k_break(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN; i++) { if (d[i] > 1.2f) break; a[i] = b[i] + c[i]; } DUMMY; } }
NI void k_min_bound(int reps, int n) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < (n < LEN ? n : LEN); i++) a[i] = b[i] * 2.0f + c[i]; DUMMY; } }
/* --- reductions --- */
NI void k_sum(int reps) { for (int nl = 0; nl < reps; nl++) { real s = 0; for (int i = 0; i < LEN; i++) s += a[i]; sink += s; DUMMY; } }
NI void k_dot(int reps) { for (int nl = 0; nl < reps; nl++) { real s = 0; for (int i = 0; i < LEN; i++) s += a[i] * b[i]; sink += s; DUMMY; } }
NI void k_max_idx(int reps) { for (int nl = 0; nl < reps; nl++) { real m = a[0]; int k = 0; for (int i = 1; i < LEN; i++) if (b[i] > m) { m = b[i]; k = i; } sink += m + k; DUMMY; } }
NI void k_prod(int reps) { for (int nl = 0; nl < reps; nl++) { real p = 1; for (int i = 0; i < 64; i++) p *= d[i]; sink += p; DUMMY; } }
NI void k_sum2d(int reps) { for (int nl = 0; nl < reps; nl++) { real s = 0; for (int i = 0; i < LEN2; i++) for (int j = 0; j < LEN2; j++) s += aa[i][j]; sink += s; DUMMY; } }
NI void k_colsum(int reps) { for (int nl = 0; nl < reps; nl++) { for (int j = 0; j < LEN2; j++) { real s = 0; for (int i = 0; i < LEN2; i++) s += aa[i][j]; a[j] = s; } DUMMY; } }
/* --- two-dimensional --- */
NI void k_2d_rowdep(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 1; i < LEN2; i++) for (int j = 0; j < LEN2; j++) aa[i][j] = aa[i - 1][j] + bb[i][j]; DUMMY; } }
NI void k_2d_coldep(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN2; i++) for (int j = 1; j < LEN2; j++) aa[i][j] = aa[i][j - 1] * 0.5f + bb[i][j]; DUMMY; } }
NI void k_2d_transposed(int reps) { for (int nl = 0; nl < reps; nl++) { for (int j = 1; j < LEN2; j++) for (int i = 0; i < LEN2; i++) aa[i][j] = aa[i][j - 1] + bb[i][j]; DUMMY; } }
NI void k_2d_wave(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 1; i < LEN2; i++) for (int j = 1; j < LEN2; j++) aa[i][j] = (aa[i - 1][j] + aa[i][j - 1]) * 0.5f; DUMMY; } }
NI void k_2d_diag(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 1; i < LEN2; i++) for (int j = 1; j < LEN2; j++) aa[i][j] = aa[i - 1][j - 1] + bb[i][j]; DUMMY; } }
NI void k_2d_mixed(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN2; i++) for (int j = 0; j < LEN2; j++) aa[i][j] = aa[i][j] * cc[j][i] + bb[i][j]; DUMMY; } }
NI void k_2d_tri(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN2; i++) for (int j = i; j < LEN2; j++) aa[i][j] = bb[i][j] + cc[i][j] * aa[j][i]; DUMMY; } }
NI void k_2d_imperfect(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN2; i++) { for (int j = 0; j < LEN2; j++) aa[j][i] = aa[j][i] + bb[j][i] * a[j]; a[i] = b[i] + c[i] * d[i]; } DUMMY; } }
NI void k_2d_vec_in(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 1; i < LEN2; i++) { for (int j = 1; j < LEN2; j++) aa[j][i] = aa[j - 1][i] + cc[j][i]; for (int j = 1; j < LEN2; j++) bb[i][j] = bb[i - 1][j] + cc[i][j]; } DUMMY; } }
NI void k_2d_scalar_exp(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN2; i++) for (int j = 0; j < LEN2; j++) { real s = bb[j][i] * cc[j][i]; aa[j][i] = s + 1.0f; tt[i][j] = s * 0.5f; } DUMMY; } }
NI void k_transpose(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN2; i++) for (int j = 0; j < LEN2; j++) tt[i][j] = aa[j][i]; for (int i = 0; i < LEN2; i++) for (int j = 0; j < LEN2; j++) aa[i][j] = tt[i][j] * 0.5f + bb[i][j]; DUMMY; } }
NI void k_matvec(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN2; i++) { real s = 0; for (int j = 0; j < LEN2; j++) s += aa[i][j] * b[j]; a[i] = s; } DUMMY; } }
NI void k_matvec_t(int reps) { for (int nl = 0; nl < reps; nl++) { for (int j = 0; j < LEN2; j++) a[j] = 0; for (int i = 0; i < LEN2; i++) for (int j = 0; j < LEN2; j++) a[j] += aa[i][j] * b[i]; DUMMY; } }
NI void k_matmul(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN2; i++) for (int j = 0; j < LEN2; j++) { real s = 0; for (int k = 0; k < LEN2; k++) s += bb[i][k] * cc[k][j]; tt[i][j] = s; } DUMMY; } }
/* --- indirect and other --- */
NI void k_gather(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN; i++) a[i] = b[ip[i]] + c[i]; DUMMY; } }
NI void k_scatter(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN; i++) a[ip[i]] = b[i] + c[i]; DUMMY; } }
NI void k_fuse(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN; i++) a[i] = b[i] + c[i]; for (int i = 0; i < LEN; i++) d[i] = a[i] * e[i]; for (int i = 0; i < LEN; i++) e[i] = d[i] - a[i]; DUMMY; } }
NI void k_unrolled(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN; i += 4) { a[i] = b[i] + c[i]; a[i + 1] = b[i + 1] + c[i + 1]; a[i + 2] = b[i + 2] + c[i + 2]; a[i + 3] = b[i + 3] + c[i + 3]; } DUMMY; } }
NI void k_mask(int reps, int t) { for (int nl = 0; nl < reps; nl++) { for (int i = 6 - (t & 7); i < LEN; i++) a[i] = b[i] * 3.0f; DUMMY; } }
NI void k_shift_int(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN; i++) ip[i] = (ip[i] * 3 + (i >> 2)) & (0x7fff); DUMMY; } }
NI void k_tri_solve(int reps) { for (int nl = 0; nl < reps; nl++) { for (int i = 0; i < LEN2; i++) { real s = b[i]; for (int j = 0; j < i; j++) s -= aa[i][j] * a[j]; a[i] = s / (aa[i][i] + 2.0f); } DUMMY; } }
typedef void (*kfn)(int);
struct kernel { const char *group; kfn f; };
static void k_offset1(int reps) { k_offset(reps, 1); }
static void k_offset_neg3(int reps) { k_offset_neg(reps, 3); }
static void k_min_bound_arg(int reps) { k_min_bound(reps, LEN / 2 + 17); }
static void k_mask13(int reps) { k_mask(reps, 13); }
static void k_mask2(int reps) { k_mask(reps, 2); }
static const struct kernel ks[] = {
  {"deps", k_rec}, {"deps", k_anti}, {"deps", k_two_stmt}, {"deps", k_order}, {"deps", k_reverse}, {"deps", k_stride}, {"deps", k_halves}, {"deps", k_mirror},
  {"deps", k_offset1}, {"deps", k_offset_neg3},
  {"induction", k_ind}, {"induction", k_ind2}, {"induction", k_wrap}, {"induction", k_wrap2}, {"induction", k_scalar_carry}, {"induction", k_short_ind},
  {"control", k_if}, {"control", k_if_carried}, {"control", k_pack}, {"control", k_break}, {"control", k_min_bound_arg}, {"control", k_mask13}, {"control", k_mask2},
  {"reductions", k_sum}, {"reductions", k_dot}, {"reductions", k_max_idx}, {"reductions", k_prod}, {"reductions", k_sum2d}, {"reductions", k_colsum},
  {"two_d", k_2d_rowdep}, {"two_d", k_2d_coldep}, {"two_d", k_2d_transposed}, {"two_d", k_2d_wave}, {"two_d", k_2d_diag}, {"two_d", k_2d_mixed},
  {"two_d", k_2d_tri}, {"two_d", k_2d_imperfect}, {"two_d", k_2d_vec_in}, {"two_d", k_2d_scalar_exp}, {"two_d", k_transpose},
  {"linear_algebra", k_matvec}, {"linear_algebra", k_matvec_t}, {"linear_algebra", k_matmul}, {"linear_algebra", k_tri_solve},
  {"other", k_gather}, {"other", k_scatter}, {"other", k_fuse}, {"other", k_unrolled}, {"other", k_shift_int},
};
int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 3;
  if (reps < 1) reps = 1;
  if (reps > 50) reps = 50;
  unsigned long long total = 1469598103934665603ull, group = total;
  for (unsigned q = 0; q < sizeof ks / sizeof ks[0]; q++) {
    init();
    sink = 0;
    ks[q].f(reps);
    group = hash_all(group);
    group = fold(group, &sink, sizeof sink);
    if (q + 1 == sizeof ks / sizeof ks[0] || strcmp(ks[q].group, ks[q + 1].group)) {
      printf("%s %llu\n", ks[q].group, group);
      total = fold(total, &group, sizeof group);
      group = 1469598103934665603ull;
    }
  }
  printf("total %llu\n", total);
  return 0;
}
