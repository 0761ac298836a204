// The profile-then-recompile workflow on a nest with an n*n bound: the
// instrumented program records n*n, the recompile specializes for it.
// RUN: rm -f %t.prof
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-generate=%t.prof -Rpass-analysis=tessera %s -o %t.gen 2>&1 | FileCheck %s --check-prefix=GEN
// RUN: %t.gen 30 && %t.gen 30 && %t.gen 7
// RUN: FileCheck %s --check-prefix=PROFILE < %t.prof
// RUN: %clang -O3 -g -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-use=%t.prof -Rpass=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=USE
// TESSERA_PROFILE_FILE overrides the path, %p expands to the process id:
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: env TESSERA_PROFILE_FILE=%t.dir/run-%%p.prof %t.gen 5
// RUN: ls %t.dir | FileCheck %s --check-prefix=ENVNAME
// RUN: sh -c 'cat %t.dir/run-*.prof' | FileCheck %s --check-prefix=ENV
//
// Bad profiles: one warning naming the file and the problem, nothing
// specialized, the compilation succeeds.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-use=%t.missing -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: sed -e 's/^2 900$/3 900/' %t.prof > %t.corrupt
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-use=%t.corrupt -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CORRUPT
// RUN: echo garbage > %t.garbage
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-use=%t.garbage -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GARBAGE
// The source changed since the profile was made: that nest is not
// specialized, with a remark; the other nest still is.
// RUN: %clang -O3 -g -DCHANGED -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-use=%t.prof -Rpass=tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STALE

// GEN: workflow.c:[[@LINE+22]]:3: remark: loop nest instrumented: records scale (workflow.c:[[@LINE+22]]):
// PROFILE: tessera-profile 1
// PROFILE: region scale/0/{{[0-9a-f]+}} 1 3 # scale (workflow.c:[[@LINE+20]])
// PROFILE-NEXT: 2 900
// PROFILE-NEXT: 1 49
// PROFILE-NEXT: end
// PROFILE: checksum {{[0-9a-f]+}}
// USE: workflow.c:[[@LINE+15]]:3: remark: specialized version for {{.*}} = 900 (67% of 3 entries)
// USE: workflow.c:[[@LINE+14]]:3: remark: specialized version for {{.*}} = 49 (33% of 3 entries)
// USE: workflow.c:[[@LINE+13]]:3: remark: SCoP rewritten
// ENVNAME: {{^}}run-{{[0-9]+}}.prof{{$}}
// ENV: region scale/0/{{[0-9a-f]+}} 1 1
// ENV-NEXT: 1 25
// MISSING: warning: tessera: profile file '{{.*}}.missing' not found: no loop nest is specialized
// MISSING-NOT: warning:
// CORRUPT: warning: tessera: profile file '{{.*}}.corrupt' is unusable (checksum mismatch (the file was modified or truncated)): no loop nest is specialized
// CORRUPT-NOT: warning:
// GARBAGE: warning: tessera: profile file '{{.*}}.garbage' is unusable
// STALE: workflow.c:[[@LINE+4]]:3: remark: not specialized: the profile's record of this loop nest is stale
// STALE: workflow.c:[[@LINE+12]]:3: remark: specialized version for
#include <stdlib.h>
__attribute__((noinline)) void scale(int n, double *a) {
  for (int i = 0; i < n * n; i++)
#ifdef CHANGED
    a[i] = 3 * a[i];
#else
    a[i] = 2 * a[i];
#endif
}

__attribute__((noinline)) void shift(int n, double *a) {
  for (int i = 0; i < n * n; i++)
    a[i] = a[i] + 1;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  double *a = calloc(n * n, sizeof(double));
  scale(n, a);
  shift(n, a);
  return a[0] != 1;
}
