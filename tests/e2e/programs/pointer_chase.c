/* NON-AFFINE: pointer chasing through a linked structure built inside an
 * array of nodes (next = &nodes[(a*i + c) % n], a permutation). Walks read
 * and update node payloads, so the traversal order is observable. */
#include <stdio.h>
#include <stdlib.h>

struct node {
  double val;
  long long hits;
  struct node *next;
};

static int get_n(int argc, char **argv, int def, int lo, int hi) {
  int v = def;
  if (argc > 1) v = atoi(argv[1]);
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v;
}

__attribute__((noinline)) double chase_kernel(struct node *nodes, int starts,
                                              int len, double *per_start) {
  double total = 0.0;
  for (int s = 0; s < starts; s++) {
    struct node *p = &nodes[s * 7];
    double acc = 0.0;
    for (int k = 0; k < len; k++) {
      acc += p->val;
      p->val = p->val * 0.75 + 0.25 * (double)(k % 4);
      p->hits++;
      p = p->next;
    }
    per_start[s] = acc;
    total += acc;
  }
  /* walk until returning to the start or hitting a step cap */
  struct node *q = nodes[0].next;
  long long steps = 1;
  while (q != &nodes[0] && steps < 1000000) {
    q->hits += 2;
    q = q->next;
    steps++;
  }
  nodes[0].hits += steps;
  return total;
}

int main(int argc, char **argv) {
  int n = get_n(argc, argv, 50000, 7 * 64, 5000000); /* starts at nodes[7*s] */
  int starts = 64, len = 4000;
  struct node *nodes = malloc(sizeof(struct node) * n);
  double *ps = malloc(sizeof(double) * starts);
  if (!nodes || !ps) return 1;
  long a = 1;
  for (long c = 7919; c < 7919 + (long)n; c++) {
    long g = c, h = n;
    while (h) { long t = g % h; g = h; h = t; }
    if (g == 1) { a = c; break; }
  }
  for (int i = 0; i < n; i++) {
    nodes[i].val = (double)(i % 101) / 101.0;
    nodes[i].hits = 0;
    nodes[i].next = &nodes[(a * i + 3) % n];
  }

  double total = chase_kernel(nodes, starts, len, ps);

  double sv = 0, wv = 0, sp = 0;
  long long sh = 0, wh = 0;
  for (int i = 0; i < n; i++) {
    sv += nodes[i].val; wv += nodes[i].val * (double)(i % 7 + 1);
    sh += nodes[i].hits; wh += nodes[i].hits * (i % 7 + 1);
  }
  for (int s = 0; s < starts; s++) sp += ps[s] * (double)(s % 5 + 1);
  printf("total %.17g\n", total);
  printf("per_start_wsum %.17g\n", sp);
  printf("val_sum %.17g\n", sv);
  printf("val_wsum %.17g\n", wv);
  printf("hits_sum %lld\n", sh);
  printf("hits_wsum %lld\n", wh);
  printf("hits[0] %lld\n", nodes[0].hits);
  free(nodes); free(ps);
  return 0;
}
