#!/usr/bin/python3
"""Turns a benchmark CSV written by scripts/bench into a Markdown table and a
PNG bar chart. scripts/bench calls it as a module after a run; run it by hand
to redo the report of an existing CSV:

    /usr/bin/python3 scripts/bench_report.py bench/results/2025-01-01.csv

The Markdown and PNG land next to the CSV unless --md / --png say otherwise.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
from pathlib import Path

CSV_FIELDS = [
    "kernel",
    "category",
    "config",
    "threads",
    "median_s",
    "speedup_vs_o3",
    "gflops",
    "compile_s",
    "checksum_ok",
    "measured_threads",
]

# The report's speedup columns: (header, configuration, thread count).
# "2t" columns use the OpenMP builds; the plain builds are single-threaded.
SPEEDUP_COLUMNS = [
    ("tessera 1t", "tessera", 1),
    ("tessera 2t", "tessera-omp", 2),
    ("polly 1t", "polly", 1),
    ("polly 2t", "polly-par", 2),
    ("tessera-pgo", "tessera-pgo", 1),
    # --fixed: constant sizes; the run's scale against -O3 at run-time sizes,
    # the others against -O3's fixed-size build at their scale.
    ("o3 fixed", "o3-fixed", 1),
    ("tessera fixed", "tessera-fixed", 1),
    ("tessera fixed 2t", "tessera-omp-fixed", 2),
    ("polly fixed", "polly-fixed", 1),
    ("polly fixed 2t", "polly-par-fixed", 2),
    ("tessera fixed quick", "tessera-fixed-quick", 1),
    ("tessera fixed n=16", "tessera-fixed-small", 1),
]

# Compile-time ratios against -O3 shown in the second table.
COMPILE_COLUMNS = [
    ("tessera / -O3", "tessera"),
    ("tessera-omp / -O3", "tessera-omp"),
    ("polly / -O3", "polly"),
    ("polly-par / -O3", "polly-par"),
    ("tessera fixed / o3 fixed", "tessera-fixed", "o3-fixed"),
    ("tessera fixed quick / o3 fixed quick", "tessera-fixed-quick", "o3-fixed-quick"),
    ("tessera fixed n=16 / o3 fixed n=16", "tessera-fixed-small", "o3-fixed-small"),
]


def read_csv(path: Path) -> list[dict]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def write_csv(rows: list[dict], path: Path) -> None:
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        writer.writeheader()
        for row in rows:
            writer.writerow({k: row.get(k, "") for k in CSV_FIELDS})


def to_float(text) -> float | None:
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) and value > 0 else None


def geomean(values: list[float]) -> float | None:
    values = [v for v in values if v is not None and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


class Table:
    """The CSV rows indexed by (kernel, config, threads), kernels in run order."""

    def __init__(self, rows: list[dict]):
        self.cells = {(r["kernel"], r["config"], int(r["threads"])): r for r in rows}
        self.kernels: list[str] = []
        self.category: dict[str, str] = {}
        for r in rows:
            if r["kernel"] not in self.category:
                self.kernels.append(r["kernel"])
                self.category[r["kernel"]] = r["category"]
        self.configs = {r["config"] for r in rows}

    def row(self, kernel: str, config: str, threads: int) -> dict | None:
        return self.cells.get((kernel, config, threads))

    def speedup(self, kernel: str, config: str, threads: int) -> float | None:
        """A speedup only when the output matched -O3: a wrong answer fast is no win."""
        r = self.row(kernel, config, threads)
        if r is None or r["checksum_ok"] != "yes":
            return None
        return to_float(r["speedup_vs_o3"])

    def compile_ratio(self, kernel: str, config: str, base_config: str = "o3") -> float | None:
        base, other = self.row(kernel, base_config, 1), self.row(kernel, config, 1)
        if base is None or other is None:
            return None
        b, o = to_float(base["compile_s"]), to_float(other["compile_s"])
        return o / b if b and o else None

    def speedup_columns(self):
        return [c for c in SPEEDUP_COLUMNS if c[1] in self.configs]

    def compile_columns(self):
        return [c for c in COMPILE_COLUMNS if c[1] in self.configs]


def speedup_cell(table: Table, kernel: str, config: str, threads: int) -> str:
    r = table.row(kernel, config, threads)
    if r is None:
        return "–"
    if r["checksum_ok"] == "no":
        return "MISMATCH"
    if r["checksum_ok"] != "yes":
        return "error"
    value = to_float(r["speedup_vs_o3"])
    return f"{value:.2f}x" if value else "–"


def fmt_ratio(value: float | None) -> str:
    return f"{value:.2f}x" if value else "–"


def markdown_speedups(table: Table) -> list[str]:
    columns = table.speedup_columns()
    head = ["kernel", "category", "-O3 (s)"] + [c[0] for c in columns]
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for k in table.kernels:
        base = table.row(k, "o3", 1)
        o3 = to_float(base["median_s"]) if base else None
        cells = [k, table.category[k], f"{o3:.4f}" if o3 else "error"]
        cells += [speedup_cell(table, k, cfg, t) for _, cfg, t in columns]
        lines.append("| " + " | ".join(cells) + " |")
    means = [geomean([table.speedup(k, cfg, t) for k in table.kernels]) for _, cfg, t in columns]
    lines.append("| **geomean** | | | " + " | ".join(f"**{fmt_ratio(m)}**" for m in means) + " |")
    return lines


def markdown_compile(table: Table) -> list[str]:
    columns = table.compile_columns()
    head = ["kernel", "-O3 compile (s)"] + [c[0] for c in columns]
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for k in table.kernels:
        base = table.row(k, "o3", 1)
        o3 = to_float(base["compile_s"]) if base else None
        cells = [k, f"{o3:.3f}" if o3 else "–"]
        cells += [fmt_ratio(table.compile_ratio(k, *c[1:])) for c in columns]
        lines.append("| " + " | ".join(cells) + " |")
    means = [geomean([table.compile_ratio(k, *c[1:]) for k in table.kernels]) for c in columns]
    lines.append("| **geomean** | | " + " | ".join(f"**{fmt_ratio(m)}**" for m in means) + " |")
    return lines


# GFLOP/s of the gemm-class kernels (those with a flop count): (header,
# configuration, thread count); the ratios put Tessera against OpenBLAS.
GFLOPS_COLUMNS = [
    ("-O3", "o3", 1),
    ("tessera 1t", "tessera", 1),
    ("tessera-omp 1t", "tessera-omp", 1),
    ("tessera-omp 2t", "tessera-omp", 2),
    ("tessera fixed 1t", "tessera-fixed", 1),
    ("tessera-omp fixed 2t", "tessera-omp-fixed", 2),
    ("tiled (-tessera-matmul=0) 1t", "tessera-tiled", 1),
    ("tiled 2t", "tessera-omp-tiled", 2),
    ("openblas 1t", "openblas", 1),
    ("openblas 2t", "openblas", 2),
]


def markdown_gflops(table: Table) -> list[str]:
    def rate(k, cfg, t):
        r = table.row(k, cfg, t)
        return to_float(r.get("gflops")) if r else None

    kernels = [k for k in table.kernels if rate(k, "o3", 1)]
    if not kernels:
        return []
    head = ["kernel"] + [c[0] for c in GFLOPS_COLUMNS] + ["tessera / openblas 1t", "tessera-omp / openblas 2t"]
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for k in kernels:
        cells = [k] + [f"{v:.1f}" if (v := rate(k, cfg, t)) else "–" for _, cfg, t in GFLOPS_COLUMNS]
        for mine, blas in ((rate(k, "tessera", 1), rate(k, "openblas", 1)), (rate(k, "tessera-omp", 2), rate(k, "openblas", 2))):
            cells.append(f"{mine / blas:.2f}x" if mine and blas else "–")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def geomean_summary(table: Table) -> list[tuple[str, float]]:
    out = []
    for header, cfg, t in table.speedup_columns():
        m = geomean([table.speedup(k, cfg, t) for k in table.kernels])
        if m:
            out.append((header, m))
    return out


def write_markdown(rows: list[dict], path: Path, title: str, meta: list[str], notes: list[str]):
    table = Table(rows)
    out = [f"# {title}", ""]
    out += [f"- {m}" for m in meta]
    out += [
        "",
        "Speedup = median -O3 kernel time / median configuration kernel time (>1 is faster);",
        "the kernel call alone is timed, initialization, checking and the OpenMP runtime's",
        "start-up (begun before the timer in `-fopenmp` builds) are not.",
        "`tessera 1t` is `-fpass-plugin` without OpenMP; `tessera 2t` is the `-fopenmp` build at",
        "OMP_NUM_THREADS=2; `polly 1t` is `-mllvm -polly`; `polly 2t` is `-polly-parallel` with",
        "`-fopenmp` at 2 threads. Configurations without OpenMP run once per repetition and serve",
        "both thread counts. `MISMATCH`: the output checksum differs from -O3's in any bit",
        "(left out of the geomean); `error`: the build or the run failed.",
        "",
    ]
    out += markdown_speedups(table)
    gflops = markdown_gflops(table)
    if gflops:
        out += ["", "## GFLOP/s of the gemm-class kernels", "", "Floating-point operations (a multiply-add is two) per second of the kernel call; `openblas` is the same computation through OpenBLAS (`bench/kernels/blas/`).", ""]
        out += gflops
    out += ["", "## Compile time", "", "Wall time of the clang command (median of the builds) relative to -O3.", ""]
    out += markdown_compile(table)
    if notes:
        out += ["", "## Notes", ""] + [f"- {n}" for n in notes]
    path.write_text("\n".join(out) + "\n")


def write_chart(rows: list[dict], path: Path, title: str) -> bool:
    """Grouped bars of the speedups, log scale. False when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    table = Table(rows)
    columns = table.speedup_columns()
    kernels = table.kernels
    width = 0.8 / max(1, len(columns))
    fig, ax = plt.subplots(figsize=(max(10.0, 0.55 * len(kernels) + 2), 6))
    for i, (header, cfg, t) in enumerate(columns):
        xs = [x + (i - (len(columns) - 1) / 2) * width for x in range(len(kernels))]
        # A missing or mismatching value is drawn as no bar rather than as 1x.
        ys = [table.speedup(k, cfg, t) or float("nan") for k in kernels]
        # Bars grow from 1x, up for speedups and down for slowdowns.
        ax.bar(xs, [y - 1.0 for y in ys], width, bottom=1.0, label=header)
    ax.set_yscale("log")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(kernels)))
    ax.set_xticklabels(kernels, rotation=60, ha="right")
    ax.set_ylabel("speedup over clang -O3 (log scale)")
    means = ", ".join(f"{h} {m:.2f}x" for h, m in geomean_summary(table))
    ax.set_title(f"{title}\ngeomean: {means}" if means else title, fontsize=10)
    ax.legend(fontsize=8, ncol=len(columns))
    ax.grid(axis="y", which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv", type=Path)
    parser.add_argument("--md", type=Path)
    parser.add_argument("--png", type=Path)
    args = parser.parse_args()
    rows = read_csv(args.csv)
    title = f"Tessera benchmarks ({args.csv.stem})"
    md = args.md or args.csv.with_suffix(".md")
    png = args.png or args.csv.with_suffix(".png")
    write_markdown(rows, md, title, [f"from {args.csv}"], [])
    print(f"wrote {md}")
    if write_chart(rows, png, title):
        print(f"wrote {png}")
    else:
        print("matplotlib is missing: no chart (apt-get install python3-matplotlib)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
