/* 2-D finite-difference time-domain (Yee-like) update of three coupled fields
 * ex, ey, hz with a source row driven by a per-step input. Flattened arrays
 * with runtime stride ny. */
#include <stdio.h>
#include <stdlib.h>

static int get_arg(int argc, char **argv, int idx, int def, int lo, int hi) {
  int v = def;
  if (argc > idx) v = atoi(argv[idx]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void fdtd2d_kernel(int tmax, int nx, int ny,
                                             double *ex, double *ey,
                                             double *hz, const double *src) {
  for (int t = 0; t < tmax; t++) {
    for (int j = 0; j < ny; j++)
      ey[j] = src[t];
    for (int i = 1; i < nx; i++)
      for (int j = 0; j < ny; j++)
        ey[i * ny + j] -= 0.5 * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
    for (int i = 0; i < nx; i++)
      for (int j = 1; j < ny; j++)
        ex[i * ny + j] -= 0.5 * (hz[i * ny + j] - hz[i * ny + j - 1]);
    for (int i = 0; i < nx - 1; i++)
      for (int j = 0; j < ny - 1; j++)
        hz[i * ny + j] -= 0.7 * (ex[i * ny + j + 1] - ex[i * ny + j] +
                                 ey[(i + 1) * ny + j] - ey[i * ny + j]);
  }
}

int main(int argc, char **argv) {
  int nx = get_arg(argc, argv, 1, 200, 2, 4000);
  int tmax = get_arg(argc, argv, 2, 40, 0, 100000);
  int ny = nx + nx / 5;
  double *ex = malloc(sizeof(double) * (size_t)nx * ny);
  double *ey = malloc(sizeof(double) * (size_t)nx * ny);
  double *hz = malloc(sizeof(double) * (size_t)nx * ny);
  double *src = malloc(sizeof(double) * (tmax > 0 ? tmax : 1));
  if (!ex || !ey || !hz || !src) return 1;
  for (int t = 0; t < tmax; t++) src[t] = (double)t;
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      ex[i * ny + j] = (double)((i * i + j) % 37) / 37.0;
      ey[i * ny + j] = (double)((i + 3 * j * j) % 41) / 41.0;
      hz[i * ny + j] = (double)((i * j + 5) % 43) / 43.0;
    }

  fdtd2d_kernel(tmax, nx, ny, ex, ey, hz, src);

  double s = 0, w = 0, energy = 0;
  for (int i = 0; i < nx * ny; i++) {
    s += ex[i] + ey[i] + hz[i];
    w += (ex[i] + 2.0 * ey[i] + 3.0 * hz[i]) * (double)(i % 7 + 1);
    energy += ex[i] * ex[i] + ey[i] * ey[i] + hz[i] * hz[i];
  }
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", w);
  printf("energy %.17g\n", energy);
  printf("ex[1][1] %.17g\n", ex[ny + 1]);
  printf("ey[mid][mid] %.17g\n", ey[(nx / 2) * ny + ny / 2]);
  printf("hz[mid][1] %.17g\n", hz[(nx / 2) * ny + 1]);
  printf("hz[last-1][last-1] %.17g\n", hz[(nx - 2 >= 0 ? nx - 2 : 0) * ny + ny - 2]);
  free(ex); free(ey); free(hz); free(src);
  return 0;
}
