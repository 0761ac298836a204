/* LD_PRELOAD wrapper of GOMP_parallel (the entry Tessera's OpenMP code
 * forks through): times each thread's share of every fork and prints at
 * exit how evenly the threads were loaded. Used by scripts/omp-balance. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_THREADS 256

typedef void (*body_fn)(void *);
struct timed { body_fn fn; void *data; double busy[MAX_THREADS]; };

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void run_timed(void *p) {
  struct timed *w = p;
  double start = now();
  w->fn(w->data);
  int tid = omp_get_thread_num();
  if (tid < MAX_THREADS)
    w->busy[tid] = now() - start;
}

static long forks;
static int widest;
static double wall, slowest_sum, busy_sum;

static void report(void) {
  if (!forks)
    return;
  fprintf(stderr, "omp-balance: %ld forks, %.4f s in them; the slowest thread's share %.4f s, all threads' %.4f s: %.1f%% of %d threads busy\n",
          forks, wall, slowest_sum, busy_sum, 100.0 * busy_sum / (widest * slowest_sum), widest);
}

void GOMP_parallel(body_fn fn, void *data, unsigned nthreads, unsigned flags) {
  static void (*real)(body_fn, void *, unsigned, unsigned);
  if (!real) {
    real = (void (*)(body_fn, void *, unsigned, unsigned))dlsym(RTLD_NEXT, "GOMP_parallel");
    atexit(report);
  }
  struct timed w = {fn, data, {0}};
  double start = now();
  real(run_timed, &w, nthreads, flags);
  wall += now() - start;
  forks++;
  int team = omp_get_max_threads() < MAX_THREADS ? omp_get_max_threads() : MAX_THREADS;
  double slowest = 0;
  for (int i = 0; i < team; i++) {
    slowest = w.busy[i] > slowest ? w.busy[i] : slowest;
    busy_sum += w.busy[i];
  }
  slowest_sum += slowest;
  widest = team > widest ? team : widest;
  if (getenv("OMP_BALANCE_EACH")) {
    fprintf(stderr, "omp-balance: fork %ld:", forks);
    for (int i = 0; i < team; i++)
      fprintf(stderr, " %.4f", w.busy[i]);
    fprintf(stderr, "\n");
  }
}
