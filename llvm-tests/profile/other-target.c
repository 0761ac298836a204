// The profiling runtime is bitcode compiled for the host; a module for
// another architecture or system (-m32: i386, whose off_t and size_t
// differ) would call the C library through it with the wrong types, and
// the program would write no profile ("cannot write profile"). Such a
// module gets one warning naming both targets, no instrumentation, and
// builds; a module for the host is instrumented.
// RUN: %clang --target=i686-linux-gnu -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-generate=%t.prof -Rpass-analysis=tessera -c %s -o %t.32.o 2>&1 | FileCheck %s --check-prefix=I686
// I686: warning: tessera: -tessera-profile-generate: the profiling runtime is built for {{.*}}, and this module targets i686-{{.*}}: no loop nest of this module is instrumented
// I686-NOT: warning:
// I686-NOT: remark: loop nest instrumented
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-rewrite-all -mllvm -tessera-profile-generate=%t.prof -Rpass-analysis=tessera -c %s -o %t.64.o 2>&1 | FileCheck %s --check-prefix=HOST
// HOST-NOT: warning:
// HOST: remark: loop nest instrumented: records scale
// HOST: remark: loop nest instrumented: records shift

void scale(int n, double *a) {
  for (int i = 0; i < n * n; i++)
    a[i] = 2 * a[i];
}

void shift(int n, double *a) {
  for (int i = 0; i < n * n; i++)
    a[i] = a[i] + 1;
}
