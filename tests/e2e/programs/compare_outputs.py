#!/usr/bin/env python3
"""Compare two program outputs token by token.

Tokens that both parse as integers must be equal; tokens that both parse as
floats must agree within a relative tolerance (default 1e-9); any other token
must match exactly. Exit 0 when equal, 1 otherwise (details on stdout).
Usage: compare_outputs.py REF OUT [RTOL]
"""
import math
import sys


def parse_int(t):
    try:
        return int(t)
    except ValueError:
        return None


def parse_float(t):
    try:
        return float(t)
    except ValueError:
        return None


def close(a, b, rtol):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if a == b:
        return True
    return abs(a - b) <= rtol * max(abs(a), abs(b))


def main():
    ref_path, out_path = sys.argv[1], sys.argv[2]
    rtol = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-9
    ref = open(ref_path).read().split()
    out = open(out_path).read().split()
    if len(ref) != len(out):
        print(f"token count differs: {len(ref)} vs {len(out)}")
        return 1
    worst = 0.0
    bad = 0
    for i, (a, b) in enumerate(zip(ref, out)):
        if a == b:
            continue
        ia, ib = parse_int(a), parse_int(b)
        if ia is not None and ib is not None:
            print(f"token {i}: integer {a} vs {b}")
            bad += 1
            continue
        fa, fb = parse_float(a), parse_float(b)
        if fa is None or fb is None:
            print(f"token {i}: {a!r} vs {b!r}")
            bad += 1
            continue
        rel = abs(fa - fb) / max(abs(fa), abs(fb))
        worst = max(worst, rel)
        if not close(fa, fb, rtol):
            print(f"token {i}: {a} vs {b} (rel {rel:.3g})")
            bad += 1
    if worst > 0:
        print(f"max_rel_diff {worst:.3g}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
