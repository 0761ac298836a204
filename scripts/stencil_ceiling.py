#!/usr/bin/env python3
"""How fast a time-tiled stencil can get on this machine.

Time tiling turns a stencil whose grid streams from L3 or memory at every
time step into one whose tiles stay in L2; it does not make the loop
itself faster. So the most a one-thread time tiling can gain over -O3 is
the ratio of -O3's time per point at the benchmark's size to its time per
point on a grid that fits in L1 or L2 (the same loop, every access a hit),
and on two threads about twice that. Only a transformation that changes
the loop's body (unroll-and-jam of an in-place stencil's rows, which puts
several recurrences in flight) can pass it. This script measures both for the bench
suite's stencils and Tessera's 1- and 2-thread ratios beside them.

  scripts/stencil_ceiling.py [--kernels a,b] [--reps N] [--plugin SO]

The plugin is $TESSERA_PLUGIN, else target/release/libtessera.so. Output:
a markdown table on stdout (ns per point: seconds over grid points times
steps times statements per step).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNELS = os.path.join(ROOT, "bench", "kernels")

# name: (dimensions, statements per step, arrays, (bench n, bench steps))
STENCILS = {
    "jacobi1d": (1, 2, 2, (400000, 1400)),
    "jacobi2d": (2, 2, 2, (1500, 200)),
    "heat3d": (3, 2, 2, (150, 90)),
    "seidel2d": (2, 1, 1, (1200, 120)),
}


def cache_bytes(level, default):
    """CPU 0's data or unified cache of `level` (Linux sysfs), else `default`."""
    base = "/sys/devices/system/cpu/cpu0/cache"
    try:
        for idx in sorted(os.listdir(base)):
            d = os.path.join(base, idx)
            read = lambda f: open(os.path.join(d, f)).read().strip()
            if read("level") == str(level) and read("type") != "Instruction":
                s = read("size")
                mult = {"K": 1024, "M": 1 << 20}.get(s[-1], 1)
                return int(s.rstrip("KM")) * mult
    except OSError:
        pass
    return default


def points(kernel, n, steps):
    dims, stmts, _, _ = STENCILS[kernel]
    return (n - 2) ** dims * steps * stmts


def in_cache(kernel, size):
    """A grid whose arrays take half of a cache of `size` bytes, and steps
    for about the benchmark's number of points."""
    dims, _, arrays, (bn, bs) = STENCILS[kernel]
    n = int((size / 2 / (8 * arrays)) ** (1 / dims))
    steps = max(1, points(kernel, bn, bs) // points(kernel, n, 1))
    return n, steps


def build(src, out, flags):
    cmd = ["clang-22", "-O3", "-march=native", "-I", KERNELS, src, "-o", out, "-lm"] + flags
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def seconds(exe, n, steps, reps, threads=None):
    env = dict(os.environ)
    if threads:
        env["OMP_NUM_THREADS"] = str(threads)
    times = []
    for _ in range(reps):
        out = subprocess.run([exe, str(n), str(steps)], check=True, capture_output=True, text=True, env=env).stdout
        times += [float(line.split()[1]) for line in out.splitlines() if line.startswith("time")]
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels", default=",".join(STENCILS))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--plugin", default=os.environ.get("TESSERA_PLUGIN", os.path.join(ROOT, "target", "release", "libtessera.so")))
    args = ap.parse_args()
    if not os.path.exists(args.plugin):
        sys.exit(f"stencil_ceiling: no plugin at {args.plugin} (cargo build --release, or --plugin)")
    l1, l2 = cache_bytes(1, 32 << 10), cache_bytes(2, 1 << 20)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in args.kernels.split(","):
            if k not in STENCILS:
                sys.exit(f"stencil_ceiling: unknown kernel {k} (known: {', '.join(STENCILS)})")
            src = os.path.join(KERNELS, k + ".c")
            o3, ts = os.path.join(tmp, k + ".o3"), os.path.join(tmp, k + ".ts")
            build(src, o3, [])
            build(src, ts, ["-fopenmp", "-fpass-plugin=" + args.plugin])
            bn, bs = STENCILS[k][3]
            ns = lambda t, n, s: t / points(k, n, s) * 1e9
            full = ns(seconds(o3, bn, bs, args.reps), bn, bs)
            # The loop at its best: every access a hit in L1 or in L2
            # (in L1 the rows of a 2-D or 3-D grid are short).
            cached, cn = min((ns(seconds(o3, n, s, args.reps), n, s), n) for n, s in (in_cache(k, l1), in_cache(k, l2)))
            t1 = ns(seconds(ts, bn, bs, args.reps, 1), bn, bs)
            t2 = ns(seconds(ts, bn, bs, args.reps, 2), bn, bs)
            rows.append((k, full, cn, cached, full / cached, t1, full / t1, t2, full / t2))
    print(f"L1 {l1 // 1024} KiB, L2 {l2 // 1024} KiB; ns per point, median of {args.reps}; Tessera built with -fopenmp, run at OMP_NUM_THREADS=1 and 2\n")
    print("| kernel | -O3, bench size | -O3, grid in L1 or L2 (n) | tiling's ceiling at 1 thread | Tessera 1t | over -O3 | Tessera 2t | over -O3 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for k, full, cn, cached, ceil, t1, r1, t2, r2 in rows:
        print(f"| {k} | {full:.3f} | {cached:.3f} ({cn}) | {ceil:.2f}x | {t1:.3f} | {r1:.2f}x | {t2:.3f} | {r2:.2f}x |")


if __name__ == "__main__":
    main()
