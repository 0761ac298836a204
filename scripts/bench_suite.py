#!/usr/bin/python3
"""Tessera's benchmark harness; run it through scripts/bench, which makes sure
Debian's python3 has matplotlib for the chart.

For every kernel of bench/kernels.txt it builds each configuration into
bench/build/, checks that every configuration prints the checksum -O3 prints
(bit for bit), times the configurations interleaved
(A B C A B C ...) and writes bench/results/<date>.csv, .md and .png.

Configurations:
  o3           clang -O3 -march=native                  (the reference)
  polly        + -mllvm -polly
  polly-par    + -fopenmp -mllvm -polly -mllvm -polly-parallel
  tessera      + -fpass-plugin=$TESSERA_PLUGIN
  tessera-omp  + -fpass-plugin=$TESSERA_PLUGIN -fopenmp
  openblas     the same computation through OpenBLAS (bench/kernels/blas/<name>.c,
               gemm-class kernels only; Debian's libopenblas-dev): the ceiling;
               its checksum is compared with a relative tolerance of 1e-9
  polly-fixed, polly-par-fixed
               Polly on the constant-size build at the run's sizes (name
               them in --configs; --fixed adds only -O3's and Tessera's)
  tessera-pgo  tessera built with -mllvm -tessera-profile-generate=FILE, run
               once at the benchmark size, rebuilt with
               -mllvm -tessera-profile-use=FILE (skipped with a note while
               the plugin does not know these options)

OpenMP configurations are timed at OMP_NUM_THREADS=1 and 2; the others are
timed once and that time stands for both thread counts.

Environment: LLVM_BINDIR (default /usr/lib/llvm-22/bin), TESSERA_PLUGIN
(default target/release/libtessera.so, built with scripts/setup if missing;
CARGO_TARGET_DIR is honoured).

Exit status: 0 when every output matched -O3, 1 when a checksum mismatched or
a build or run failed (the results are written first), 2 on a usage error.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in scripts/ from importing the report module
import bench_report  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
KERNEL_DIR = ROOT / "bench" / "kernels"
MANIFEST = ROOT / "bench" / "kernels.txt"
BUILD_DIR = ROOT / "bench" / "build"
RESULTS_DIR = ROOT / "bench" / "results"

# Checksums must equal -O3's exactly: without -ffast-math no sum may be
# reassociated (the kernels print them with %a).
TOLERANCE = 0.0
THREADS = (1, 2)
QUICK_CONFIGS = ("o3", "polly", "tessera", "tessera-omp", "openblas")
BLAS_DIR = KERNEL_DIR / "blas"
# A BLAS call sums in its own order: equal to -O3's up to rounding only.
BLAS_TOLERANCE = 1e-9

# Floating-point operations of the gemm-class kernels (a multiply-add is
# two), for the GFLOP/s column: the sizes as the kernel reads them.
FLOPS = {
    "gemm": lambda n: 2.0 * n**3,
    "gemm_flat": lambda n: 2.0 * n**3,
    "gemm_ikj": lambda n: 2.0 * n**3,
    "chain2": lambda n: 4.0 * n**3,
    "rankk": lambda n: 2.0 * (n * (n + 1) / 2) * (n - n // 4),
    "rank2k": lambda n: 4.0 * (n * (n + 1) / 2) * (n // 2),
    "contract3": lambda n: 2.0 * n * n * (2 * n) ** 2,
}
COMPILE_TIMEOUT_S = 600
# The plugin's profile options (tessera-pgo); each takes a file name.
PROFILE_GENERATE = "-tessera-profile-generate="
PROFILE_USE = "-tessera-profile-use="
# clang's words for an -mllvm option that no loaded pass (plugin) registers.
UNKNOWN_OPTION = re.compile(r"Unknown command line argument|unknown argument", re.IGNORECASE)


# ---------------------------------------------------------------- model


@dataclass(frozen=True)
class Kernel:
    name: str
    category: str
    args: tuple[str, ...]
    quick_args: tuple[str, ...]

    @property
    def source(self) -> Path:
        return KERNEL_DIR / f"{self.name}.c"


@dataclass(frozen=True)
class Config:
    name: str
    flags: tuple[str, ...]
    openmp: bool = False  # timed at every thread count
    pgo: bool = False  # two builds with a training run in between
    # Fixed-size builds (--fixed): the sizes compiled in as constants
    # (-DFIXED_N/-DFIXED_T, see bench/kernels/bench.h) at a scale: "run"
    # (the arguments of this run), "quick" or "small" (n = 16).
    scale: str | None = None
    # The configuration whose checksum this one must print (and whose time
    # its speedup is relative to).
    reference: str = "o3"
    # Built from bench/kernels/blas/<name>.c (kernels without one skip it)
    # and linked with `libs`; its checksum may differ from -O3's by
    # `tolerance` (relative).
    blas: bool = False
    libs: tuple[str, ...] = ()
    tolerance: float = TOLERANCE

    def source(self, kernel: "Kernel") -> Path:
        return BLAS_DIR / f"{kernel.name}.c" if self.blas else kernel.source

    def thread_counts(self) -> tuple[int, ...]:
        return THREADS if self.openmp else THREADS[:1]


@dataclass
class Build:
    exe: Path | None = None
    seconds: list[float] = field(default_factory=list)
    error: str = ""
    training_checksum: float | None = None  # PGO: what the instrumented build printed


@dataclass
class Run:
    seconds: float | None = None
    checksum: float | None = None
    error: str = ""


@dataclass
class Problems:
    """What makes the exit status non-zero, repeated in the final summary."""

    lines: list[str] = field(default_factory=list)

    def report(self, line: str) -> None:
        print(line, flush=True)
        self.lines.append(line)


# ---------------------------------------------------------------- setup


def load_manifest(path: Path = MANIFEST) -> list[Kernel]:
    kernels = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = [p.strip() for p in line.split("|")]
        if len(parts) != 4:
            sys.exit(f"{path}:{number}: expected 'name | category | args | quick args'")
        name, category, args, quick = parts
        kernels.append(Kernel(name, category, tuple(args.split()), tuple(quick.split())))
    return kernels


def select_kernels(all_kernels: list[Kernel], wanted: str | None) -> list[Kernel]:
    if not wanted:
        return all_kernels
    by_name = {k.name: k for k in all_kernels}
    names = [n.strip() for n in wanted.split(",") if n.strip()]
    unknown = [n for n in names if n not in by_name]
    if unknown:
        print(f"unknown kernel(s): {', '.join(unknown)}", file=sys.stderr)
        print(f"available: {', '.join(by_name)}", file=sys.stderr)
        sys.exit(2)
    return [by_name[n] for n in names]


def make_configs(plugin: str) -> list[Config]:
    base = ("-O3", "-march=native")
    polly = ("-mllvm", "-polly")
    tessera = (f"-fpass-plugin={plugin}",)
    return [
        Config("o3", base),
        Config("polly", base + polly),
        Config("polly-par", base + ("-fopenmp",) + polly + ("-mllvm", "-polly-parallel"), openmp=True),
        Config("tessera", base + tessera),
        Config("tessera-omp", base + tessera + ("-fopenmp",), openmp=True),
        Config("tessera-pgo", base + tessera, pgo=True),
        Config("openblas", base, openmp=True, blas=True, libs=("-lopenblas",), tolerance=BLAS_TOLERANCE),
        # Matrix products tiled by the general pipeline instead of the BLIS
        # path (-tessera-matmul=0): what Tessera did before it.
        Config("tessera-tiled", base + tessera + ("-mllvm", "-tessera-matmul=0")),
        Config("tessera-omp-tiled", base + tessera + ("-fopenmp", "-mllvm", "-tessera-matmul=0"), openmp=True),
        # --fixed: the same kernels with constant sizes, beside the run-time-size builds.
        Config("o3-fixed", base, scale="run"),
        Config("tessera-fixed", base + tessera, scale="run"),
        Config("tessera-omp-fixed", base + tessera + ("-fopenmp",), openmp=True, scale="run"),
        # Polly on the constant-size builds (asked for by name: its matrix
        # products take minutes to compile).
        Config("polly-fixed", base + polly, scale="run"),
        Config("polly-par-fixed", base + ("-fopenmp",) + polly + ("-mllvm", "-polly-parallel"), openmp=True, scale="run"),
        Config("o3-fixed-quick", base, scale="quick", reference="o3-fixed-quick"),
        Config("tessera-fixed-quick", base + tessera, scale="quick", reference="o3-fixed-quick"),
        Config("o3-fixed-small", base, scale="small", reference="o3-fixed-small"),
        Config("tessera-fixed-small", base + tessera, scale="small", reference="o3-fixed-small"),
    ]


# Sizes of the "small" fixed-size scale: n = 16, the quick second argument.
SMALL_N = 16


def fixed_defines(kernel: "Kernel", cfg: Config, quick: bool) -> tuple[str, ...]:
    """-DFIXED_N/-DFIXED_T for a fixed-size configuration, () for the others."""
    if cfg.scale is None:
        return ()
    if cfg.scale == "small":
        args = (str(SMALL_N),) + kernel.quick_args[1:]
    elif cfg.scale == "quick" or quick:
        args = kernel.quick_args
    else:
        args = kernel.args
    return (f"-DFIXED_N={args[0]}",) + ((f"-DFIXED_T={args[1]}",) if len(args) > 1 else ())


def fixed_configs(quick: bool) -> list[str]:
    """The fixed-size configurations --fixed adds: three scales in a full run
    (small, quick, benchmark), two with --quick (small, quick = the run's)."""
    names = ["o3-fixed", "tessera-fixed", "tessera-omp-fixed", "o3-fixed-small", "tessera-fixed-small"]
    return names if quick else names + ["o3-fixed-quick", "tessera-fixed-quick"]


def find_plugin() -> Path:
    """$TESSERA_PLUGIN, or the release build, which scripts/setup makes if missing."""
    explicit = os.environ.get("TESSERA_PLUGIN")
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            sys.exit(f"TESSERA_PLUGIN={explicit} does not exist")
        return path.resolve()
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    path = target / "release" / "libtessera.so"
    if not path.is_file():
        print(f"{path} is missing: building it with scripts/setup", flush=True)
        subprocess.run([str(ROOT / "scripts" / "setup")], check=True)
    if not path.is_file():
        sys.exit(f"scripts/setup did not produce {path}")
    return path.resolve()


def probe(clang: str, flags: tuple[str, ...], libs: tuple[str, ...] = ()) -> str:
    """Compiles and links a tiny loop with `flags`; returns clang's error text, '' if fine."""
    program = "int main(void){double a[64]={0};for(int i=1;i<64;i++)a[i]=a[i-1]+i;return a[63]<0;}\n"
    with tempfile.TemporaryDirectory(prefix="tessera-bench-probe-") as tmp:
        src = Path(tmp) / "probe.c"
        src.write_text(program)
        cmd = [clang, *flags, str(src), "-o", str(Path(tmp) / "probe"), *libs]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S)
        return "" if proc.returncode == 0 else (proc.stderr.strip() or f"exit status {proc.returncode}")


def first_line(text: str) -> str:
    """The line of a compiler's or program's message worth printing: the first
    error if there is one (warnings come first), else the first line."""
    lines = [l for l in text.strip().splitlines() if l.strip()]
    errors = [l for l in lines if "error" in l.lower() or "unknown" in l.lower()]
    return (errors or lines or [""])[0]


def probe_configs(clang: str, configs: list[Config], notes: list[str], problems: Problems) -> list[Config]:
    """Drops configurations this toolchain cannot build, each with a note: Polly or
    OpenMP may be missing, and the PGO options may not exist yet. A plugin that
    cannot build a trivial program, however, is a failure."""
    kept = []
    for cfg in configs:
        flags = cfg.flags
        if cfg.pgo:
            BUILD_DIR.mkdir(parents=True, exist_ok=True)
            flags += ("-mllvm", PROFILE_GENERATE + str(BUILD_DIR / "probe.profile"))
        error = probe(clang, flags, cfg.libs)
        if cfg.pgo and not error:
            # -use may be missing even when -generate exists; any other
            # complaint (no such profile file) means the option is there.
            use = probe(clang, cfg.flags + ("-mllvm", PROFILE_USE + "/nonexistent/tessera.prof"))
            error = use if UNKNOWN_OPTION.search(use) else ""
        if error and cfg.name.startswith("tessera") and not cfg.pgo:
            problems.report(f"FAIL {cfg.name}: cannot build a trivial program: {first_line(error)}")
        elif error:
            why = "the plugin has no profile options" if cfg.pgo and UNKNOWN_OPTION.search(error) else first_line(error)
            note = f"{cfg.name}: skipped ({why})"
            print(f"note: {note}", flush=True)
            notes.append(note)
        else:
            kept.append(cfg)
    return kept


def choose_configs(opts, plugin: str | None, notes: list[str], problems: Problems) -> list[Config]:
    configs = make_configs(plugin or "")
    # The -tiled configurations (the BLIS path turned off) only on request.
    default = QUICK_CONFIGS if opts.quick else [c.name for c in configs if c.scale is None and not c.name.endswith("-tiled")]
    wanted = opts.configs.split(",") if opts.configs else list(default)
    if opts.fixed:
        wanted += [n for n in fixed_configs(opts.quick) if n not in wanted]
    wanted = ["o3"] + [w.strip() for w in wanted if w.strip() and w.strip() != "o3"]
    known = {c.name for c in configs}
    unknown = [w for w in wanted if w not in known]
    if unknown:
        print(f"unknown configuration(s): {', '.join(unknown)}", file=sys.stderr)
        print(f"available: {', '.join(c.name for c in configs)}", file=sys.stderr)
        sys.exit(2)
    if opts.no_polly:
        wanted = [w for w in wanted if not w.startswith("polly")]
    chosen = [c for c in configs if c.name in wanted]
    return probe_configs(clang_path(), chosen, notes, problems)


def clang_path() -> str:
    bindir = os.environ.get("LLVM_BINDIR", "/usr/lib/llvm-22/bin")
    return os.path.join(bindir, "clang")


# ---------------------------------------------------------------- building


def compile_once(clang: str, flags: tuple[str, ...], src: Path, exe: Path, libs: tuple[str, ...] = ()) -> tuple[float, str]:
    """One clang command; returns (wall seconds, error text or '')."""
    cmd = [clang, *flags, str(src), "-o", str(exe), *libs, "-lm"]
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return COMPILE_TIMEOUT_S, f"clang timed out after {COMPILE_TIMEOUT_S}s"
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        return seconds, proc.stderr.strip() or f"clang exit status {proc.returncode}"
    return seconds, ""


class PendingBuild:
    """`reps` identical clang commands queued on the pool (extra copies go to
    side files, removed afterwards), for a median compile time."""

    def __init__(self, pool, clang, flags, src: Path, exe: Path, reps: int, libs: tuple[str, ...] = ()):
        self.exe = exe
        self.outputs = [exe] + [exe.with_name(f"{exe.name}.rep{r}") for r in range(1, reps)]
        self.futures = [pool.submit(compile_once, clang, flags, src, out, libs) for out in self.outputs]

    def result(self) -> Build:
        results = [f.result() for f in self.futures]
        for extra in self.outputs[1:]:
            extra.unlink(missing_ok=True)
        errors = [e for _, e in results if e]
        if errors:
            return Build(error=errors[0])
        return Build(exe=self.exe, seconds=[s for s, _ in results])


def exe_path(cfg: Config, kernel: Kernel, suffix: str = "") -> Path:
    folder = BUILD_DIR / cfg.name
    folder.mkdir(parents=True, exist_ok=True)
    return folder / (kernel.name + suffix)


def queue_builds(pool, clang, kernel: Kernel, configs: list[Config], reps: int, quick: bool = False) -> dict[str, PendingBuild]:
    """Queues the non-PGO builds of one kernel; they run --jobs at a time."""
    return {
        cfg.name: PendingBuild(pool, clang, cfg.flags + fixed_defines(kernel, cfg, quick), cfg.source(kernel), exe_path(cfg, kernel), reps, cfg.libs)
        for cfg in kernel_configs(kernel, configs)
        if not cfg.pgo
    }


def kernel_configs(kernel: Kernel, configs: list[Config]) -> list[Config]:
    """The configurations that apply to `kernel`: a BLAS one only where the
    kernel has a BLAS version."""
    return [c for c in configs if not c.blas or c.source(kernel).is_file()]


class PgoUnsupported(Exception):
    pass


def build_pgo(pool, clang, kernel: Kernel, cfg: Config, argv: list[str], opts) -> Build:
    """Instrumented build, one training run at the benchmark size, then the optimized build."""
    profile = exe_path(cfg, kernel, ".profile").resolve()
    # A stale profile would hide a training run that writes none.
    if profile.is_dir():
        shutil.rmtree(profile)
    profile.unlink(missing_ok=True)
    gen_exe = exe_path(cfg, kernel, ".gen")
    _, error = compile_once(clang, cfg.flags + ("-mllvm", PROFILE_GENERATE + str(profile)), kernel.source, gen_exe)
    if UNKNOWN_OPTION.search(error):
        raise PgoUnsupported(first_line(error))
    if error:
        return Build(error="profile-generate build: " + error)
    # The variable would override the file named at compile time.
    training = run_program(gen_exe, argv, threads=1, timeout=opts.timeout, env={"TESSERA_PROFILE_FILE": str(profile)})
    if training.error:
        return Build(error="training run: " + training.error)
    use_flags = cfg.flags + ("-mllvm", PROFILE_USE + str(profile))
    if not profile.exists():
        # No nest was instrumented, so there is nothing to use: plain tessera.
        print(f"  note: {kernel.name}: the training run wrote no profile; {cfg.name} is built without it", flush=True)
        use_flags = cfg.flags
    build = PendingBuild(pool, clang, use_flags, kernel.source, exe_path(cfg, kernel), opts.compile_reps).result()
    if UNKNOWN_OPTION.search(build.error):
        raise PgoUnsupported(first_line(build.error))
    build.training_checksum = training.checksum
    return build


# ---------------------------------------------------------------- running

LINE = re.compile(r"^(checksum|time) (\S+)$")


def parse_output(stdout: str) -> Run:
    values = {}
    for line in stdout.splitlines():
        m = LINE.match(line.strip())
        if m:
            try:
                text = m.group(2)
                hexa = text.lstrip("+-").lower().startswith("0x")
                values[m.group(1)] = float.fromhex(text) if hexa else float(text)
            except ValueError:
                pass
    if set(values) != {"checksum", "time"}:
        return Run(error=f"no 'checksum' and 'time' lines in the output: {stdout.strip()[:200]!r}")
    return Run(seconds=values["time"], checksum=values["checksum"])


def run_program(exe: Path, argv: list[str], threads: int, timeout: float | None, env: dict | None = None) -> Run:
    # OpenBLAS's own variable would override OMP_NUM_THREADS.
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS=str(threads), **(env or {}))
    try:
        proc = subprocess.run([str(exe), *argv], capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return Run(error=f"timed out after {timeout}s")
    if proc.returncode != 0:
        return Run(error=f"exit status {proc.returncode}: {first_line(proc.stderr)}")
    return parse_output(proc.stdout)


def measure(kernel: Kernel, slots: list[tuple[Config, int]], exes: dict[str, Path], argv, reps: int, timeout) -> dict:
    """Runs every (configuration, threads) slot once per repetition, in turn,
    so that a slow phase of the machine hits all of them alike."""
    runs: dict[tuple[str, int], list[Run]] = {(c.name, t): [] for c, t in slots}
    for rep in range(reps):
        for cfg, threads in slots:
            done = runs[(cfg.name, threads)]
            if done and done[-1].error:
                continue  # a crash or timeout will not improve by repeating it
            done.append(run_program(exes[cfg.name], argv, threads, timeout))
    return runs


def rel_diff(a: float, b: float) -> float:
    if a == b:
        return 0.0
    return abs(a - b) / max(abs(a), abs(b))


# ---------------------------------------------------------------- one kernel


@dataclass
class Outcome:
    """One (configuration, threads) slot of one kernel."""

    median: float | None = None
    checksum_ok: str = "error"  # yes, no (mismatch), error (build or run failed), unchecked (-O3 failed)


def judge(kernel: Kernel, cfg: Config, threads: int, runs: list[Run], reference: float | None, problems: Problems) -> Outcome:
    failed = [r for r in runs if r.error]
    if failed or not runs:
        why = failed[0].error if failed else "not run"
        problems.report(f"FAIL {kernel.name} {cfg.name} {threads}t: {why}")
        return Outcome()
    outcome = Outcome(median=statistics.median(r.seconds for r in runs), checksum_ok="yes")
    if reference is None:  # -O3 failed: nothing to compare with
        outcome.checksum_ok = "unchecked"
        return outcome
    for r in runs:
        diff = rel_diff(r.checksum, reference)
        if diff > cfg.tolerance:
            problems.report(
                f"MISMATCH kernel={kernel.name} config={cfg.name} threads={threads}: "
                f"o3 checksum {reference:.10e}, {cfg.name} {r.checksum:.10e} (relative difference {diff:.2e})"
            )
            outcome.checksum_ok = "no"
            break
    return outcome


def reference_checksum(runs: dict, problems: Problems, kernel: Kernel, name: str = "o3") -> float | None:
    """The checksum of configuration `name` (-O3's, or that of -O3's fixed-size
    build at another scale); its own runs must agree with each other."""
    o3 = [r for r in runs.get((name, 1), []) if not r.error]
    if not o3:
        return None
    first = o3[0].checksum
    if any(rel_diff(r.checksum, first) > 0 for r in o3):
        problems.report(f"FAIL {kernel.name} {name}: checksums differ between runs (the kernel is not deterministic)")
    return first


def build_kernel(pool, clang, kernel, configs, queued, argv, opts, problems, notes) -> tuple[dict[str, Build], list[Config]]:
    """Waits for the kernel's queued builds, then does the PGO one (it needs a training run)."""
    builds = {name: pending.result() for name, pending in queued.items()}
    for cfg in [c for c in configs if c.pgo]:
        try:
            builds[cfg.name] = build_pgo(pool, clang, kernel, cfg, argv, opts)
        except PgoUnsupported as e:
            note = f"{cfg.name}: skipped ({e})"
            print(f"  note: {note}", flush=True)
            notes.append(note)
            configs = [c for c in configs if c is not cfg]  # and for the kernels after this one
    for name, b in builds.items():
        if b.error:
            log = BUILD_DIR / name / f"{kernel.name}.log"
            log.write_text(b.error + "\n")
            problems.report(f"FAIL {kernel.name} {name}: build failed: {first_line(b.error)} (all of it in {log})")
    return builds, configs


def bench_kernel(pool, clang, kernel: Kernel, configs: list[Config], queued, opts, problems: Problems, notes: list[str]):
    """Builds, checks and times one kernel. Returns (CSV rows, configurations still in use)."""
    argv = list(kernel.quick_args if opts.quick else kernel.args)
    skipped = [c for c in configs if c not in kernel_configs(kernel, configs)]
    builds, configs = build_kernel(pool, clang, kernel, kernel_configs(kernel, configs), queued, argv, opts, problems, notes)
    print("  compile " + "  ".join(f"{n} {statistics.median(b.seconds):.2f}s" for n, b in builds.items() if not b.error), flush=True)

    slots = [(c, t) for c in configs if not builds[c.name].error for t in c.thread_counts()]
    exes = {c.name: builds[c.name].exe for c in configs if not builds[c.name].error}
    runs = measure(kernel, slots, exes, argv, opts.reps, opts.timeout)
    references = {name: reference_checksum(runs, problems, kernel, name) for name in {c.reference for c in configs}}

    outcomes = {}
    for cfg in configs:
        for t in cfg.thread_counts():
            if builds[cfg.name].error:
                outcomes[(cfg.name, t)] = Outcome()
            else:
                outcomes[(cfg.name, t)] = judge(kernel, cfg, t, runs[(cfg.name, t)], references.get(cfg.reference), problems)
        training = builds[cfg.name].training_checksum
        reference = references.get("o3")
        if training is not None and reference is not None and rel_diff(training, reference) > TOLERANCE:
            problems.report(
                f"MISMATCH kernel={kernel.name} config={cfg.name}-generate threads=1: "
                f"o3 checksum {reference:.10e}, instrumented build {training:.10e}"
            )
    rows = make_rows(kernel, configs, builds, outcomes, argv)
    print_kernel_summary(rows)
    return rows, configs + skipped


def make_rows(kernel: Kernel, configs: list[Config], builds: dict[str, Build], outcomes: dict, argv: list[str]) -> list[dict]:
    """One row per configuration and thread count; single-threaded builds
    reuse their one measurement for the other thread counts."""
    rows = []
    for cfg in configs:
        base = outcomes.get((cfg.reference, 1))
        o3_time = base.median if base else None
        build = builds[cfg.name]
        compile_s = statistics.median(build.seconds) if build.seconds else None
        for t in THREADS:
            measured = t if cfg.openmp else 1
            out = outcomes[(cfg.name, measured)]
            speedup = o3_time / out.median if o3_time and out.median else None
            flops = FLOPS.get(kernel.name)
            size = fixed_size(kernel, cfg, argv)
            gflops = flops(size) / out.median / 1e9 if flops and out.median else None
            rows.append(
                {
                    "kernel": kernel.name,
                    "category": kernel.category,
                    "config": cfg.name,
                    "threads": t,
                    "median_s": f"{out.median:.6f}" if out.median is not None else "",
                    "speedup_vs_o3": f"{speedup:.4f}" if speedup else "",
                    "gflops": f"{gflops:.2f}" if gflops else "",
                    "compile_s": f"{compile_s:.3f}" if compile_s is not None else "",
                    "checksum_ok": out.checksum_ok,
                    "measured_threads": measured,
                }
            )
    return rows


def fixed_size(kernel: Kernel, cfg: Config, argv: list[str]) -> int:
    """The first size the configuration's build runs at (a fixed-size build
    compiled its own in)."""
    for flag in cfg.flags + fixed_defines(kernel, cfg, False):
        if flag.startswith("-DFIXED_N=") and cfg.scale != "run":
            return int(flag.split("=", 1)[1])
    return int(argv[0])


def print_kernel_summary(rows: list[dict]) -> None:
    for r in rows:
        if r["threads"] != r["measured_threads"]:
            continue  # the same measurement again
        speed = f"{float(r['speedup_vs_o3']):6.2f}x" if r["speedup_vs_o3"] else "      -"
        time_s = f"{float(r['median_s']):9.4f}s" if r["median_s"] else "   failed "
        flag = "" if r["checksum_ok"] == "yes" else f"  <-- {r['checksum_ok'].upper()}"
        rate = f" {float(r['gflops']):7.2f} GFLOP/s" if r.get("gflops") else ""
        print(f"  {r['config']:<12} {r['threads']}t {time_s} {speed}{rate}{flag}", flush=True)


# ---------------------------------------------------------------- output


def describe_run(opts, clang: str, plugin: Path | None, configs: list[Config]) -> list[str]:
    def command_line(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT).stdout.strip()
        except OSError:
            return ""

    version = first_line(command_line([clang, "--version"]))
    commit = command_line(["git", "rev-parse", "--short", "HEAD"])
    dirty = " (with uncommitted changes)" if command_line(["git", "status", "--porcelain", "--", "src"]) else ""
    cpu = ""
    try:
        cpu = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    meta = [
        f"date: {datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}; machine: {os.cpu_count()} cores, {cpu or platform.machine()}",
        f"compiler: {version} ({clang})",
        f"sizes: {('arguments ' + opts.args) if opts.args else 'quick' if opts.quick else 'benchmark'}; median of {opts.reps} interleaved run(s); compile time: median of {opts.compile_reps} build(s)",
        f"configurations: {', '.join(c.name for c in configs)}",
    ]
    if plugin:
        meta.insert(2, f"plugin: {plugin}, Tessera commit {commit}{dirty}")
    return meta


def write_results(rows, out_dir: Path, meta, notes) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = out_dir / datetime.date.today().isoformat()
    csv_path, md_path, png_path = (stem.with_suffix(s) for s in (".csv", ".md", ".png"))
    bench_report.write_csv(rows, csv_path)
    title = f"Tessera benchmarks, {stem.name}"
    bench_report.write_markdown(rows, md_path, title, meta, notes)
    print(f"\nwrote {csv_path}\nwrote {md_path}")
    if bench_report.write_chart(rows, png_path, title):
        print(f"wrote {png_path}")
    else:
        print("warning: matplotlib is missing under this python: no chart", file=sys.stderr)
    for header, mean in bench_report.geomean_summary(bench_report.Table(rows)):
        print(f"geomean speedup over -O3, {header}: {mean:.2f}x")


# ---------------------------------------------------------------- main


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="scripts/bench", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="quick sizes, 1 repetition, configs o3, polly, tessera, tessera-omp; results into a temporary directory unless --out")
    p.add_argument("--kernels", help="comma-separated kernel names (default: all of bench/kernels.txt)")
    p.add_argument("--configs", help="comma-separated configurations (o3 is always included)")
    p.add_argument("--reps", type=int, help="timed runs per configuration and thread count (default 5; 1 with --quick)")
    p.add_argument("--compile-reps", type=int, help="builds per configuration for the compile-time median (default 3; 1 with --quick)")
    p.add_argument("--jobs", type=int, help="parallel clang commands (default 1, so compile times are not disturbed; all cores with --quick)")
    p.add_argument("--timeout", type=float, help="seconds before one run counts as hung (default 300; 30 with --quick)")
    p.add_argument("--out", type=Path, help="directory for the csv/md/png (default bench/results)")
    p.add_argument("--no-polly", action="store_true", help="leave out the Polly configurations")
    p.add_argument("--args", help="run every selected kernel with these arguments instead of its benchmark size (e.g. --kernels gemm,gemm_flat --args 2000)")
    p.add_argument(
        "--fixed",
        action="store_true",
        help="also build every kernel with its sizes as compile-time constants (o3-fixed*, tessera-fixed*): at the run's sizes, "
        "at the quick sizes (full runs) and at n = 16; each checked against -O3 at the same sizes",
    )
    opts = p.parse_args()
    quick = opts.quick
    opts.reps = opts.reps or (1 if quick else 5)
    opts.compile_reps = opts.compile_reps or (1 if quick else 3)
    opts.jobs = opts.jobs or ((os.cpu_count() or 1) if quick else 1)
    opts.timeout = opts.timeout or (30.0 if quick else 300.0)
    if min(opts.reps, opts.compile_reps, opts.jobs) < 1:
        p.error("--reps, --compile-reps and --jobs must be at least 1")
    return opts


def output_dir(opts) -> Path:
    if opts.out:
        return opts.out
    if opts.quick:  # a smoke test must not replace the real results of the day
        return Path(tempfile.mkdtemp(prefix="tessera-bench-quick-"))
    return RESULTS_DIR


def main() -> int:
    opts = parse_args()
    kernels = select_kernels(load_manifest(), opts.kernels)
    if opts.args:
        # Fixed-size builds compile these sizes in too (fixed_defines).
        import dataclasses
        sizes = tuple(opts.args.split())
        kernels = [dataclasses.replace(k, args=sizes + k.args[len(sizes):]) for k in kernels]
    clang = clang_path()
    if not os.access(clang, os.X_OK):
        sys.exit(f"{clang} not found: set LLVM_BINDIR or run scripts/setup")
    notes: list[str] = []
    problems = Problems()
    wants_tessera = not opts.configs or "tessera" in opts.configs
    plugin = find_plugin() if wants_tessera else None
    configs = choose_configs(opts, str(plugin) if plugin else None, notes, problems)
    meta = describe_run(opts, clang, plugin, configs)
    print("\n".join(meta), flush=True)
    rows: list[dict] = []
    with ThreadPoolExecutor(max_workers=opts.jobs) as pool:
        queue = lambda k: queue_builds(pool, clang, k, configs, opts.compile_reps, opts.quick)
        # A smoke test does all builds first, on every core, and only then
        # runs anything (a run beside a compile is timed badly); a real run
        # builds one kernel at a time, so that compile times stay clean too.
        queued = {k.name: queue(k) for k in kernels} if opts.quick else {}
        if queued:
            futures = [f for p in queued.values() for b in p.values() for f in b.futures]
            print(f"\nbuilding {len(futures)} binaries, {opts.jobs} at a time", flush=True)
            wait(futures)
        for i, kernel in enumerate(kernels, 1):
            args = " ".join(kernel.quick_args if opts.quick else kernel.args)
            print(f"\n[{i}/{len(kernels)}] {kernel.name} ({kernel.category}; args {args})", flush=True)
            pending = queued.pop(kernel.name, None) or queue(kernel)
            kernel_rows, configs = bench_kernel(pool, clang, kernel, configs, pending, opts, problems, notes)
            rows += kernel_rows

    if any(not c.openmp for c in configs):
        notes.append("configurations without OpenMP were timed single-threaded once per repetition; their 2-thread rows reuse that time")
    notes += problems.lines
    write_results(rows, output_dir(opts), meta, notes)
    if problems.lines:
        print(f"\n{len(problems.lines)} problem(s):", file=sys.stderr)
        for line in problems.lines:
            print("  " + line, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
