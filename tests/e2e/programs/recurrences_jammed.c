/* Recursive (IIR) filters along rows and along columns, as an edge
 * detector runs them: causal and anti-causal passes, each step a
 * floating-point recurrence on the two outputs before it. Rows (or
 * columns) are independent, so eight of them may advance together, each
 * with its own carried values; each recurrence keeps its order, so the
 * output is -O3's bit for bit at any thread count, for sizes that are and
 * are not multiples of eight. Integer recurrences stay as they are. */
#include <stdio.h>

__attribute__((noinline)) void iir(int w, int h, float a, float (*in)[h], float (*out)[h], float (*y1)[h], float (*y2)[h]) {
  float k1 = a * 0.5f, k2 = a * 0.25f, b1 = 0.6f, b2 = -0.1f;
  for (int i = 0; i < w; i++) {
    float ym1 = 0, ym2 = 0, xm1 = 0;
    for (int j = 0; j < h; j++) {
      y1[i][j] = k1 * in[i][j] + k2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = in[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
  for (int i = 0; i < w; i++) {
    float yp1 = 0, yp2 = 0, xp1 = 0, xp2 = 0;
    for (int j = h - 1; j >= 0; j--) {
      y2[i][j] = k1 * xp1 + k2 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1;
      xp1 = in[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++)
      out[i][j] = y1[i][j] + y2[i][j];
  for (int j = 0; j < h; j++) {
    float tm1 = 0, ym1 = 0, ym2 = 0;
    for (int i = 0; i < w; i++) {
      y1[i][j] = k1 * out[i][j] + k2 * tm1 + b1 * ym1 + b2 * ym2;
      tm1 = out[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
  for (int j = 0; j < h; j++) {
    float tp1 = 0, tp2 = 0, yp1 = 0, yp2 = 0;
    for (int i = w - 1; i >= 0; i--) {
      y2[i][j] = k1 * tp1 + k2 * tp2 + b1 * yp1 + b2 * yp2;
      tp2 = tp1;
      tp1 = out[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++)
      out[i][j] = y1[i][j] + y2[i][j];
}

/* A double recurrence carried in the array itself, per column (through
 * memory, not a scalar: left as it is). */
__attribute__((noinline)) void smooth_columns(int n, int m, double (*A)[m]) {
  for (int j = 0; j < m; j++)
    for (int i = 1; i < n; i++)
      A[i][j] = 0.75 * A[i][j] + 0.25 * A[i - 1][j];
}

/* An integer recurrence per row: left as it is. */
__attribute__((noinline)) void hashes(int n, int m, const int (*X)[m], unsigned *out) {
  for (int i = 0; i < n; i++) {
    unsigned h = 2166136261u;
    for (int j = 0; j < m; j++)
      h = (h ^ (unsigned)X[i][j]) * 16777619u;
    out[i] = h;
  }
}

static float in[75][67], out[75][67], y1[75][67], y2[75][67];
static double A[75][67];
static int X[75][67];
static unsigned hs[75];

int main(void) {
  int sizes[][2] = {{1, 1}, {3, 9}, {8, 8}, {9, 16}, {17, 23}, {40, 67}, {75, 33}};
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    int w = sizes[k][0], h = sizes[k][1];
    for (int i = 0; i < w; i++)
      for (int j = 0; j < h; j++) {
        in[i][j] = (float)((313 * i + 991 * j) % 251) / 250.0f;
        A[i][j] = ((i * 7 + j * 3) % 13) / 13.0;
        X[i][j] = i * 31 + j;
      }
    iir(w, h, 0.25f, (float (*)[h])in, (float (*)[h])out, (float (*)[h])y1, (float (*)[h])y2);
    smooth_columns(w, h, (double (*)[h])A);
    hashes(w, h, (const int (*)[h])X, hs);
    double s = 0, t = 0;
    unsigned u = 0;
    for (int i = 0; i < w; i++) {
      u = u * 3 + hs[i];
      for (int j = 0; j < h; j++) {
        s = s * 0.5 + ((float (*)[h])out)[i][j];
        t = t * 0.5 + ((double (*)[h])A)[i][j];
      }
    }
    printf("w=%d h=%d %a %a %u\n", w, h, s, t, u);
  }
  return 0;
}
