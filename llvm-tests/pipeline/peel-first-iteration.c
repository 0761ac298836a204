// A statement fused at the first iteration of a loop: Pluto places the
// output's initialisation at the first filter row of the convolution, in
// the same loop. Instead of testing `t2 == 0` at every filter row, the
// first row runs as a loop of its own (at most one iteration, so that an
// empty filter stays empty) and the other rows carry no guard.
// RUN: rm -rf %t.dir
// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-export-dir=%t.dir -c %s -o /dev/null
// RUN: FileCheck %s < %t.dir/conv.0.json

// CHECK: "new_loops": "{{.*}}for (t2 = 0; t2 <= min(w - 1, 0); t2++) {\n{{ *}}S0(t0, t1);\n{{ *}}S1(t0, t1, t2);
// CHECK-SAME: for (t2 = 1; t2 <= w - 1; t2++) {\n{{ *}}S1(t0, t1, t2);
// CHECK-NOT: ==

void conv(int n, int w, double (*out)[n - w + 1], double (*in)[n], double (*f)[w]) {
  int m = n - w + 1;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) {
      out[i][j] = 0.0;
      for (int a = 0; a < w; a++)
        for (int b = 0; b < w; b++)
          out[i][j] += in[i + a][j + b] * f[a][b];
    }
}
