// A red-black sweep: each colour's rows start at 1 + (i + c) % 2, the
// parity written i - 2q with q the counter of a loop of one iteration.
// Pluto time-skews the nest into one permutable band (s, i, q, j); the rows
// that move with q are not tiled (a tile of a one-iteration loop holds
// nothing), so the band is tiled up to them: (s, i) tiled, (q, j) inside
// (the two colours each with its own j loop, where the second reads what
// the first wrote a row away: tile/inner.rs).
// RUN: rm -rf %t.dir
// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-export-dir=%t.dir -c %s -o /dev/null
// RUN: FileCheck %s < %t.dir/sweep.0.json

// CHECK: "new_schedule": "{{.*}}band 0..2 permutable tiles [{{[0-9]+}}, {{[0-9]+}}] points 2..4\nband 4..5 permutable\nband 6..7 permutable\n"

void sweep(int n, int sweeps, double *G) {
  for (int s = 0; s < sweeps; s++)
    for (int color = 0; color < 2; color++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1 + (i + color) % 2; j < n - 1; j += 2)
          G[i * n + j] = 0.25 * (G[(i - 1) * n + j] + G[(i + 1) * n + j] + G[i * n + j - 1] + G[i * n + j + 1]);
}
