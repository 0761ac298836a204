// Distribution for tiling that keeps the outer loop: Pluto gives each
// product its own repetition loop r and, inside, a band (i) and, past a
// scalar row (the accumulator's initial load before the j loop), a band
// (j). The whole band (r, i) cannot merge with (j) (r carries the
// accumulation), but (i) can: the scalar row moves between r and i, and
// each product gets the permutable band (i, j), tiled.
// RUN: rm -rf %t.dir
// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-export-dir=%t.dir -c %s -o /dev/null
// RUN: FileCheck %s < %t.dir/repeated.0.json

// CHECK: "new_schedule": "{{.*}}dims: 0 scalar, 1 scalar, 2 loop, 3 scalar, 4 loop parallel, 5 loop{{.*}}\nband 2..3 permutable\nband 4..6 permutable tiles [{{[0-9]+}}, {{[0-9]+}}] points 6..8\n"

void repeated(int n, int reps, double (*A)[n], double *x1, double *x2, const double *y1, const double *y2) {
  for (int r = 0; r < reps; r++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        x1[i] += A[i][j] * y1[j];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        x2[i] += A[j][i] * y2[j];
  }
}
