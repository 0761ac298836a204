#!/usr/bin/env python3
"""Runs benches/poly_corpus.txt through isl (islpy) and compares with our numbers.

Usage: bench_poly_isl.py --ours OURS.csv [--corpus FILE] [--min-ms N] [--filter TEXT]

OURS.csv is written by `cargo bench --no-default-features --bench poly -- --csv OURS.csv`
(columns name, kind, our_us, our_parse_op_us, answer). Timing method is the
same as the Rust bench: batches of >= ~5 ms (at most 500 calls here) until
>= min-ms (or 20x that in wall time) and >= 5 batches, median per-op time.
isl caches results inside its objects (a basic set remembers its sample
point / emptiness), so every timed call gets a freshly parsed object.

Two measurements per side: the operation alone on an already parsed set, and
parse + operation. isl simplifies while building a set (Gaussian elimination,
obvious contradictions), so for cheap problems it often has the answer before
the timed operation starts; parse + op is the fairer end-to-end number.

Prints problem, kind, both times and ratios (ours / isl), whether the answers
agree, then max/median ratio per kind and per kernel and the overall median.
Exit status 1 if any answer disagrees (a correctness bug on one side).
"""

import argparse
import csv
import json
import statistics
import sys
import time
from pathlib import Path

try:
    import islpy as isl
except ImportError:
    sys.exit("islpy is not installed (pip install islpy)")


def parse_corpus(text):
    probs = []
    cur = None
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#"):
            if not s:
                cur = None
            continue
        if s.startswith("@"):
            w = s[1:].split()
            cur = dict(kind=w[0], name=w[1], args=[int(x) for x in w[2:]], sets=[])
            probs.append(cur)
        elif cur is not None:
            cur["sets"].append(s)
    return probs


def is_map(text):
    body = text[text.index("{"):]
    return "->" in body


def obj(text):
    return isl.Map(text) if is_map(text) else isl.Set(text)


def make_op(p):
    """(fresh-argument factory, operation)"""
    k, sets, args = p["kind"], p["sets"], p["args"]
    if k == "empty":
        return (lambda: (obj(sets[0]),)), (lambda s: s.is_empty())
    if k == "lexmin":
        return (lambda: (obj(sets[0]),)), (lambda s: s.lexmin())
    if k == "project":
        first, n = args
        return (lambda: (obj(sets[0]),)), (lambda s: s.project_out(isl.dim_type.set, first, n))
    if k == "subtract":
        return (lambda: (obj(sets[0]), obj(sets[1]))), (lambda a, b: a.subtract(b))
    raise ValueError(f"unknown kind {k}")


def time_op(fresh, op, min_ms):
    args = fresh()
    t0 = time.perf_counter()
    op(*args)
    one = max(time.perf_counter() - t0, 5e-8)
    # Fresh inputs cost a parse each: cap the batch and the wall time (when
    # isl already decided the answer while parsing, an op is ~0.1 us).
    batch = max(1, min(int(0.005 / one), 500))
    per_op, spent, wall = [], 0.0, time.perf_counter()
    while (spent < min_ms / 1000 and time.perf_counter() - wall < 20 * min_ms / 1000) or len(per_op) < 5:
        inputs = [fresh() for _ in range(batch)]
        t = time.perf_counter()
        for a in inputs:
            op(*a)
        dt = time.perf_counter() - t
        spent += dt
        per_op.append(dt * 1e6 / batch)
    per_op.sort()
    return per_op[len(per_op) // 2]


def lexmin_point(s):
    if s.is_empty():
        return None
    pts = []
    s.foreach_point(lambda p: pts.append([p.get_coordinate_val(isl.dim_type.set, i).to_python()
                                          for i in range(s.dim(isl.dim_type.set))]))
    return pts[0]


def anon(s):
    """Drops tuple names so that ours and isl's results compare by points."""
    return s.reset_tuple_id() if isinstance(s, isl.Set) else s


def check(p, ours_answer, isl_result):
    """Returns (ok, note)."""
    k = p["kind"]
    if ours_answer.startswith("error"):
        return False, f"ours failed: {ours_answer}"
    if k == "empty":
        theirs = "empty" if isl_result else "nonempty"
        return ours_answer == theirs, "" if ours_answer == theirs else f"ours {ours_answer}, isl {theirs}"
    if k == "lexmin":
        theirs = lexmin_point(isl_result)
        mine = None if ours_answer == "none" else json.loads(ours_answer)
        return mine == theirs, "" if mine == theirs else f"ours {mine}, isl {theirs}"
    if k == "project":
        flag, text = ours_answer.split(" ", 1)
        mine = anon(obj(text))
        theirs = anon(isl_result)
        if flag == "exact":
            ok = mine.is_equal(theirs)
            return ok, "" if ok else f"ours (exact) {text} != isl {isl_result}"
        ok = theirs.is_subset(mine)
        note = "inexact, equal" if mine.is_equal(theirs) else "inexact over-approx (documented)"
        return ok, note if ok else f"ours (inexact) {text} does not contain isl {isl_result}"
    if k == "subtract":
        mine = anon(obj(ours_answer))
        ok = mine.is_equal(anon(isl_result))
        return ok, "" if ok else f"ours {ours_answer} != isl {isl_result}"
    return False, "unknown kind"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", required=True)
    ap.add_argument("--corpus", default=str(Path(__file__).resolve().parent.parent / "benches" / "poly_corpus.txt"))
    ap.add_argument("--min-ms", type=float, default=50)
    ap.add_argument("--filter", default="")
    a = ap.parse_args()

    ours = {r["name"]: r for r in csv.DictReader(open(a.ours))}
    probs = [p for p in parse_corpus(Path(a.corpus).read_text()) if a.filter in p["name"] and p["name"] in ours]
    print(f"isl via islpy {isl.__version__}\n")
    hdr = (f"{'problem':<38} {'kind':<9} {'ours us':>10} {'isl us':>10} {'ratio':>7}"
           f" {'ours p+op':>10} {'isl p+op':>10} {'ratio':>7}  answers")
    print(hdr)
    print("-" * len(hdr))
    rows, bad = [], []
    for p in probs:
        fresh, op = make_op(p)
        res = op(*fresh())
        o = ours[p["name"]]
        ok, note = check(p, o["answer"], res)
        us = time_op(fresh, op, a.min_ms)
        tot = time_op(lambda: (), lambda: op(*fresh()), a.min_ms)
        our_us = float(o["our_us"])
        our_tot = float(o["our_parse_op_us"])
        ratio = our_us / us
        rows.append((p, ratio, our_tot / tot, us < 1.0))
        if not ok:
            bad.append((p["name"], note))
        mark = "ok" if ok else "DISAGREE"
        print(f"{p['name']:<38} {p['kind']:<9} {our_us:>10.2f} {us:>10.2f} {ratio:>7.2f}"
              f" {our_tot:>10.2f} {tot:>10.2f} {our_tot / tot:>7.2f}  {mark}{' (' + note + ')' if ok and note else ''}")
        sys.stdout.flush()

    def summary(label, key):
        groups = {}
        for p, r, rt, _ in rows:
            groups.setdefault(key(p), []).append((r, rt))
        print(f"\nratio ours/isl per {label}:    op only: {'max':>7} {'median':>7}"
              f"    parse+op: {'max':>7} {'median':>7}")
        for g, rs in groups.items():
            r1 = [x for x, _ in rs]
            r2 = [y for _, y in rs]
            print(f"  {g:<10} (n={len(rs):>2})            {max(r1):>7.2f} {statistics.median(r1):>7.2f}"
                  f"              {max(r2):>7.2f} {statistics.median(r2):>7.2f}")

    summary("kind", lambda p: p["kind"])
    summary("kernel", lambda p: p["name"].split("_")[0])
    if rows:
        print()
        for i, label in ((1, "op only"), (2, "parse+op")):
            med = statistics.median(r[i] for r in rows)
            worst = max(rows, key=lambda x: x[i])
            print(f"{label:<9}: overall median ratio {med:.2f} (goal <= 0.5); "
                  f"worst {worst[0]['name']} {worst[i]:.2f} (goal <= 1.0)")
        pre = [r for r in rows if r[3]]
        rest = [r for r in rows if not r[3]]
        print(f"\n{len(pre)} problem(s) took isl < 1 us: it decided them while parsing (Gaussian"
              f" elimination / simplification at construction), so their op-only ratio mostly"
              f" measures that; the op-only median over the other {len(rest)} is "
              f"{statistics.median(r[1] for r in rest) if rest else float('nan'):.2f}.")
        print("parse+op is dominated by isl's text reader (~1-2 ms per set via islpy), so it"
              " flatters us; the goal is judged on op only.")
    if bad:
        print(f"\n!!! {len(bad)} ANSWER DISAGREEMENT(S) between ours and isl (correctness bug):")
        for n, note in bad:
            print(f"!!!   {n}: {note}")
        sys.exit(1)
    print("\nall answers agree with isl")


if __name__ == "__main__":
    main()
