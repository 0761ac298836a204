// An internal error inside Tessera is a warning naming the function, never a
// crash: the program still compiles and runs correctly.
// RUN: %clang -O3 -fpass-plugin=%tessera -mllvm -tessera-force-internal-error %s -o %t 2>&1 | FileCheck %s
// RUN: %t | FileCheck %s --check-prefix=OUT
// RUN: %optt -passes='function(tessera)' -tessera-force-internal-error -disable-output %S/loads-in-opt.ll 2>&1 | FileCheck %s --check-prefix=OPT

// CHECK: warning: tessera: internal error in function 'sum'{{.*}}the function is left unoptimized [-Wbackend-plugin]
// OPT: warning: tessera: internal error in function 'add_one'
// OUT: 5050
#include <stdio.h>

__attribute__((noinline)) long sum(int n) {
  long s = 0;
  for (int i = 1; i <= n; i++)
    s += i;
  return s;
}

int main(void) {
  printf("%ld\n", sum(100));
  return 0;
}
