/* Shared helpers of Tessera's benchmark kernels: run-time sizes from argv,
 * allocation, a monotonic timer, deterministic initial values and the
 * checksum. Every program includes it once, so everything here is static inline.
 *
 * Each program prints exactly two lines on stdout, which scripts/bench
 * parses:
 *   checksum <weighted sum of the outputs, %.10e>
 *   time <seconds spent in the kernel call only, %.6f>
 */
#ifndef TESSERA_BENCH_H
#define TESSERA_BENCH_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Fixed-size builds. By default every size comes from argv, so an optimizer
 * sees parametric loop bounds as real programs have them. Compiled with
 * -DFIXED_N=<n> (and optionally -DFIXED_T=<t>), the same source is built
 * with its sizes as compile-time constants: bench_arg returns FIXED_N for the
 * first argument and FIXED_T (or the default) for the others, ignoring argv,
 * and BENCH_KERNEL makes the kernel static, so that the constant sizes main
 * passes (and every size derived from them) become constants inside the
 * kernel (loop bounds, VLA strides), as if written with #define'd sizes. */
#ifdef FIXED_N
#define BENCH_KERNEL static __attribute__((noinline))
#else
#define BENCH_KERNEL __attribute__((noinline))
#endif

#ifdef FIXED_N
/* A macro, so that main's sizes are constant expressions from the start
 * (IPSCCP, which makes the kernel's arguments constants, runs before any
 * inlining). */
#ifdef FIXED_T
#define bench_arg(argc, argv, idx, dflt) ((void)(argc), (void)(argv), (idx) == 1 ? (FIXED_N) : (FIXED_T))
#else
#define bench_arg(argc, argv, idx, dflt) ((void)(argc), (void)(argv), (idx) == 1 ? (FIXED_N) : (dflt))
#endif
#else
/* argv[idx] as a positive int, or dflt when it is absent. */
static inline int bench_arg(int argc, char **argv, int idx, int dflt) {
  if (argc <= idx)
    return dflt;
  char *end;
  long v = strtol(argv[idx], &end, 10);
  if (*end != '\0' || v <= 0 || v > INT32_MAX) {
    fprintf(stderr, "%s: argument %d must be a positive integer, not '%s'\n", argv[0], idx,
            argv[idx]);
    exit(2);
  }
  return (int)v;
}
#endif

/* malloc for `count` doubles that never returns NULL: a benchmark has no
 * way to go on without its arrays. */
static inline void *bench_alloc(size_t count) {
  if (count > SIZE_MAX / sizeof(double)) {
    fprintf(stderr, "bench: array of %zu doubles is too large\n", count);
    exit(2);
  }
  void *p = malloc(count * sizeof(double) + (count == 0));
  if (!p) {
    fprintf(stderr, "bench: out of memory for %zu doubles\n", count);
    exit(2);
  }
  return p;
}

/* A -fopenmp build starts the OpenMP runtime's team (a team that does
 * nothing) when the program starts, so that its one-time start-up is not
 * counted in the kernel call timed, as OpenBLAS starts its threads when it
 * is loaded. A program pays it once, at its first parallel region, as it
 * pays the allocation and initialisation that are not timed either. Two
 * parts of it: creating the threads, 1 to 3 ms here (at the quick sizes it
 * made every -fopenmp build look several times slower than the same code
 * without OpenMP: covariance at n = 120, 2.9 ms against 0.3 ms warmed); and
 * placing them: Linux starts a new thread on its parent's core and its load
 * balancer moves it a few milliseconds later, so a team started just
 * before the timer shared one core for the first ~10 ms of the kernel in
 * about half the runs (gemm at n = 1000 on two threads: 21-22 ms or 30-38
 * ms from run to run; started here, before the arrays are filled, 21-22
 * ms). */
#ifdef _OPENMP
static volatile int bench_team_size; /* read by no one: keeps the team */

__attribute__((constructor)) static void bench_start_team(void) {
  int threads = 0;
#pragma omp parallel reduction(+ : threads)
  threads += 1;
  bench_team_size = threads;
}
#endif

static inline double bench_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Fills a rows x cols row-major block with small integers reduced modulo
 * `mod` and divided by it, so every value lies in [0, 1), is exactly the
 * same in every build, and sums stay bounded. `salt` makes arrays of one
 * program differ; the i*j term keeps rows from being plain shifts of each
 * other (which would make some kernels' results degenerate). */
static inline void bench_fill(double *x, long rows, long cols, int salt, long mod) {
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) {
      long v = i * (2 * salt + 3) + j * (salt + 5) + (i * j) % 11 + salt;
      x[i * cols + j] = (double)(v % mod) / (double)mod;
    }
}

/* Adds `amount` to the diagonal of an n x n row-major matrix: makes it
 * diagonally dominant, so factorizations and solves need no pivoting and
 * never divide by (almost) zero. */
static inline void bench_boost_diagonal(double *x, long n, double amount) {
  for (long i = 0; i < n; i++)
    x[i * n + i] += amount;
}

/* Weighted sum of `count` doubles. The weights make a permuted or misplaced
 * element change the result, which a plain sum would not notice. The order
 * is fixed, so builds that keep the kernel's floating-point operations
 * (no reassociation) print the same value. */
static inline double bench_checksum(const double *x, long count) {
  double s = 0;
  for (long k = 0; k < count; k++)
    s += x[k] * (double)(1 + k % 17);
  return s;
}

static inline void bench_report(double checksum, double seconds) {
  printf("checksum %a\n", checksum); /* exact: compared bit for bit */
  printf("time %.6f\n", seconds);
}

#endif
