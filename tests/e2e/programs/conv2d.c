/* 2-D valid convolution of an h x w image with a 3x3 kernel passed as an
 * array (not constants), producing an (h-2) x (w-2) output, followed by a
 * 2x2 average pooling. Flattened with runtime strides. */
#include <stdio.h>
#include <stdlib.h>

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) void conv2d_kernel(int h, int w, const double *img,
                                             const double *k, double *out,
                                             double *pool) {
  int oh = h - 2, ow = w - 2;
  for (int i = 0; i < oh; i++)
    for (int j = 0; j < ow; j++) {
      double acc = 0.0;
      for (int di = 0; di < 3; di++)
        for (int dj = 0; dj < 3; dj++)
          acc += k[di * 3 + dj] * img[(i + di) * w + (j + dj)];
      out[i * ow + j] = acc;
    }
  for (int i = 0; i < oh / 2; i++)
    for (int j = 0; j < ow / 2; j++)
      pool[i * (ow / 2) + j] = 0.25 * (out[(2 * i) * ow + 2 * j] + out[(2 * i) * ow + 2 * j + 1] +
                                       out[(2 * i + 1) * ow + 2 * j] + out[(2 * i + 1) * ow + 2 * j + 1]);
}

int main(int argc, char **argv) {
  int h = get_n(argc, argv, 600, 6, 8000);
  int w = h + h / 3;
  int oh = h - 2, ow = w - 2;
  double *img = malloc(sizeof(double) * (size_t)h * w);
  double *out = malloc(sizeof(double) * (size_t)oh * ow);
  double *pool = malloc(sizeof(double) * (size_t)(oh / 2) * (ow / 2));
  double k[9] = {0.0625, 0.125, 0.0625, 0.125, 0.25, 0.125, 0.0625, 0.125, 0.0625};
  k[4] = 0.3; /* break the symmetry so flips/transposes would show */
  if (!img || !out || !pool) return 1;
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++) img[i * w + j] = (double)((i * 5 + j * j) % 255) / 255.0;

  conv2d_kernel(h, w, img, k, out, pool);

  double s = 0, wsum = 0, sp = 0;
  for (int i = 0; i < oh * ow; i++) { s += out[i]; wsum += out[i] * (double)(i % 7 + 1); }
  for (int i = 0; i < (oh / 2) * (ow / 2); i++) sp += pool[i] * (double)(i % 5 + 1);
  printf("sum %.17g\n", s);
  printf("wsum %.17g\n", wsum);
  printf("pool_wsum %.17g\n", sp);
  printf("out[0][0] %.17g\n", out[0]);
  printf("out[mid][mid] %.17g\n", out[(oh / 2) * ow + ow / 2]);
  printf("out[last][last] %.17g\n", out[oh * ow - 1]);
  printf("pool[0][1] %.17g\n", pool[1]);
  free(img); free(out); free(pool);
  return 0;
}
