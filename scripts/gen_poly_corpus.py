#!/usr/bin/env python3
"""Regenerates benches/poly_corpus.txt, the fixed corpus of `cargo bench --bench poly`.

Not run by the bench: the corpus is committed as text and this script only
documents (and reproduces) how it was derived.  It needs islpy (only to run
the Pluto-style hyperplane search that decides which ILP comes next; the
problems themselves are derived here with exact rational arithmetic).

Kernels (statement domains, accesses, textual positions):
  matmul  C[i][j] += A[i][k] * B[k][j]
  lu      right-looking LU (k, i) / (k, i, j), triangular
  heat3d  3-D 7-point Jacobi stencil with a time loop, two statements
  imperf  a made-up 10-statement imperfect nest sharing arrays

Reproducers with constant sizes (no parameters: every bound is a number,
the way a SCoP of a program with #define'd sizes reaches the scheduler), each
at the sizes of the reproducer ("1000") and scaled up ("4000"):
  tri      B[i][j] += A[k][i] * B[k][j] for k > i, then B[i][j] *= alpha
           (fixed_tri.c; M x N = 1000 x 1200 and 4000 x 4800)
  stencil  2-D 5-point Jacobi, two statements under a time loop
           (fixed_stencil.c; T, N = 500, 1300 and 2000, 4000)
  cov      covariance: column means, centring, then the triangular
           cov[i][j] (j >= i) accumulation and its mirror store
           (fixed_cov.c; M x N = 1200 x 1400 and 4000 x 4600)

Problems:
  empty    dependence polyhedra (flow/anti/output, one per carrying level and
           the loop-independent one) and Pluto's "is this dependence
           strongly satisfied by the hyperplane found" tests
  lexmin   Pluto-style ILPs over (u, w, c...): Farkas-linearised legality
           (phi_T - phi_S >= 0 on D) and bounding (u.N + w - (phi_T - phi_S)
           >= 0 on D) for every unsatisfied dependence, multipliers removed by
           rational Fourier-Motzkin, plus c >= 0, non-triviality and linear
           independence from the hyperplanes already found
  project  Fourier-Motzkin projections (dependence sources, inner loops)
  subtract set differences (domains minus dependence sources / tiles)
"""

import re
import sys
from fractions import Fraction
from itertools import product
from math import gcd
from pathlib import Path

try:
    import islpy as isl
except ImportError:  # pragma: no cover
    sys.exit("gen_poly_corpus.py needs islpy (pip install islpy)")

# ---------------------------------------------------------------- affine --

TERM = re.compile(r"\s*([+-]?)\s*(\d*)\s*\*?\s*([A-Za-z_][A-Za-z_0-9']*)?")


def aff(s):
    """'i - 2*k + 1' -> {'i': 1, 'k': -2, 1: 1}"""
    out = {}
    s = s.strip()
    pos = 0
    while pos < len(s):
        m = TERM.match(s, pos)
        if not m or m.end() == pos:
            raise ValueError(f"bad affine expression {s!r} at {pos}")
        sign, num, var = m.groups()
        c = int(num) if num else 1
        if sign == "-":
            c = -c
        key = var if var else 1
        if not num and not var:
            raise ValueError(f"bad affine expression {s!r}")
        out[key] = out.get(key, 0) + c
        pos = m.end()
    return {k: v for k, v in out.items() if v}


def sub(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) - v
    return {k: v for k, v in out.items() if v}


def cons(s):
    """'0 <= i < N' -> list of affine dicts meaning '>= 0'; '=' gives ('eq', d)."""
    parts = re.split(r"(<=|>=|<|>|=)", s)
    es = [aff(p) for p in parts[0::2]]
    ops = parts[1::2]
    out = []
    for k, op in enumerate(ops):
        l, r = es[k], es[k + 1]
        if op == "<=":
            out.append(("ge", sub(r, l)))
        elif op == "<":
            out.append(("ge", sub(sub(r, l), {1: 1})))
        elif op == ">=":
            out.append(("ge", sub(l, r)))
        elif op == ">":
            out.append(("ge", sub(sub(l, r), {1: 1})))
        else:
            out.append(("eq", sub(l, r)))
    return out


def rename(d, m):
    return {m.get(k, k) if k != 1 else 1: v for k, v in d.items()}


def fmt_aff(d, order):
    terms = []
    for v in order:
        c = d.get(v, 0)
        if c:
            terms.append((c, v))
    k = d.get(1, 0)
    s = ""
    for c, v in terms:
        mag = abs(c)
        t = v if mag == 1 else f"{mag}{v}"
        s += (" - " if c < 0 else " + ") + t if s else ("-" if c < 0 else "") + t
    if k or not s:
        s += (" - " if k < 0 else " + ") + str(abs(k)) if s else str(k)
    return s


def fmt_cons(kind, d, order):
    """Writes `lhs >= rhs` / `lhs = rhs` with positive terms on the left."""
    pos = {v: c for v, c in d.items() if v != 1 and c > 0}
    neg = {v: -c for v, c in d.items() if v != 1 and c < 0}
    k = d.get(1, 0)
    if k > 0:
        pos[1] = k
    elif k < 0:
        neg[1] = -k
    op = "=" if kind == "eq" else ">="
    return f"{fmt_aff(pos, order)} {op} {fmt_aff(neg, order)}"


def fmt_set(params, tuples, constraints, order):
    """tuples: [(name, [vars])] (one: set, two: map)."""
    pre = f"[{', '.join(params)}] -> " if params else ""
    tup = " -> ".join(f"{n}[{', '.join(vs)}]" for n, vs in tuples)
    body = " and ".join(fmt_cons(k, d, order) for k, d in constraints)
    return f"{pre}{{ {tup} : {body} }}" if body else f"{pre}{{ {tup} }}"


# --------------------------------------------------------------- kernels --


class Stmt:
    def __init__(self, name, iters, dom, acc, beta):
        self.name, self.iters, self.beta = name, iters, beta
        self.dom = [c for s in dom for c in cons(s)]
        self.acc = [(a, rw, [aff(x) for x in idx]) for a, rw, idx in acc]


def K(name, params, context, stmts, cap=None, hyperplanes=None):
    """cap: how many dependence polyhedra go into the corpus (see spread());
    hyperplanes: how many Pluto-style ILPs to chain.  Left out, the values
    of the first kernels apply (kept in main() so their output is unchanged)."""
    return dict(name=name, params=params, context=[c for s in context for c in cons(s)], stmts=stmts,
                cap=cap, hyperplanes=hyperplanes)


KERNELS = [
    K("matmul", ["N"], ["N >= 1"], [
        Stmt("S", ["i", "j", "k"], ["0 <= i < N", "0 <= j < N", "0 <= k < N"],
             [("C", "W", ["i", "j"]), ("C", "R", ["i", "j"]), ("A", "R", ["i", "k"]), ("B", "R", ["k", "j"])],
             [0, 0, 0, 0]),
    ]),
    K("lu", ["N"], ["N >= 2"], [
        Stmt("S1", ["k", "i"], ["0 <= k < N", "k + 1 <= i < N"],
             [("A", "W", ["i", "k"]), ("A", "R", ["i", "k"]), ("A", "R", ["k", "k"])],
             [0, 0, 0]),
        Stmt("S2", ["k", "i", "j"], ["0 <= k < N", "k + 1 <= i < N", "k + 1 <= j < N"],
             [("A", "W", ["i", "j"]), ("A", "R", ["i", "j"]), ("A", "R", ["i", "k"]), ("A", "R", ["k", "j"])],
             [0, 0, 1, 0]),
    ]),
    K("heat3d", ["T", "N"], ["T >= 1", "N >= 3"], [
        Stmt("S1", ["t", "i", "j", "k"], ["0 <= t < T", "1 <= i <= N - 2", "1 <= j <= N - 2", "1 <= k <= N - 2"],
             [("B", "W", ["i", "j", "k"]), ("A", "R", ["i", "j", "k"]),
              ("A", "R", ["i - 1", "j", "k"]), ("A", "R", ["i + 1", "j", "k"]),
              ("A", "R", ["i", "j - 1", "k"]), ("A", "R", ["i", "j + 1", "k"]),
              ("A", "R", ["i", "j", "k - 1"]), ("A", "R", ["i", "j", "k + 1"])],
             [0, 0, 0, 0, 0]),
        Stmt("S2", ["t", "i", "j", "k"], ["0 <= t < T", "1 <= i <= N - 2", "1 <= j <= N - 2", "1 <= k <= N - 2"],
             [("A", "W", ["i", "j", "k"]), ("B", "R", ["i", "j", "k"])],
             [0, 1, 0, 0, 0]),
    ]),
    K("imperf", ["N"], ["N >= 2"], [
        Stmt("S0", ["i"], ["0 <= i < N"], [("s", "W", ["i"])], [0, 0]),
        Stmt("S1", ["i", "j"], ["0 <= i < N", "0 <= j < N"],
             [("t", "W", ["i", "j"]), ("A", "R", ["i", "j"])], [0, 1, 0]),
        Stmt("S2", ["i", "j"], ["0 <= i < N", "0 <= j < N"],
             [("s", "W", ["i"]), ("s", "R", ["i"]), ("t", "R", ["i", "j"])], [0, 1, 1]),
        Stmt("S3", ["i", "j", "k"], ["0 <= i < N", "0 <= j < N", "0 <= k <= j"],
             [("C", "W", ["i", "j"]), ("C", "R", ["i", "j"]), ("A", "R", ["i", "k"]), ("B", "R", ["k", "j"])],
             [0, 1, 2, 0]),
        Stmt("S4", ["i", "j"], ["0 <= i < N", "0 <= j < N"],
             [("D", "W", ["i", "j"]), ("C", "R", ["i", "j"]), ("s", "R", ["i"])], [0, 1, 3]),
        Stmt("S5", ["i"], ["0 <= i < N"], [("x", "W", ["i"]), ("s", "R", ["i"])], [0, 2]),
        Stmt("S6", ["i", "j"], ["0 <= i < N", "0 <= j < i"],
             [("y", "W", ["i"]), ("y", "R", ["i"]), ("D", "R", ["i", "j"]), ("x", "R", ["j"])], [0, 3, 0]),
        Stmt("S7", ["i"], ["0 <= i < N"], [("z", "W", ["i"]), ("y", "R", ["i"]), ("x", "R", ["i"])], [0, 4]),
        Stmt("S8", ["i", "j"], ["0 <= i < N", "0 <= j < N"],
             [("E", "W", ["i", "j"]), ("D", "R", ["j", "i"]), ("z", "R", ["i"])], [1, 0, 0]),
        Stmt("S9", ["i", "j"], ["0 <= i < N", "0 <= j < N"],
             [("A", "W", ["i", "j"]), ("E", "R", ["i", "j"]), ("C", "R", ["i", "j"])], [1, 0, 1]),
    ]),
]


# Constant-size kernels: the sizes are written into the bounds, so the
# kernels have no parameters (the bounding constraints of the ILPs then carry
# the sizes as constants instead of a u.N term).
def tri(name, m, n):
    return K(name, [], [], [
        Stmt("S1", ["i", "j", "k"], [f"0 <= i < {m}", f"0 <= j < {n}", f"i + 1 <= k < {m}"],
             [("B", "W", ["i", "j"]), ("B", "R", ["i", "j"]), ("A", "R", ["k", "i"]), ("B", "R", ["k", "j"])],
             [0, 0, 0, 0]),
        Stmt("S2", ["i", "j"], [f"0 <= i < {m}", f"0 <= j < {n}"],
             [("B", "W", ["i", "j"]), ("B", "R", ["i", "j"])],
             [0, 0, 1]),
    ], cap=8, hyperplanes=3)


def stencil(name, t, n):
    body = lambda out, inp: [
        (out, "W", ["i", "j"]), (inp, "R", ["i", "j"]), (inp, "R", ["i", "j - 1"]), (inp, "R", ["i", "j + 1"]),
        (inp, "R", ["i + 1", "j"]), (inp, "R", ["i - 1", "j"])]
    dom = [f"0 <= t < {t}", f"1 <= i < {n - 1}", f"1 <= j < {n - 1}"]
    return K(name, [], [], [
        Stmt("S1", ["t", "i", "j"], dom, body("B", "A"), [0, 0, 0, 0]),
        Stmt("S2", ["t", "i", "j"], dom, body("A", "B"), [0, 1, 0, 0]),
    ], cap=8, hyperplanes=3)


def cov(name, m, n):
    return K(name, [], [], [
        Stmt("S0", ["j"], [f"0 <= j < {m}"], [("mean", "W", ["j"])], [0, 0]),
        Stmt("S1", ["j", "i"], [f"0 <= j < {m}", f"0 <= i < {n}"],
             [("mean", "W", ["j"]), ("mean", "R", ["j"]), ("data", "R", ["i", "j"])], [0, 1, 0]),
        Stmt("S2", ["j"], [f"0 <= j < {m}"], [("mean", "W", ["j"]), ("mean", "R", ["j"])], [0, 2]),
        Stmt("S3", ["i", "j"], [f"0 <= i < {n}", f"0 <= j < {m}"],
             [("data", "W", ["i", "j"]), ("data", "R", ["i", "j"]), ("mean", "R", ["j"])], [1, 0, 0]),
        Stmt("S4", ["i", "j"], [f"0 <= i < {m}", f"i <= j < {m}"], [("cov", "W", ["i", "j"])], [2, 0, 0]),
        Stmt("S5", ["i", "j", "k"], [f"0 <= i < {m}", f"i <= j < {m}", f"0 <= k < {n}"],
             [("cov", "W", ["i", "j"]), ("cov", "R", ["i", "j"]), ("data", "R", ["k", "i"]), ("data", "R", ["k", "j"])],
             [2, 0, 1, 0]),
        Stmt("S6", ["i", "j"], [f"0 <= i < {m}", f"i <= j < {m}"],
             [("cov", "W", ["i", "j"]), ("cov", "R", ["i", "j"])], [2, 0, 2]),
        Stmt("S7", ["i", "j"], [f"0 <= i < {m}", f"i <= j < {m}"],
             [("cov", "W", ["j", "i"]), ("cov", "R", ["i", "j"])], [2, 0, 3]),
    ], cap=12, hyperplanes=3)


KERNELS += [
    tri("tri1000", 1000, 1200), tri("tri4000", 4000, 4800),
    stencil("stencil1000", 500, 1300), stencil("stencil4000", 2000, 4000),
    cov("cov1000", 1200, 1400), cov("cov4000", 4000, 4600),
]

# ---------------------------------------------------------- dependences --


class Dep:
    """D over variables src (s_), dst (t_), params; constraints ('ge'|'eq', dict)."""

    def __init__(self, kern, S, T, kind, array, level, cs):
        self.kern, self.S, self.T, self.kind, self.array, self.level, self.cs = kern, S, T, kind, array, level, cs
        self.svars = [v for v in S.iters]
        self.tvars = [v + "'" for v in T.iters]

    def text(self):
        order = self.kern["params"] + self.svars + self.tvars
        return fmt_set(self.kern["params"], [(self.S.name, self.svars), (self.T.name, self.tvars)], self.cs, order)

    def set_text(self):
        """The same polyhedron as an unnamed set [s..., t...] (for projections)."""
        order = self.kern["params"] + self.svars + self.tvars
        return fmt_set(self.kern["params"], [("", self.svars + self.tvars)], self.cs, order)


def shared_loops(S, T):
    c = 0
    while c < min(len(S.iters), len(T.iters)) and S.beta[c] == T.beta[c]:
        c += 1
    return c


def dependences(kern):
    deps = []
    tmap = lambda T: {v: v + "'" for v in T.iters}
    for S, T in product(kern["stmts"], repeat=2):
        c = shared_loops(S, T)
        for (a1, rw1, idx1), (a2, rw2, idx2) in product(S.acc, T.acc):
            if a1 != a2 or (rw1 == "R" and rw2 == "R"):
                continue
            kind = {"WR": "flow", "RW": "anti", "WW": "output"}[rw1 + rw2]
            base = list(kern["context"]) + list(S.dom)
            base += [(k, rename(d, tmap(T))) for k, d in T.dom]
            base += [("eq", sub(x, rename(y, tmap(T)))) for x, y in zip(idx1, idx2)]
            levels = list(range(1, c + 1))
            if S is not T and S.beta[c] < T.beta[c]:
                levels.append(0)  # loop independent
            for lev in levels:
                cs = list(base)
                n_eq = lev - 1 if lev else c
                for l in range(n_eq):
                    cs.append(("eq", sub({T.iters[l] + "'": 1}, {S.iters[l]: 1})))
                if lev:
                    cs.append(("ge", sub(sub({T.iters[lev - 1] + "'": 1}, {S.iters[lev - 1]: 1}), {1: 1})))
                deps.append(Dep(kern, S, T, kind, a1, lev, dedup(cs)))
    return deps


def norm(kind, d):
    g = 0
    for v in d.values():
        g = gcd(g, v)
    if g > 1:
        if kind == "ge":
            k = d.get(1, 0)
            d = {v: c // g for v, c in d.items() if v != 1}
            kk = k // g if k >= 0 else -((-k) // g)  # floor
            if kk:
                d[1] = kk
        else:
            d = {v: c // g for v, c in d.items()}
    if kind == "eq":
        first = next((c for v, c in sorted(d.items(), key=lambda x: str(x[0])) if v != 1), 1)
        if first < 0:
            d = {v: -c for v, c in d.items()}
    return kind, d


def dedup(cs):
    out, seen = [], set()
    for k, d in cs:
        k, d = norm(k, {v: c for v, c in d.items() if c})
        if not d or (k == "ge" and list(d) == [1] and d[1] >= 0):
            continue
        key = (k, tuple(sorted((str(v), c) for v, c in d.items())))
        if key not in seen:
            seen.add(key)
            out.append((k, d))
    return out


# ------------------------------------------------------- Farkas / Pluto --


def unknowns(kern):
    us = [f"u{p}" for p in kern["params"]] + ["w"]
    for S in kern["stmts"]:
        us += [f"c{S.name}_{v}" for v in S.iters] + [f"c{S.name}_0"]
    return us


def farkas_rows(dep, form_coef, form_const):
    """Constraints on the unknowns making the form >= 0 on D (rational Farkas).

    form_coef: {var of D: {unknown: coeff, 1: const}}; form_const likewise.
    Returns a list of ('ge'|'eq', dict over unknowns) rows."""
    xs = dep.kern["params"] + dep.svars + dep.tvars
    ineqs = [dict(d) for k, d in dep.cs if k == "ge"]
    eqs = [dict(d) for k, d in dep.cs if k == "eq"]
    coef = {x: dict(form_coef.get(x, {})) for x in xs}
    const = dict(form_const)
    # Remove equalities of D with a unit coefficient by substitution.
    xs = list(xs)
    while True:
        pick = None
        for e in eqs:
            for x in xs:
                if abs(e.get(x, 0)) == 1:
                    pick = (e, x)
                    break
            if pick:
                break
        if not pick:
            break
        e, x = pick
        eqs.remove(e)
        s = e[x]
        # x = -s * (e - s x)
        expr = {v: -s * c for v, c in e.items() if v != x}

        def subst(r):
            if x not in r:
                return r
            a = r.pop(x)
            for v, c in expr.items():
                r[v] = r.get(v, 0) + a * c
            return {v: c for v, c in r.items() if c}

        ineqs = [subst(r) for r in ineqs]
        eqs = [subst(r) for r in eqs]
        f = coef.pop(x)
        for v, c in expr.items():
            tgt = const if v == 1 else coef.setdefault(v, {})
            for u, cu in f.items():
                tgt[u] = tgt.get(u, 0) + c * cu
        xs.remove(x)
    # Multipliers: l0 (constant), l_i for ineqs, m_e for eqs (free).
    lams = [f"l{i}" for i in range(len(ineqs))]
    mus = [f"m{i}" for i in range(len(eqs))]
    rows_eq, rows_ge = [], []
    for x in xs + [1]:
        r = {u: Fraction(c) for u, c in (coef.get(x, {}) if x != 1 else const).items()}
        for lname, ineq in zip(lams, ineqs):
            if ineq.get(x, 0):
                r[lname] = r.get(lname, 0) - ineq[x]
        for mname, e in zip(mus, eqs):
            if e.get(x, 0):
                r[mname] = r.get(mname, 0) - e[x]
        r = {k: v for k, v in r.items() if v}
        (rows_ge if x == 1 else rows_eq).append(r)  # const row: = l0 >= 0
    for l in lams:
        rows_ge.append({l: Fraction(1)})
    return fm_eliminate(rows_eq, rows_ge, mus + lams)


def scale_int(r):
    den = 1
    for v in r.values():
        den = den * Fraction(v).denominator // gcd(den, Fraction(v).denominator)
    ri = {k: int(v * den) for k, v in r.items()}
    g = 0
    for v in ri.values():
        g = gcd(g, v)
    return {k: v // g for k, v in ri.items()} if g > 1 else ri


def fm_eliminate(eqs, ges, elim):
    """Rational elimination of `elim` (Gauss with equalities, then FM with
    Chernikov's rule). Rows: dict var -> Fraction (1 = constant)."""
    ges = [(scale_int(r), frozenset([i])) for i, r in enumerate(ges)]
    eqs = [scale_int(r) for r in eqs]
    n_fm = 0
    remaining = list(elim)
    while remaining:
        # Prefer a variable with an equality; else the cheapest FM.
        v = next((x for x in remaining if any(e.get(x) for e in eqs)), None)
        if v is not None:
            e = next(e for e in eqs if e.get(v))
            eqs.remove(e)

            def elim_with(r):
                if not r.get(v):
                    return r
                a, b = e[v], r[v]
                sgn = 1 if a > 0 else -1
                out = {}
                for k in set(r) | set(e):
                    out[k] = abs(a) * r.get(k, 0) - sgn * b * e.get(k, 0)
                return scale_int({k: c for k, c in out.items() if c})

            eqs = [elim_with(r) for r in eqs]
            ges = [(elim_with(r), h) for r, h in ges]
        else:
            def cost(x):
                p = sum(1 for r, _ in ges if r.get(x, 0) > 0)
                n = sum(1 for r, _ in ges if r.get(x, 0) < 0)
                return p * n - p - n
            v = min(remaining, key=cost)
            n_fm += 1
            pos = [(r, h) for r, h in ges if r.get(v, 0) > 0]
            neg = [(r, h) for r, h in ges if r.get(v, 0) < 0]
            keep = [(r, h) for r, h in ges if not r.get(v, 0)]
            for (p, hp), (q, hq) in product(pos, neg):
                h = hp | hq
                if len(h) > n_fm + 1:
                    continue
                a, b = p[v], -q[v]
                out = {}
                for k in set(p) | set(q):
                    out[k] = b * p.get(k, 0) + a * q.get(k, 0)
                keep.append((scale_int({k: c for k, c in out.items() if c}), h))
            ges = keep
        remaining.remove(v)
        ges = prune(ges)
        eqs = [e for e in eqs if e]
    rows = [("eq", e) for e in eqs] + [("ge", r) for r, _ in ges]
    return rows


def prune(ges):
    """Drops trivially true rows and rows implied by a parallel one."""
    best = {}
    for r, h in ges:
        lin = tuple(sorted((str(k), c) for k, c in r.items() if k != 1))
        k = r.get(1, 0)
        if not lin:
            if k < 0:
                best[()] = (r, h)  # infeasible: keep one
            continue
        if lin not in best or best[lin][0].get(1, 0) > k:
            best[lin] = (r, h)
    return list(best.values())


def phi(S, tvar=False):
    """phi_S over S's iterators as {var: {unknown: 1}}, constant {c_0: 1}."""
    co = {}
    for v in S.iters:
        co[v + ("'" if tvar else "")] = {f"c{S.name}_{v}": 1}
    return co, {f"c{S.name}_0": 1}


def add_form(a, b, sign=1):
    out = {k: dict(v) for k, v in a.items()}
    for x, f in b.items():
        t = out.setdefault(x, {})
        for u, c in f.items():
            t[u] = t.get(u, 0) + sign * c
    return out


def add_lin(a, b, sign=1):
    out = dict(a)
    for u, c in b.items():
        out[u] = out.get(u, 0) + sign * c
    return out


def legality_and_bounding(dep):
    ct, kt = phi(dep.T, tvar=True)
    cs_, ks = phi(dep.S)
    delta_c = add_form(ct, cs_, -1)
    delta_k = add_lin(kt, ks, -1)
    legal = farkas_rows(dep, delta_c, delta_k)
    # bounding: u.p + w - delta >= 0
    bc = add_form({p: {f"u{p}": 1} for p in dep.kern["params"]}, delta_c, -1)
    bk = add_lin({"w": 1}, delta_k, -1)
    bound = farkas_rows(dep, bc, bk)
    return legal + bound


def nullspace(rows, n):
    """Integer basis of the orthogonal complement of the row space of `rows`."""
    m = [[Fraction(x) for x in r] for r in rows]
    piv = []
    r = 0
    for c in range(n):
        p = next((i for i in range(r, len(m)) if m[i][c] != 0), None)
        if p is None:
            continue
        m[r], m[p] = m[p], m[r]
        m[r] = [x / m[r][c] for x in m[r]]
        for i in range(len(m)):
            if i != r and m[i][c] != 0:
                f = m[i][c]
                m[i] = [a - f * b for a, b in zip(m[i], m[r])]
        piv.append(c)
        r += 1
    free = [c for c in range(n) if c not in piv]
    basis = []
    for f in free:
        v = [Fraction(0)] * n
        v[f] = Fraction(1)
        for i, pc in enumerate(piv):
            v[pc] = -m[i][f]
        basis.append(list(scale_int({i: x for i, x in enumerate(v) if x}).get(i, 0) for i in range(n)))
    return basis


def pluto_ilps(kern, deps, max_hyperplanes):
    """Yields (name, set text) per hyperplane search, solving each with isl
    to build the next one like Pluto does; also yields satisfaction tests."""
    us = unknowns(kern)
    farkas_cache = {id(d): legality_and_bounding(d) for d in deps}
    live = list(deps)
    found = {S.name: [] for S in kern["stmts"]}
    out_ilp, out_sat = [], []
    for h in range(max_hyperplanes):
        cs = []
        for d in live:
            cs += farkas_cache[id(d)]
        for u in us:
            cs.append(("ge", {u: 1}))
        for S in kern["stmts"]:
            iters = [f"c{S.name}_{v}" for v in S.iters]
            for u in iters:
                cs.append(("ge", {u: 1, 1: 0}))
                cs.append(("ge", {u: -1, 1: 4}))  # bounded coefficients
            prev = found[S.name]
            if len(prev) >= len(S.iters):
                continue
            comp = nullspace(prev, len(S.iters)) if prev else [[1 if i == j else 0 for i in range(len(S.iters))] for j in range(len(S.iters))]
            tot = {}
            for hrow in comp:
                r = {iters[i]: c for i, c in enumerate(hrow) if c}
                if prev:
                    cs.append(("ge", dict(r)))
                tot = add_lin(tot, r)
            tot[1] = -1
            cs.append(("ge", tot))
        cs = dedup([(k, {kk: int(v) for kk, v in d.items()}) for k, d in cs])
        text = fmt_set([], [("", us)], cs, us)
        name = f"{kern['name']}_pluto_h{h + 1}"
        s = isl.Set(text)
        lm = s.lexmin()
        if lm.is_empty():
            out_ilp.append((name, text))
            break
        pt = []
        lm.foreach_point(lambda p: pt.append([p.get_coordinate_val(isl.dim_type.set, i).to_python() for i in range(len(us))]))
        sol = dict(zip(us, pt[0]))
        out_ilp.append((name, text))
        for S in kern["stmts"]:
            row = [sol[f"c{S.name}_{v}"] for v in S.iters]
            if any(row) and len(found[S.name]) < len(S.iters):
                found[S.name].append(row)
        # Strong satisfaction tests: D and phi_T - phi_S <= 0 empty?
        still = []
        for d in live:
            delta = {}
            for v in d.T.iters:
                delta[v + "'"] = delta.get(v + "'", 0) + sol[f"c{d.T.name}_{v}"]
            for v in d.S.iters:
                delta[v] = delta.get(v, 0) - sol[f"c{d.S.name}_{v}"]
            delta[1] = sol[f"c{d.T.name}_0"] - sol[f"c{d.S.name}_0"]
            cs2 = dedup(d.cs + [("ge", {k: -c for k, c in delta.items() if c})])
            order = kern["params"] + d.svars + d.tvars
            t = fmt_set(kern["params"], [(d.S.name, d.svars), (d.T.name, d.tvars)], cs2, order)
            out_sat.append((d, h, t))
            if not isl.Map(t).is_empty():
                still.append(d)
        live = still
        if not live:
            break
    return out_ilp, out_sat


# ----------------------------------------------------------------- main --


def main():
    out = []
    names = {}

    def add(kind, name, text, args=""):
        names[name] = names.get(name, 0) + 1
        if names[name] > 1:
            name = f"{name}_{names[name]}"
        out.append((kind, name, args, text))

    for kern in KERNELS:
        deps = [d for d in dependences(kern)]
        nonempty = [d for d in deps if not isl.Map(d.text()).is_empty()]
        # Emptiness: every dependence polyhedron of small kernels; for the
        # larger ones a spread of empty and non-empty ones.
        cap = kern["cap"] or {"matmul": 99, "lu": 8, "heat3d": 8, "imperf": 10}[kern["name"]]
        picked = spread(deps, nonempty, cap)
        for d in picked:
            lev = f"L{d.level}" if d.level else "Lind"
            add("empty", f"{kern['name']}_{d.kind}_{d.array}_{d.S.name}_{d.T.name}_{lev}", d.text())
        hyp = kern["hyperplanes"] or {"matmul": 3, "lu": 3, "heat3d": 2, "imperf": 2}[kern["name"]]
        ilps, sats = pluto_ilps(kern, nonempty, hyp)
        for name, text in ilps:
            add("lexmin", name, text)
        for d, h, t in sats[:: max(1, len(sats) // 3)][:3]:
            lev = f"L{d.level}" if d.level else "Lind"
            add("empty", f"{kern['name']}_sat_h{h + 1}_{d.S.name}_{d.T.name}_{d.array}{lev}", t)
        # Projections: source iterations of a dependence (project out the target).
        for d in nonempty[:2]:
            add("project", f"{kern['name']}_src_{d.kind}_{d.S.name}_{d.T.name}",
                d.set_text(), f"{len(d.svars)} {len(d.tvars)}")
    # Hand-written projections and differences.
    add("project", "lu_S2_proj_j", "[N] -> { S2[k, i, j] : 0 <= k < N and k + 1 <= i < N and k + 1 <= j < N }", "2 1")
    add("project", "imperf_S3_proj_k", "[N] -> { S3[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k <= j }", "2 1")
    add("project", "heat3d_skew_proj",
        "[T, N] -> { [t, i, j, k, a, b] : 0 <= t < T and 1 <= i <= N - 2 and 1 <= j <= N - 2 and 1 <= k <= N - 2 and a = 2t + i and b = t + j }", "0 4")
    add("project", "heat3d_tile_proj",
        "[T, N] -> { [tt, ti, t, i] : 0 <= t < T and 1 <= i <= N - 2 and 32tt <= t <= 32tt + 31 and 32ti <= t + i <= 32ti + 31 }", "2 2")
    add("subtract", "lu_S2_minus_upper",
        "[N] -> { S2[k, i, j] : 0 <= k < N and k + 1 <= i < N and k + 1 <= j < N }\n"
        "[N] -> { S2[k, i, j] : 0 <= k < N and k + 1 <= i < N and i <= j < N }")
    add("subtract", "matmul_dom_minus_flow_src",
        "[N] -> { S[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N }\n"
        "[N] -> { S[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N - 1 }")
    add("subtract", "heat3d_interior_minus_boundary",
        "[T, N] -> { S1[t, i, j, k] : 0 <= t < T and 1 <= i <= N - 2 and 1 <= j <= N - 2 and 1 <= k <= N - 2 }\n"
        "[T, N] -> { S1[t, i, j, k] : 0 <= t < T and 2 <= i <= N - 3 and 2 <= j <= N - 3 and 2 <= k <= N - 3 }")
    add("subtract", "heat3d_minus_tile_rows",
        "[T, N] -> { S1[t, i, j, k] : 0 <= t < T and 1 <= i <= N - 2 and 1 <= j <= N - 2 and 1 <= k <= N - 2 }\n"
        "[T, N] -> { S1[t, i, j, k] : (t + i) mod 4 = 0 }")
    add("subtract", "imperf_S6_minus_S3_shape",
        "[N] -> { [i, j] : 0 <= i < N and 0 <= j < N }\n"
        "[N] -> { [i, j] : 0 <= i < N and 0 <= j < i or 0 <= i < N and j = i }")
    add("subtract", "imperf_tri_minus_diag_band",
        "[N] -> { S3[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k <= j }\n"
        "[N] -> { S3[i, j, k] : 0 <= i < N and 0 <= j < N and j - 2 <= k <= j }")

    lines = [
        "# Fixed corpus for `cargo bench --bench poly` and scripts/bench-poly (isl comparison).",
        "# Generated by scripts/gen_poly_corpus.py; edit there, not here.",
        "# Format: a header line `@<kind> <name> [args]`, then the problem in isl notation",
        "# (one line; `subtract` has two lines: minuend then subtrahend).",
        "#   empty     is the set/relation empty?",
        "#   lexmin    lexicographic minimum (no parameters)",
        "#   project   Fourier-Motzkin projection of set dims [first, first + n): args `first n`",
        "#   subtract  set difference",
        "",
    ]
    for kind, name, args, text in out:
        lines.append(f"@{kind} {name}" + (f" {args}" if args else ""))
        lines.append(text)
        lines.append("")
    path = Path(__file__).resolve().parent.parent / "benches" / "poly_corpus.txt"
    path.parent.mkdir(exist_ok=True)
    path.write_text("\n".join(lines))
    counts = {}
    for kind, *_ in out:
        counts[kind] = counts.get(kind, 0) + 1
    print(f"wrote {path}: {len(out)} problems {counts}")


def spread(deps, nonempty, cap):
    ne = [d for d in deps if d in nonempty]
    em = [d for d in deps if d not in nonempty]
    take = lambda xs, n: xs[:: max(1, len(xs) // n)][:n] if n else []
    a = take(ne, (cap + 1) // 2)
    b = take(em, cap - len(a))
    keep = set(id(x) for x in a + b)
    return [d for d in deps if id(d) in keep]


if __name__ == "__main__":
    main()
