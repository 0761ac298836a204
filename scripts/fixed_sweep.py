#!/usr/bin/python3
"""Constant-size sweep of the benchmark kernels (issue 23).

Compiles every kernel of bench/kernels.txt with its sizes as compile-time
constants (-DFIXED_N=<size>, and -DFIXED_T=<the quick second argument> for
kernels that take two; see bench/kernels/bench.h) at each size of --sizes,
once with plain clang -O3 -march=native and once with the plugin and
-Rpass=tessera -Rpass-missed=tessera, and reports per kernel and size:

  ok        every SCoP of the program was rewritten or left alone for having
            nothing to gain, and the kernel function has a rewritten SCoP
  FAIL(..)  a SCoP was not transformed for a budget or an overflow, or any
            other reason except "nothing to gain" (loops rejected before
            they form a SCoP are not counted), or was rewritten in a
            degraded form ("given up: ..."; the reason is printed)
  none      the kernel function has no rewritten SCoP (and no failure remark)

and the compile time with the plugin over plain -O3's. With --run, the
programs of sizes up to --run-max are also built at -O0 and run, and their
checksums must equal -O3's bit for bit (a MISMATCH is a failure).

Exit status 0 when every cell is ok or none and every run matched, else 1.

    scripts/bench --fixed-sweep                      # all kernels, sizes 10 20 100 1000 4000
    scripts/bench --fixed-sweep --kernels lu,seidel2d --sizes 8,12,20 --run
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
from bench_suite import clang_path, find_plugin, load_manifest, select_kernels  # noqa: E402

SIZES = (10, 20, 100, 1000, 4000)
REMARK = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): remark: (?P<msg>.*?) \[-Rpass(?P<kind>-missed)?=tessera\]$")
CHECKSUM = re.compile(r"^checksum (\S+)$", re.M)
COMPILE_TIMEOUT_S = 120
# Budgets and overflows are what issue 23 is about; any other missed remark
# is reported too, except the profitability model's answers that there is
# nothing to gain (cost::profit: constant trip counts with the data in L1,
# or a schedule that keeps the source order). Its code-size budgets are
# budgets: reported.
BENIGN = (
    "nothing to gain",
    "not profitable: every trip count is known and small",
    "not profitable: the schedule keeps the original order",
)


def kernel_line_range(src: Path) -> tuple[int, int]:
    """Lines of the BENCH_KERNEL function: from its line to the next top-level '}'."""
    lines = src.read_text().splitlines()
    start = next(i for i, l in enumerate(lines, 1) if l.startswith("BENCH_KERNEL"))
    end = next(i for i, l in enumerate(lines, 1) if i > start and l.startswith("}"))
    return start, end


def cpu_of_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def compile_(clang: str, flags: list[str], src: Path, out: Path, timeout: float) -> tuple[float, str, int]:
    """One compile; its time is the CPU time (user + system) of clang and its
    children, which other work on a shared machine disturbs less than the
    wall clock (the 10 s limit is checked on the same measure)."""
    cmd = ["nice", clang, *flags, str(src), "-o", str(out)]
    start = cpu_of_children()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return timeout, f"timed out after {timeout:.0f}s", -1
    return cpu_of_children() - start, proc.stderr, proc.returncode


def best_of(reps: int, clang: str, flags: list[str], src: Path, out: Path, timeout: float) -> tuple[float, str, int]:
    """The fastest of `reps` compiles (stops at the first failure or a compile over 10 s)."""
    best = None
    for _ in range(max(reps, 1)):
        t, err, rc = compile_(clang, flags, src, out, timeout)
        best = (t, err, rc) if best is None or t < best[0] else best
        if rc != 0 or t > 10.0:
            break
    return best


def judge(stderr: str, lines: tuple[int, int]) -> tuple[str, int]:
    """('ok' | 'none' | 'FAIL(reason)', number of rewritten SCoPs in the kernel)."""
    rewritten = 0
    failures = []
    for line in stderr.splitlines():
        m = REMARK.match(line.strip())
        if not m:
            continue
        in_kernel = lines[0] <= int(m["line"]) <= lines[1]
        # Loops rejected by detection ("loop not optimized: non-affine
        # ...") are not this sweep's concern: their remarks hold for any
        # size (main's initialisation, -O3's peeled copies of a nest the
        # kernel's rewrite covers); a kernel left without a rewrite shows
        # as "none".
        if m["kind"] and m["msg"].startswith("loop not optimized"):
            continue
        if m["kind"] and not any(b in m["msg"] for b in BENIGN):
            failures.append(f"line {m['line']}: {m['msg'].removeprefix('SCoP not transformed: ')}")
        elif not m["kind"] and m["msg"].startswith("SCoP rewritten"):
            # Rewritten in a degraded form (over-approximated dependences,
            # no tile separation) still ran into a budget.
            if "given up:" in m["msg"]:
                failures.append(f"line {m['line']}: degraded: {m['msg'].split('given up: ', 1)[1]}")
            rewritten += in_kernel
    if failures:
        return "FAIL(" + "; ".join(failures) + ")", rewritten
    return ("ok" if rewritten else "none"), rewritten


def run(exe: Path, timeout: float) -> str:
    try:
        proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    m = CHECKSUM.search(proc.stdout)
    if proc.returncode != 0 or not m:
        return f"error (exit {proc.returncode})"
    return m.group(1)


def main() -> int:
    p = argparse.ArgumentParser(prog="scripts/bench --fixed-sweep", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kernels", help="comma-separated kernel names (default: all)")
    p.add_argument("--sizes", default=",".join(map(str, SIZES)), help="comma-separated FIXED_N values (default %(default)s)")
    p.add_argument("--run", action="store_true", help="also run -O0, -O3 and the plugin's build of sizes up to --run-max and compare checksums")
    p.add_argument("--run-max", type=int, default=100, help="largest size that --run runs (default %(default)s)")
    p.add_argument("--run-timeout", type=float, default=60.0, help="seconds per run (default %(default)s)")
    p.add_argument("--timeout", type=float, default=COMPILE_TIMEOUT_S, help="seconds per compile (default %(default)s)")
    p.add_argument("--reps", type=int, default=3, help="compiles per build; the fastest counts (default %(default)s; the machine is shared)")
    p.add_argument("--out", type=Path, help="also write the table (markdown) to this file")
    opts = p.parse_args()
    sizes = [int(s) for s in opts.sizes.split(",") if s.strip()]
    kernels = select_kernels(load_manifest(), opts.kernels)
    clang = clang_path()
    plugin = find_plugin()
    base = ["-O3", "-march=native"]
    tessera = base + [f"-fpass-plugin={plugin}", "-Rpass=tessera", "-Rpass-missed=tessera"]

    rows = []
    problems = []
    ratios = []
    slowest = (0.0, "")
    with tempfile.TemporaryDirectory(prefix="tessera-fixed-sweep-") as tmp:
        tmpdir = Path(tmp)
        for k in kernels:
            lines = kernel_line_range(k.source)
            cells = []
            for n in sizes:
                defs = [f"-DFIXED_N={n}"] + ([f"-DFIXED_T={k.quick_args[1]}"] if len(k.quick_args) > 1 else [])
                obj = tmpdir / f"{k.name}.{n}.o"
                t_o3, err_o3, rc_o3 = best_of(opts.reps, clang, base + defs + ["-c"], k.source, obj, opts.timeout)
                t_ts, err_ts, rc_ts = best_of(opts.reps, clang, tessera + defs + ["-c"], k.source, obj, opts.timeout)
                if rc_o3 != 0 or rc_ts != 0:
                    verdict = f"FAIL(build: {(err_ts if rc_ts else err_o3).strip().splitlines()[-1:]})"
                    count = 0
                else:
                    verdict, count = judge(err_ts, lines)
                ratio = t_ts / t_o3 if t_o3 > 0 else float("inf")
                ratios.append(ratio)
                slowest = max(slowest, (t_ts, f"{k.name} N={n}"))
                if t_ts > 10.0:
                    problems.append(f"{k.name} N={n}: compiles in {t_ts:.1f}s with the plugin (over 10 s)")
                if verdict.startswith("FAIL"):
                    problems.append(f"{k.name} N={n}: {verdict}")
                check = ""
                if opts.run and n <= opts.run_max and not verdict.startswith("FAIL(build"):
                    sums = {}
                    for name, flags in (("O0", ["-O0"]), ("O3", base), ("tessera", tessera)):
                        exe = tmpdir / f"{k.name}.{n}.{name}"
                        _, err, rc = compile_(clang, flags + defs + ["-lm"], k.source, exe, opts.timeout)
                        sums[name] = run(exe, opts.run_timeout) if rc == 0 else "build error"
                    same = sums["tessera"] == sums["O3"] and not sums["O3"].startswith(("error", "timeout", "build"))
                    check = " =" if same else " MISMATCH"
                    if not same:
                        problems.append(f"{k.name} N={n}: checksums O0 {sums['O0']} O3 {sums['O3']} tessera {sums['tessera']}")
                    elif sums["O0"] != sums["O3"]:
                        check = " =O3(!=O0)"  # -O3 itself differs from -O0 (contraction): not the plugin's doing
                cells.append((verdict, count, t_o3, t_ts, ratio, check))
                print(f"{k.name:<13} N={n:<5} {verdict:<6} scops={count} o3 {t_o3:6.2f}s tessera {t_ts:6.2f}s x{ratio:5.2f}{check}", flush=True)
            rows.append((k.name, cells))

    header = "| kernel | " + " | ".join(f"N={n}" for n in sizes) + " |"
    table = [header, "|" + "---|" * (len(sizes) + 1)]
    for name, cells in rows:
        table.append(f"| {name} | " + " | ".join(f"{v.split('(')[0]} {c} x{r:.2f}{chk}" for v, c, _, _, r, chk in cells) + " |")
    summary = [
        "",
        f"cell: verdict, SCoPs rewritten in the kernel function, compile time (CPU, fastest of {opts.reps}) with the plugin / plain -O3"
        + (" ('=': checksum equal to -O3's)" if opts.run else ""),
        f"median compile-time ratio {statistics.median(ratios):.2f}x, max {max(ratios):.2f}x; slowest compile with the plugin {slowest[0]:.2f}s ({slowest[1]})",
    ]
    print("\n" + "\n".join(table + summary))
    if opts.out:
        opts.out.write_text("\n".join(table + summary) + "\n")
    if problems:
        print(f"\n{len(problems)} problem(s):", file=sys.stderr)
        for line in problems:
            print("  " + line, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
