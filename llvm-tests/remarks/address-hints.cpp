// A loop left out because an address is no cell of one array (here a
// matrix class whose struct fields, an int and a pointer, are read where
// the matrix's doubles are: one base, elements of different sizes) says
// so as an "unsupported address", with no profile offered: no parameter
// values change the shape of an address. The product's inner loops are
// still rewritten, and the program prints -O3's output.
// RUN: %clangxx -O3 -fpass-plugin=%tessera -Rpass-missed=tessera -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clangxx -O3 -DMAIN %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %clangxx -O3 -DMAIN -fpass-plugin=%tessera -mllvm -tessera-check-schedules %s -o %t && %t > %t.out && diff %t.ref.out %t.out
#include <cstdio>
#include <vector>

struct Mat {
  int n;
  std::vector<double> d;
  explicit Mat(int n) : n(n), d((size_t)n * n) {}
  double &operator()(int i, int j) { return d[(size_t)i * n + j]; }
};

// CHECK: address-hints.cpp:[[@LINE+4]]:3: remark: loop not optimized: unsupported address: one array accessed with elements of different sizes [-Rpass-missed=tessera]
// CHECK-NOT: address-hints.cpp:[[@LINE+3]]:3: {{.*}}profile
__attribute__((noinline)) void mul(Mat &c, Mat &a, Mat &b) {
  int n = c.n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += a(i, k) * b(k, j);
      c(i, j) = s;
    }
}

#ifdef MAIN
int main() {
  int n = 150;
  Mat a(n), b(n), c(n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a(i, j) = (i * 3 + j) % 7 - 3;
      b(i, j) = (i + 5 * j) % 11 - 5;
    }
  mul(c, a, b);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s = s * 0.5 + c(i, j);
  std::printf("%a\n", s);
}
#endif
