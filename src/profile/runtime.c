/* Tessera's profiling runtime (-tessera-profile-generate).
 *
 * Compiled to LLVM bitcode when the plugin is built and linked into each
 * instrumented module by the plugin itself, so programs need no extra link
 * flag. Every symbol is made internal after linking: each module keeps its
 * own copy and merges its own regions into the profile file at exit.
 *
 * Hot path (__tessera_prof_enter, at each entry into an instrumented
 * region): a few loads and compares and two relaxed atomic increments; no
 * lock. Each region has a small table of parameter tuples; a tuple is
 * claimed with a compare-and-swap, so threads entering at once never
 * corrupt it (a tuple that finds the table full counts only in `entries`).
 *
 * At exit the file is locked (flock), read, merged with this run's counts
 * and rewritten, so concurrent processes and successive runs add up.
 * The format is documented in the README ("Profile file format"). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#define MAX_PARAMS 6   /* values recorded per region (plugin: MAX_PARAMS) */
#define SLOTS 8        /* distinct tuples counted per region per run */
#define MAX_TUPLES 16  /* distinct tuples kept per region in the file */
#define STATE_WORDS 96 /* size of the plugin's per-region state, in u64 */

enum { FREE = 0, CLAIMING = 1, READY = 2 };

struct slot {
  uint64_t state;
  uint64_t count;
  int64_t values[MAX_PARAMS];
};

struct region {
  uint64_t registered;
  struct region *next;
  const char *key, *desc, *path;
  uint64_t nparams;
  uint64_t entries;
  struct slot slots[SLOTS];
};

_Static_assert(sizeof(struct region) <= STATE_WORDS * 8, "region state larger than the plugin allocates");

static struct region *regions;
static int writer_registered;

static void write_profiles(void);

static void register_region(struct region *r, const char *key, const char *desc, const char *path,
                            uint32_t n) {
  uint64_t expected = FREE;
  if (!__atomic_compare_exchange_n(&r->registered, &expected, CLAIMING, 0, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE))
    return; /* another thread registers it */
  r->key = key;
  r->desc = desc;
  r->path = path;
  r->nparams = n > MAX_PARAMS ? MAX_PARAMS : n;
  struct region *head = __atomic_load_n(&regions, __ATOMIC_ACQUIRE);
  do
    r->next = head;
  while (!__atomic_compare_exchange_n(&regions, &head, r, 1, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
  int no = 0;
  if (__atomic_compare_exchange_n(&writer_registered, &no, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    atexit(write_profiles);
  __atomic_store_n(&r->registered, READY, __ATOMIC_RELEASE);
}

void __tessera_prof_enter(uint64_t *state, const char *key, const char *desc, const char *path,
                          uint32_t n, int64_t v0, int64_t v1, int64_t v2, int64_t v3, int64_t v4,
                          int64_t v5) {
  struct region *r = (struct region *)state;
  if (__atomic_load_n(&r->registered, __ATOMIC_ACQUIRE) != READY)
    register_region(r, key, desc, path, n);
  __atomic_fetch_add(&r->entries, 1, __ATOMIC_RELAXED);
  int64_t v[MAX_PARAMS] = {v0, v1, v2, v3, v4, v5};
  size_t bytes = sizeof(int64_t) * (n > MAX_PARAMS ? MAX_PARAMS : n);
  for (int s = 0; s < SLOTS; s++) {
    struct slot *sl = &r->slots[s];
    uint64_t st = __atomic_load_n(&sl->state, __ATOMIC_ACQUIRE);
    if (st == READY) {
      if (memcmp(sl->values, v, bytes) == 0) {
        __atomic_fetch_add(&sl->count, 1, __ATOMIC_RELAXED);
        return;
      }
      continue;
    }
    if (st == FREE &&
        __atomic_compare_exchange_n(&sl->state, &st, CLAIMING, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      memcpy(sl->values, v, bytes);
      __atomic_store_n(&sl->count, 1, __ATOMIC_RELAXED);
      __atomic_store_n(&sl->state, READY, __ATOMIC_RELEASE);
      return;
    }
  }
}

/* ---- the file: parse, merge, write ---- */

struct tuple {
  uint64_t count;
  int64_t values[MAX_PARAMS];
};

struct entry {
  char key[256];
  char desc[256];
  unsigned nparams;
  uint64_t entries;
  unsigned ntuples;
  struct tuple tuples[MAX_TUPLES + SLOTS];
};

struct table {
  struct entry *e;
  size_t n, cap;
};

static uint64_t fnv1a(const char *s, size_t len) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < len; i++)
    h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
  return h;
}

static struct entry *find_or_add(struct table *t, const char *key) {
  for (size_t i = 0; i < t->n; i++)
    if (strcmp(t->e[i].key, key) == 0)
      return &t->e[i];
  if (t->n == t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 16;
    struct entry *e = realloc(t->e, cap * sizeof *e);
    if (!e)
      return NULL;
    t->e = e;
    t->cap = cap;
  }
  struct entry *e = &t->e[t->n++];
  memset(e, 0, sizeof *e);
  snprintf(e->key, sizeof e->key, "%s", key);
  return e;
}

static void add_tuple(struct entry *e, uint64_t count, const int64_t *values) {
  for (unsigned i = 0; i < e->ntuples; i++)
    if (memcmp(e->tuples[i].values, values, sizeof(int64_t) * e->nparams) == 0) {
      e->tuples[i].count += count;
      return;
    }
  if (e->ntuples < MAX_TUPLES + SLOTS) {
    struct tuple *t = &e->tuples[e->ntuples++];
    memset(t, 0, sizeof *t);
    t->count = count;
    memcpy(t->values, values, sizeof(int64_t) * e->nparams);
  }
}

/* Parses `text` into `t`; returns NULL or what is wrong with it. */
static const char *parse(char *text, struct table *t) {
  char *sum = strstr(text, "\nchecksum ");
  if (strncmp(text, "tessera-profile 1\n", 18) != 0)
    return "not a version 1 Tessera profile";
  if (!sum)
    return "no checksum line (truncated?)";
  unsigned long long want = strtoull(sum + 10, NULL, 16);
  if (fnv1a(text, (size_t)(sum - text) + 1) != want)
    return "checksum mismatch (the file was modified or truncated)";
  sum[1] = '\0';
  struct entry *cur = NULL;
  for (char *line = strtok(text + 18, "\n"); line; line = strtok(NULL, "\n")) {
    if (line[0] == '#')
      continue;
    if (strncmp(line, "region ", 7) == 0) {
      char key[256];
      unsigned n;
      unsigned long long entries;
      if (sscanf(line + 7, "%255s %u %llu", key, &n, &entries) != 3 || n > MAX_PARAMS)
        return "malformed region line";
      cur = find_or_add(t, key);
      if (!cur)
        return "out of memory";
      char *d = strstr(line, " # ");
      if (d)
        snprintf(cur->desc, sizeof cur->desc, "%s", d + 3);
      cur->nparams = n;
      cur->entries += entries;
    } else if (strcmp(line, "end") == 0) {
      cur = NULL;
    } else {
      if (!cur)
        return "values outside a region";
      int64_t v[MAX_PARAMS] = {0};
      char *p = line, *endp;
      unsigned long long count = strtoull(p, &endp, 10);
      if (endp == p)
        return "malformed values line";
      for (unsigned i = 0; i < cur->nparams; i++) {
        p = endp;
        v[i] = strtoll(p, &endp, 10);
        if (endp == p)
          return "malformed values line";
      }
      add_tuple(cur, count, v);
    }
  }
  return NULL;
}

static int by_count(const void *a, const void *b) {
  uint64_t x = ((const struct tuple *)a)->count, y = ((const struct tuple *)b)->count;
  return x < y ? 1 : x > y ? -1 : 0;
}

struct buf {
  char *data;
  size_t len, cap;
  int failed;
};

static void emit(struct buf *b, const char *fmt, ...) {
  for (;;) {
    if (b->failed)
      return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (k < 0) {
      b->failed = 1;
      return;
    }
    if ((size_t)k < b->cap - b->len) {
      b->len += (size_t)k;
      return;
    }
    char *grown = realloc(b->data, b->cap * 2);
    if (!grown) {
      b->failed = 1;
      return;
    }
    b->data = grown;
    b->cap *= 2;
  }
}

/* The file's text for table `t`; NULL if out of memory. */
static char *render(struct table *t, size_t *len) {
  struct buf b = {malloc(4096), 0, 4096, 0};
  if (!b.data)
    return NULL;
  emit(&b, "tessera-profile 1\n# region KEY NPARAMS ENTRIES # description; then COUNT VALUES... per tuple\n");
  for (size_t i = 0; i < t->n; i++) {
    struct entry *e = &t->e[i];
    qsort(e->tuples, e->ntuples, sizeof e->tuples[0], by_count);
    if (e->ntuples > MAX_TUPLES)
      e->ntuples = MAX_TUPLES; /* the rest stays counted in entries */
    emit(&b, "region %s %u %llu # %s\n", e->key, e->nparams, (unsigned long long)e->entries, e->desc);
    for (unsigned j = 0; j < e->ntuples; j++) {
      emit(&b, "%llu", (unsigned long long)e->tuples[j].count);
      for (unsigned k = 0; k < e->nparams; k++)
        emit(&b, " %lld", (long long)e->tuples[j].values[k]);
      emit(&b, "\n");
    }
    emit(&b, "end\n");
  }
  if (!b.failed)
    emit(&b, "checksum %016llx\n", (unsigned long long)fnv1a(b.data, b.len));
  if (b.failed) {
    free(b.data);
    return NULL;
  }
  *len = b.len;
  return b.data;
}

/* TESSERA_PROFILE_FILE, else the compile-time path; %p is the process id. */
static void resolve_path(const char *compiled, char *out, size_t size) {
  const char *p = getenv("TESSERA_PROFILE_FILE");
  if (!p || !*p)
    p = compiled;
  size_t n = 0;
  for (; *p && n + 1 < size; p++) {
    if (p[0] == '%' && p[1] == 'p') {
      n += (size_t)snprintf(out + n, size - n, "%ld", (long)getpid());
      if (n >= size)
        n = size - 1;
      p++;
    } else {
      out[n++] = *p;
    }
  }
  out[n] = '\0';
}

static void merge_into_file(const char *path) {
  int fd = open(path, O_RDWR | O_CREAT, 0644);
  if (fd < 0) {
    fprintf(stderr, "tessera: cannot write profile %s: %s\n", path, strerror(errno));
    return;
  }
  while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
    ;
  struct table t = {0};
  off_t size = lseek(fd, 0, SEEK_END);
  if (size > 0) {
    char *text = malloc((size_t)size + 1);
    ssize_t got = text ? pread(fd, text, (size_t)size, 0) : -1;
    if (got == size) {
      text[size] = '\0';
      const char *why = parse(text, &t);
      if (why) {
        fprintf(stderr, "tessera: profile %s: %s; replacing it with this run's counts\n", path, why);
        t.n = 0;
      }
    }
    free(text);
  }
  for (struct region *r = regions; r; r = r->next) {
    if (__atomic_load_n(&r->registered, __ATOMIC_ACQUIRE) != READY)
      continue;
    char own[4096];
    resolve_path(r->path, own, sizeof own);
    if (strcmp(own, path) != 0)
      continue;
    struct entry *e = find_or_add(&t, r->key);
    if (!e)
      break;
    snprintf(e->desc, sizeof e->desc, "%s", r->desc);
    e->nparams = (unsigned)r->nparams;
    e->entries += r->entries;
    for (int s = 0; s < SLOTS; s++)
      if (__atomic_load_n(&r->slots[s].state, __ATOMIC_ACQUIRE) == READY)
        add_tuple(e, r->slots[s].count, r->slots[s].values);
  }
  size_t len = 0;
  char *out = render(&t, &len);
  if (out && ftruncate(fd, 0) == 0 && pwrite(fd, out, len, 0) == (ssize_t)len)
    fsync(fd);
  else
    fprintf(stderr, "tessera: cannot write profile %s\n", path);
  free(out);
  free(t.e);
  flock(fd, LOCK_UN);
  close(fd);
}

static void write_profiles(void) {
  /* One merge per distinct file (regions of one module may name several
   * only if compiled with different options: rare, but handled). */
  for (struct region *r = regions; r; r = r->next) {
    char path[4096];
    resolve_path(r->path, path, sizeof path);
    int seen = 0;
    for (struct region *q = regions; q != r; q = q->next) {
      char other[4096];
      resolve_path(q->path, other, sizeof other);
      seen |= strcmp(other, path) == 0;
    }
    if (!seen)
      merge_into_file(path);
  }
}
