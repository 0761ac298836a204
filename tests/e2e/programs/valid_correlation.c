/* A "valid" 2-D convolution: an n x n image and a w x w filter (both sizes
 * at run time) give an (n-w+1) x (n-w+1) output, passed as a VLA whose row
 * length n - w + 1 combines two parameters. Called with disjoint arrays
 * (the optimized code runs) and with an output that overlaps the image
 * (the original code runs), then a second kernel with rows of n + w. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

/* A true convolution (the filter flipped), summed in a local. */
__attribute__((noinline)) void correlate(int n, int w, double (*out)[n - w + 1], double (*in)[n],
                                         double (*f)[w]) {
  for (int y = 0; y <= n - w; y++)
    for (int x = 0; x <= n - w; x++) {
      double acc = 0.0;
      for (int p = 0; p < w; p++)
        for (int q = 0; q < w; q++)
          acc += f[w - 1 - p][w - 1 - q] * in[y + p][x + q];
      out[y][x] = acc;
    }
}

__attribute__((noinline)) void widen(int n, int w, double (*dst)[n + w], double (*src)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n + w; j++)
      dst[i][j] = (j < n ? src[i][j] : 0.0) + 0.5 * j;
}

static double sum(const double *a, long len, int weighted) {
  double s = 0;
  for (long i = 0; i < len; i++)
    s += a[i] * (weighted ? (double)(i % 11 + 1) : 1.0);
  return s;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 40, 4, 400);
  int w = 3 + n % 3;
  int m = n - w + 1;
  long nn = (long)n * n;
  double *buf = malloc(sizeof(double) * (2 * nn + w * w + (long)n * (n + w)));
  if (!buf)
    return 1;
  double *img = buf, *out = buf + nn, *f = buf + 2 * nn, *wide = f + w * w;
  for (long i = 0; i < 2 * nn + w * w; i++)
    buf[i] = (double)((i * 7 + 3) % 17) / 17.0 - 0.25;

  correlate(n, w, (double (*)[m])out, (double (*)[n])img, (double (*)[w])f);
  printf("disjoint %.17g\n", sum(out, (long)m * m, 0));
  printf("disjoint_weighted %.17g\n", sum(out, (long)m * m, 1));
  printf("sample %.17g %.17g\n", out[0], out[(long)m * m - 1]);

  /* The output starts inside the image's second row: the kernel reads
   * pixels it has already overwritten, exactly as the source says. */
  correlate(n, w, (double (*)[m])(img + n + 1), (double (*)[n])img, (double (*)[w])f);
  printf("overlap %.17g\n", sum(img, nn, 0));
  printf("overlap_weighted %.17g\n", sum(img, nn, 1));

  widen(n, w, (double (*)[n + w])wide, (double (*)[n])out);
  printf("widen %.17g\n", sum(wide, (long)n * (n + w), 1));
  free(buf);
  return 0;
}
