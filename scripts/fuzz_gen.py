"""Random affine C programs for scripts/fuzz (standard library only).

A program is a JSON-able dict (an AST whose leaves are pre-rendered C
fragments) so that the reducer can delete statements, loops, ifs and
terms and print it again.

Safety by construction (no undefined behaviour at any size):
- every size parameter n_p is clamped to [pmin_p, maxp] in main (pmin_p is 1
  for the extents of unpadded dimensions, else 0);
- every array dimension d has extent K_d * n_p + 2 * pad (pad >= 1) and
  every subscript is proved to stay in [0, extent) by interval arithmetic
  over the loop counters' ranges (each counter c satisfies
  lc <= c <= n_p + uc - 1, or lc <= c <= uc - 1 for constant ranges);
- integer reads are wrapped `% 1000`; integer `+=` adds `(v) % 16`;
  iteration counts are bounded through maxp, so nothing overflows;
- every allocated element is initialized; no division; no double->int;
- arrays of different element types never overlap (strict aliasing).

Features drawn from a second random stream (seeded from the same seed, so
programs without them are the ones earlier versions generated):
- libm calls that set errno (sqrt, exp, sin, cos) in double expressions of
  about 12% of the programs; main sets errno = 0 before each kernel call and
  prints it after (NaNs hash and print as one canonical NaN: their sign and
  payload are unspecified in C and LLVM);
- in 10% of the programs one nest sits in an outer loop that is not a SCoP:
  its body also calls the noinline `tick(counter)`, which adds to a global
  that main prints; the nest's first loop is mostly bounded by the outer
  counter, and its subscripts favour it (the nest sees it as a parameter);
- a third of the flattened arrays index in 32-bit unsigned arithmetic: either
  `A[(unsigned)(<Horner>)]` with unsigned counters uncast inside (any wrap of
  the intermediate values cancels, the final value is in range) or
  `A[(unsigned)(s0) * extent + s1]` (wrapped as a whole in (unsigned) when a
  long counter occurs, which would otherwise widen a wrapped value);
- half a parameter in a loop bound is, half of the time, computed in
  unsigned arithmetic (`(int)((unsigned)n / 2u)`, an lshr);
- in about 3% of the programs a ring-buffer statement
  `R[(unsigned short)(i * M + j)] += ...` on a double array of exactly 65536
  elements (any int value truncated to 16 bits is in range; the int
  polynomial stays below 2^31 at every size).
- in "wild" programs (about a third), a loop may start at the parity of an
  outer counter, `(i + c) % 2`, mostly with step 2 (a red-black sweep);
- copies and fills, drawn from a third stream (so that the draws above
  stay as they were): about one array statement in seven becomes
  `A[..] = B[..]` (another array of A's type) or `A[..] = 0` (-1 for
  integers), mostly in a row loop of its own over the last dimension, which
  LLVM's loop-idiom pass turns into llvm.memcpy / llvm.memset calls inside
  the nest (Tessera puts them back as loops);
- in about a quarter of the programs the sizes are compile-time constants
  (`enum { n0 = 2400 };`, up to 4000 for single loops, 1000 for nests of
  two, bounded by the iteration counts as above), the kernel is static and
  takes no size parameters, and the disjoint run's arrays are globals of
  constant extent (linearized subscripts with constant strides, loops of
  constant trip counts that -O3 may unroll completely).
"""

import copy
import random
import re

INT_TYPES = ("int", "long")
TYPES = ("double", "int", "long")


class Counter:
    def __init__(self, name, ctype, param, lc, uc, ub_min):
        self.name = name
        self.ctype = ctype
        self.param = param  # index of the bounding parameter, or None (constant range)
        self.lc = lc  # c >= lc
        self.uc = uc  # c <= n_param + uc - 1 (or uc - 1 when param is None)
        self.ub_min = ub_min

    def use(self):
        return "(int)%s" % self.name if self.ctype == "unsigned" else self.name


def lin_text(terms, const=0):
    """terms: list of (coef, text). Renders `a*x + b*y + c` compactly."""
    out = ""
    for a, t in terms:
        if a == 0:
            continue
        sign = "-" if a < 0 else "+"
        mag = abs(a)
        body = t if mag == 1 else "%d * %s" % (mag, t)
        if not out:
            out = ("-" + body) if a < 0 else body
        else:
            out += " %s %s" % (sign, body)
    if const or not out:
        if not out:
            out = str(const)
        else:
            out += " %s %d" % ("-" if const < 0 else "+", abs(const))
    return out


class Generator:
    def __init__(self, rng, opts=None, xrng=None, mrng=None):
        self.rng = rng
        # Decisions about the newer features come from a stream of their own:
        # a program that uses none of them is drawn exactly as before.
        self.xrng = xrng or random.Random(0)
        # Copies and fills (below) from one more: the other features'
        # draws stay as they were.
        self.mrng = mrng or random.Random(0)
        self.opts = opts or {}
        self.nctr = 0
        self.nscal = 0
        self.budget = 0
        self.math = False  # libm calls that set errno in double expressions
        self.ring = None  # the ring-buffer array, while a ring statement is due
        self.tick_hint = None  # the counter of a tick loop, for the loop directly inside it
        self.prefer = None  # a counter subscripts favour (that of the enclosing tick loop)

    # ---------------------------------------------------------------- program
    def program(self):
        r = self.rng
        # "wild" programs use every feature; the others mostly what a SCoP
        # detector accepts (unit steps, no min/max bounds, no modulo
        # conditions) so that the transformations themselves get exercised.
        self.wild = r.random() < 0.35
        nparams = r.choices([1, 2, 3], weights=[4, 4, 2])[0]
        pad = r.randint(1, 3)
        narrays = r.randint(2, 5)
        arrays = []
        for a in range(narrays):
            t = r.choices(TYPES, weights=[5, 3, 2])[0]
            nd = r.choices([1, 2, 3], weights=[3, 5, 2])[0]
            dims = []
            for _ in range(nd):
                # [parameter, K, pad]: extent K * n_p + 2 * pad. Tessera
                # delinearizes plain (K = 1, pad = 0) and padded (K = 1)
                # extents; K = 2 only in wild programs.
                if self.wild:
                    dims.append([r.randrange(nparams), 2 if r.random() < 0.15 else 1, pad])
                else:
                    dims.append([r.randrange(nparams), 1, 0 if r.random() < 0.75 else pad])
            style = "ptr" if nd == 1 else r.choice(["vla", "vla", "flat"])
            arrays.append({"name": "A%d" % a, "type": t, "dims": dims, "style": style})
            self.pick_uidx(arrays[-1])
        # A fifth of the plain programs also get a pair of stencil sweeps
        # ping-ponging between two arrays of their own in a time loop: the
        # shape that time skewing, tiling and innermost distribution work on.
        sweep_arrays = None
        if not self.wild and r.random() < 0.2:
            nd = r.choice([1, 2, 2])
            dims = [[r.randrange(nparams), 1, 0] for _ in range(nd)]
            style = "ptr" if nd == 1 else r.choice(["vla", "flat"])
            sweep_arrays = [{"name": "A%d" % (narrays + k), "type": "double", "dims": copy.deepcopy(dims), "style": style} for k in range(2)]
            for sa in sweep_arrays:
                self.pick_uidx(sa)
            arrays.extend(sweep_arrays)
        # Parameters that are the extent of a dimension without padding are at
        # least 1 (a VLA extent must be positive; constant subscripts need a cell).
        pmin = [0] * nparams
        for a in arrays:
            for p, k, dp in a["dims"]:
                if dp == 0:
                    pmin[p] = 1
        self.prog = {
            "pad": pad,
            "pmin": pmin,
            "params": [{"name": "n%d" % p, "default": 0} for p in range(nparams)],
            "arrays": arrays,
            "kscalars": [],
            "body": [],
            "modes": ["disjoint", "overlap"],
            "offsets": {},
            "maxp": 0,
            "wild": self.wild,
        }
        # A quarter of the plain programs declare their arrays `restrict` and
        # are called with disjoint arrays only: with no possible aliasing,
        # -O3 keeps more values in registers (GVN carries loads from one
        # iteration to the next), which Tessera must see through.
        if not self.wild and r.random() < 0.25:
            self.prog["restrict"] = True
            self.prog["modes"] = ["disjoint"]
        for _ in range(r.choice([0, 0, 1, 2])):
            t = r.choices(TYPES, weights=[4, 3, 3])[0]
            self.prog["kscalars"].append({"name": "s%d" % len(self.prog["kscalars"]), "type": t})
        self.maxdepth = 0
        self.budget = r.randint(3, 12)  # statements
        nnests = r.randint(1, 3)
        x = self.xrng
        self.math = x.random() < 0.2
        tick_nest = x.randrange(nnests) if x.random() < 0.1 else None
        if x.random() < 0.03:
            self.ring = {"name": "A%d" % len(arrays), "type": "double", "dims": [], "style": "ring", "fixed": 65536}
        body = []
        for ni in range(nnests):
            depth = r.choices([1, 2, 3, 4], weights=[2, 4, 3, 2])[0]
            if ni == tick_nest:
                body.append(self.loop([], max(depth, 2), [], tick=True))
            else:
                body.append(self.loop([], depth, []))
            if r.random() < 0.15 and self.budget > 0:
                body.append(self.stmt([], []))
        if sweep_arrays:
            body.insert(r.randint(0, len(body)), self.sweeps(*sweep_arrays))
        self.prog["body"] = body
        if self.ring is not None and self.ring.get("used"):
            del self.ring["used"]
            arrays.append(self.ring)
        self.ring = None
        # Sizes: bounded by iteration counts and array footprint.
        maxp = {1: 400, 2: 100, 3: 36, 4: 18}.get(self.maxdepth, 400)
        maxp = r.randint(max(4, maxp // 2), maxp)
        while maxp > 2 and max(self.footprint(a, maxp) for a in arrays) > 1_500_000:
            maxp -= 1
        self.prog["maxp"] = maxp
        for p in self.prog["params"]:
            p["default"] = r.randint(maxp // 2, maxp) if r.random() < 0.8 else r.randint(1, 3)
        # Overlapping layout: arrays of one element type share one buffer.
        for a in arrays:
            if a.get("fixed"):
                k = self.xrng.random()
                self.prog["offsets"][a["name"]] = "0" if k < 0.3 else str(self.xrng.choice([1, 5, 100, 65535]))
                continue
            k = r.random()
            if k < 0.3:
                off = "0"
            elif k < 0.8:
                off = str(r.randint(1, 9))
            else:
                off = "%s + %d" % (self.extent_text(a, len(a["dims"]) - 1), r.randint(0, 3))
            self.prog["offsets"][a["name"]] = off
        # A quarter of the programs have their sizes fixed at compile time
        # (drawn last, from the feature stream: the other programs stay as
        # they were): the parameters become constants of an enum, larger
        # than run-time sizes (up to 4000 in a single loop), and the arrays
        # of the disjoint run are globals of constant extent.
        if x.random() < 0.25:
            self.prog["fixed"] = True
            fmax = {1: 4000, 2: 1000, 3: 120, 4: 30}.get(self.maxdepth, 4000)
            fmax = x.randint(max(4, fmax // 4), fmax)
            while fmax > 2 and max(self.footprint(a, fmax) for a in arrays) > 1_500_000:
                fmax -= 1
            self.prog["maxp"] = max(fmax, maxp)
            for i, p in enumerate(self.prog["params"]):
                p["default"] = max(self.prog["pmin"][i], x.randint(fmax // 2, fmax) if x.random() < 0.9 else x.randint(1, 3))
        # A sixth of the plain programs also get a nest that rewrites a
        # scratch row in every iteration (drawn last, from the feature
        # stream: the other programs stay as they were): the shape whose
        # outer loop runs on threads with a copy of the row per thread.
        if not self.wild and x.random() < 0.16:
            self.scratch()
        return self.prog

    def scratch(self):
        """`for i { for j: t[j] = f(src[i][j]); ...; for j: dst[i][j] = g(t[j], t[n - 1 - j]) }`
        with `t` a row of its own: rewritten before it is read in every
        iteration (or, one time in four, added to across iterations, which
        must keep the row shared), possibly inside a second loop `k`."""
        x = self.xrng
        prog = self.prog
        nparams = len(prog["params"])
        p, q = x.randrange(nparams), x.randrange(nparams)
        maxp = prog["maxp"]
        if (maxp + 2) * (maxp + 2) > 1_500_000:
            return
        base = len(prog["arrays"])
        t = {"name": "A%d" % base, "type": "double", "dims": [[q, 1, 0]], "style": "ptr"}
        src = {"name": "A%d" % (base + 1), "type": "double", "dims": [[p, 1, 0], [q, 1, 0]], "style": x.choice(["vla", "flat"])}
        dst = {"name": "A%d" % (base + 2), "type": "double", "dims": [[p, 1, 0], [q, 1, 0]], "style": x.choice(["vla", "flat"])}
        for a in (t, src, dst):
            a["uidx"] = "int"
            prog["arrays"].append(a)
            prog["offsets"][a["name"]] = "0"
        for d in (p, q):
            prog["pmin"][d] = 1
            prog["params"][d]["default"] = max(1, prog["params"][d]["default"])
        pn, qn = prog["params"][p]["name"], prog["params"][q]["name"]
        i, j1, j2 = self.fresh_counter(), self.fresh_counter(), self.fresh_counter()

        def loop(var, ub, body):
            return {"k": "for", "var": var, "ctype": "int", "lb": "0", "ub": ub, "cmp": "<", "dir": "up", "step": 1, "body": body}

        carried = x.random() < 0.25
        c = lambda: x.choice(["0.5", "0.25", "-0.75", "1.5"])
        fill = {"k": "stmt", "lhs": self.render_access(t, [j1]), "type": "double", "op": "+=" if carried else "=",
                "terms": ["%s * %s" % (c(), self.render_access(src, [i, j1])), c()], "refs": sorted([t["name"], src["name"]])}
        mirror = "%s - 1 - %s" % (qn, j2)
        reads = [self.render_access(t, [j2])] + ([self.render_access(t, [mirror])] if x.random() < 0.6 else [])
        use = {"k": "stmt", "lhs": self.render_access(dst, [i, j2]), "type": "double", "op": x.choice(["=", "+="]),
               "terms": ["%s * %s" % (c(), r) for r in reads], "refs": sorted([t["name"], dst["name"]])}
        inner = [loop(j1, qn, [fill]), loop(j2, qn, [use])]
        if x.random() < 0.3:
            k = self.fresh_counter()
            inner = [loop(k, str(x.randint(1, 3)), inner)]
        self.maxdepth = max(self.maxdepth, 3)
        prog["body"].append(dict(loop(i, pn, inner), scratch=True))

    def pick_uidx(self, a):
        """A third of the flattened arrays index in 32-bit unsigned arithmetic."""
        if a["style"] != "flat":
            return
        k = self.xrng.random()
        if k < 0.15:
            a["uidx"] = "cast"
        elif k < 0.35:
            a["uidx"] = "u32"

    def footprint(self, a, maxp):
        if a.get("fixed"):
            return a["fixed"]
        n = 1
        for p, k, dp in a["dims"]:
            n *= k * maxp + 2 * dp
        return n

    def size_text(self, a):
        if a.get("fixed"):
            return "%d" % a["fixed"]
        return " * ".join("(long)%s" % self.extent_text(a, d) for d in range(len(a["dims"])))

    def extent_text(self, a, d):
        p, k, dp = a["dims"][d]
        pn = self.prog["params"][p]["name"]
        if dp == 0 and k == 1:
            return pn
        if dp == 0:
            return "(%d * %s)" % (k, pn)
        return "(%s%s + %d)" % ("" if k == 1 else "%d * " % k, pn, 2 * dp)

    # ---------------------------------------------------------------- loops
    def fresh_counter(self):
        self.nctr += 1
        return "i%d" % (self.nctr - 1)

    def loop(self, scope, depth, bscal, tick=False):
        """A loop with `depth` levels below and including it. `tick`: the
        loop is no SCoP (its body calls the opaque tick() first or last);
        it is bounded by a parameter, and the loop directly inside it mostly
        by its counter (a triangular nest that sees it as a parameter)."""
        r = self.rng
        self.maxdepth = max(self.maxdepth, len(scope) + depth)
        name = self.fresh_counter()
        params = self.prog["params"]
        hint, self.tick_hint = self.tick_hint, None
        # upper bound (exclusive)
        choices = ["param"] * 6 + (["var"] * 3 if scope else []) + ["const"] + (["min"] if scope and self.wild else [])
        kind = r.choice(choices)
        if tick:
            kind = "param"
        elif hint is not None and hint in scope and self.xrng.random() < 0.6:
            kind = "var"
        if kind == "param":
            p = r.randrange(len(params))
            c = r.choice([0, 0, 0, -1, -2, 1, 2])
            # Sometimes half the parameter (a quotient in the bound): its
            # range lies within that of n_p + c, so the interval
            # bookkeeping of n_p + c stays safe.
            # Half of it also in unsigned arithmetic (an lshr, which SCEV
            # sees as a division; the parameter is >= 0, so the value is
            # the same).
            pn = params[p]["name"]
            if r.random() < 0.9:
                pt = pn
            else:
                pt = "(%s / 2)" % pn if self.xrng.random() < 0.5 else "(int)((unsigned)%s / 2u)" % pn
            ub = lin_text([(1, pt)], c)
            uparam, uc, ub_min = p, c, c
        elif kind == "var":
            o = r.choice(scope)
            if hint is not None and hint in scope:
                o = hint
            c = r.choice([0, 0, 1, 2, -1])
            ub = lin_text([(1, o.use())], c)
            uparam, uc, ub_min = o.param, o.uc + c - 1, o.lc + c
        elif kind == "const":
            k = r.randint(1, 4)
            ub = str(k)
            uparam, uc, ub_min = None, k, k
        else:
            o = r.choice(scope)
            p = r.randrange(len(params))
            c1 = r.choice([0, -1, 1])
            c2 = r.choice([0, 1, 2])
            a, b = lin_text([(1, params[p]["name"])], c1), lin_text([(1, o.use())], c2)
            ub = "(%s < %s ? %s : %s)" % (a, b, a, b)
            uparam, uc, ub_min = p, c1, min(c1, o.lc + c2)
        # lower bound
        lkinds = ["const"] * 5 + (["var"] * 2 if scope else []) + (["max", "parity"] if scope and self.wild else []) + (["param"] if self.wild else [])
        lk = r.choice(lkinds)
        if lk == "const":
            c = r.choice([0, 0, 0, 1, 2])
            lb, lc = str(c), c
        elif lk == "var":
            o = r.choice(scope)
            c = r.choice([0, 0, 1, -1])
            lb, lc = lin_text([(1, o.use())], c), o.lc + c
        elif lk == "max":
            o = r.choice(scope)
            c = r.randint(1, 3)
            lb = "(%s - %d > 0 ? %s - %d : 0)" % (o.use(), c, o.use(), c)
            lc = 0
        elif lk == "parity":
            # A red-black start: the parity of an outer counter (plus a
            # constant), 0 or 1 when that counter is never negative.
            o = r.choice(scope)
            c = r.choice([0, 1])
            lb = "(%s) %% 2" % lin_text([(1, o.use())], c) if o.lc + c >= 0 else "0"
            lc = 0
        else:
            p = r.randrange(len(params))
            c = r.randint(1, 3)
            lb, lc = lin_text([(1, params[p]["name"])], -c), -c
        direction = "up" if r.random() < 0.8 else "down"
        step = r.choices([1, 2, 3], weights=[12, 2, 1])[0] if self.wild else 1
        if lk == "parity" and r.random() < 0.7:
            step = 2
        ct = r.choices(["int", "long", "unsigned"], weights=[14, 3, 3 if self.wild else 1])[0]
        if ct == "unsigned" and not (direction == "up" and lc >= 0 and ub_min >= 0):
            ct = "int"
        cmp = "<" if ct == "unsigned" or r.random() < 0.8 else "<="
        ctr = Counter(name, ct, uparam, lc, uc, ub_min)
        node = {"k": "for", "var": name, "ctype": ct, "lb": lb, "ub": ub, "cmp": cmp,
                "dir": direction, "step": step, "body": []}
        inner = scope + [ctr]
        if tick:
            saved = self.prefer
            self.prefer = ctr
            self.tick_hint = ctr
            node["body"] = self.body(inner, depth - 1, bscal)
            self.tick_hint = None
            self.prefer = saved
            call = {"k": "call", "fn": "tick", "arg": ctr.use()}
            if self.xrng.random() < 0.7:
                node["body"].insert(0, call)
            else:
                node["body"].append(call)
        else:
            node["body"] = self.body(inner, depth - 1, bscal)
        return node

    def body(self, scope, depth, bscal):
        """Items inside a loop; `depth` more loop levels are wanted below."""
        r = self.rng
        items = []
        if depth > 0:
            # one item carries the nest further down
            carrier = r.random()
            if carrier < 0.15:
                carry = self.sblock(scope, depth, bscal)
            elif carrier < 0.27:
                carry = self.ifnode(scope, depth, bscal)
            else:
                carry = self.loop(scope, depth, bscal)
            n_before = r.choices([0, 1, 2], weights=[6, 3, 1])[0]
            n_after = r.choices([0, 1], weights=[7, 2])[0]
            for _ in range(n_before):
                items.append(self.small_item(scope, bscal))
            items.append(carry)
            for _ in range(n_after):
                items.append(self.small_item(scope, bscal))
            if r.random() < 0.12:  # a sibling loop (imperfect nest, fusion candidates)
                items.append(self.loop(scope, r.randint(1, depth), bscal))
        else:
            n = r.choices([1, 2, 3], weights=[5, 4, 2])[0]
            for _ in range(n):
                items.append(self.small_item(scope, bscal))
        return [i for i in items if i is not None] or [self.stmt(scope, bscal, force=True)]

    def small_item(self, scope, bscal):
        r = self.rng
        if r.random() < 0.2 and scope:
            return self.ifnode(scope, 0, bscal)
        return self.stmt(scope, bscal)

    def ifnode(self, scope, depth, bscal):
        r = self.rng
        conds = [self.cond(scope) for _ in range(r.choice([1, 1, 2, 2, 3]))]
        join = r.choice(["&&", "||"])
        then = self.body(scope, depth, bscal) if depth > 0 else [self.stmt(scope, bscal, force=True)]
        els = []
        if r.random() < 0.3:
            els = [self.stmt(scope, bscal, force=True)]
        return {"k": "if", "conds": conds, "join": join, "then": then, "else": els}

    def cond(self, scope):
        r = self.rng
        params = self.prog["params"]
        if scope and self.wild and r.random() < 0.1:
            c = r.choice(scope)
            return "%s %% %d == %d" % (c.use(), r.choice([2, 3]), r.choice([0, 1]))
        terms = []
        for c in r.sample(scope, min(len(scope), r.choice([1, 1, 2]))):
            terms.append((r.choice([1, 1, -1, 2, -2]), c.use()))
        rhs_terms = []
        if r.random() < 0.4:
            rhs_terms.append((1, r.choice(params)["name"]))
        op = r.choice(["<", "<=", ">", ">=", "==", "!="])
        return "%s %s %s" % (lin_text(terms, 0), op, lin_text(rhs_terms, r.randint(-3, 3)))

    def sblock(self, scope, depth, bscal):
        """{ T t = init; <loops accumulating into t>; X[..] op t; }"""
        r = self.rng
        arr = r.choice(self.prog["arrays"])
        t = arr["type"]
        self.nscal += 1
        name = "t%d" % (self.nscal - 1)
        refs = set()
        if r.random() < 0.5:
            init = "0" if t != "double" else "0.0"
        else:
            init = self.read(arr, scope, refs, wrap_int=True)
        inner_scal = bscal + [(name, t)]
        body = [self.loop(scope, depth, inner_scal)]
        frefs = set([arr["name"]])
        lhs = self.access(arr, scope)
        op = r.choice(["=", "+="])
        if t == "int" and op == "+=":
            val = "%s %% 16" % name
        else:
            val = name
        return {"k": "sblock", "name": name, "type": t, "init": init, "irefs": sorted(refs),
                "body": body, "lhs": lhs, "op": op, "val": val, "frefs": sorted(frefs)}

    # ---------------------------------------------------------------- accesses
    def subscript(self, p, K, dpad, scope, inner=False, raw=False):
        """A subscript in [0, K * n_p + 2 * dpad) whenever it is evaluated.
        `inner`: the last dimension of a multi-dimensional array; outside
        wild programs it mostly gets no negative coefficient and no
        parameter term (a reversed A[i][n - 1 - j] needs delinearization's
        other split: a third of them get one). `raw`: unsigned counters are
        not cast to int (only where the whole index is converted to
        unsigned, so that modular arithmetic gives the value back)."""
        r = self.rng
        plain = inner and not self.wild and r.random() < 0.67
        pmin = self.prog["pmin"][p]
        pname = self.prog["params"][p]["name"]
        compat = [c for c in scope if c.param == p or (c.param is None and c.uc - c.lc <= 6)]
        nterms = r.choices([0, 1, 2], weights=[1, 8, 2])[0] if compat else 0
        chosen = r.sample(compat, min(nterms, len(compat)))
        pref = self.prefer
        if pref is not None and pref in compat and pref not in chosen and self.xrng.random() < (0.2 if inner else 0.5):
            chosen = [pref] + chosen[:1]
        terms = []
        for c in chosen:
            if c.param is None:
                a = r.choice([1, 2] if plain else [1, -1, 2])
            else:
                a = 1 if plain else r.choice([1, 1, 1, -1] + ([2, -2] if K == 2 else []))
            terms.append((a, c))
        while True:
            lo_p = lo_c = hi_p = hi_c = 0
            for a, c in terms:
                if c.param is not None:
                    if a > 0:
                        lo_c += a * c.lc
                        hi_p += a
                        hi_c += a * (c.uc - 1)
                    else:
                        lo_p += a
                        lo_c += a * (c.uc - 1)
                        hi_c += a * c.lc
                else:
                    v1, v2 = a * c.lc, a * (c.uc - 1)
                    lo_c += min(v1, v2)
                    hi_c += max(v1, v2)
            b = -lo_p
            if hi_p + b < K and not plain and r.random() < (0.2 if terms else 0.3):
                b += 1
            if hi_p + b <= K:
                # lo(n) = (lo_p + b) n + lo_c rises with n, and
                # hi(n) - extent(n) does not: check both at n = pmin.
                lo_at = (lo_p + b) * pmin + lo_c
                hi_at = (hi_p + b) * pmin + hi_c
                omin = -dpad - lo_at
                omax = K * pmin + dpad - 1 - hi_at
                if omin <= omax:
                    break
            if not terms:
                raise AssertionError("no valid subscript")
            terms = terms[:-1]
        lo2, hi2 = max(omin, -3), min(omax, 3)
        off = r.randint(lo2, hi2) if lo2 <= hi2 else r.choice([omin, omax])
        parts = [(a, c.name if raw and c.ctype == "unsigned" else c.use()) for a, c in terms]
        if b:
            parts.append((b, pname))
        return lin_text(parts, off + dpad)

    def access(self, arr, scope):
        nd = len(arr["dims"])
        raw = arr.get("uidx") == "cast"
        subs = [self.subscript(p, K, dp, scope, inner=(nd > 1 and d == nd - 1), raw=raw) for d, (p, K, dp) in enumerate(arr["dims"])]
        longs = [c.name for c in scope if c.ctype == "long"]
        return self.render_access(arr, subs, longs)

    def render_access(self, arr, subs, longs=()):
        """`longs`: names of long counters the subscripts may contain."""
        if arr["style"] in ("ptr", "vla"):
            return arr["name"] + "".join("[%s]" % s for s in subs)
        # flattened, Horner form
        uidx = arr.get("uidx")
        idx = subs[0]
        atomic = re.fullmatch(r"[A-Za-z0-9_]+", idx) is not None
        if uidx == "u32":
            # 32-bit unsigned from the first product on: the remaining
            # (int) subscripts convert to unsigned and may wrap on the way
            idx = "(unsigned)%s" % (idx if atomic else "(%s)" % idx)
            atomic = True
        for d in range(1, len(subs)):
            idx = ("%s * %s" if atomic else "(%s) * %s") % (idx, self.extent_text(arr, d))
            atomic = False
            sub = subs[d]
            idx += (" - " + sub[1:]) if sub.startswith("-") else (" + " + sub)
        # A long counter would widen a wrapped 32-bit value: convert the
        # whole index back to unsigned (modular arithmetic all the way).
        if uidx == "cast" or (uidx == "u32" and any(re.search(r"\b%s\b" % n, " ".join(subs)) for n in longs)):
            idx = "(unsigned)(%s)" % idx
        return "%s[%s]" % (arr["name"], idx)

    def read(self, arr, scope, refs, wrap_int=True):
        refs.add(arr["name"])
        acc = self.access(arr, scope)
        if arr["type"] in INT_TYPES and wrap_int:
            return "(%s %% 1000)" % acc
        return acc

    def sweeps(self, a, b):
        """`for t { b = stencil(a); a = stencil(b) }` over the interior
        `1 <= x < n_p - 1` of every dimension (reads at offsets -1..1)."""
        r = self.rng
        nd = len(a["dims"])
        self.maxdepth = max(self.maxdepth, 1 + nd)
        self.budget -= 2
        steps = str(r.randint(1, 4)) if r.random() < 0.5 else self.prog["params"][a["dims"][0][0]]["name"]
        t = {"k": "for", "var": self.fresh_counter(), "ctype": "int", "lb": "0", "ub": steps, "cmp": "<",
             "dir": "up", "step": 1, "body": []}
        for src, dst in ((a, b), (b, a)):
            ctrs = [self.fresh_counter() for _ in range(nd)]
            offsets = [[r.randint(-1, 1) for _ in range(nd)] for _ in range(r.randint(2, 5))]
            terms = ["%s * %s" % (r.choice(["0.25", "0.125", "-0.125", "0.375"]),
                                  self.render_access(src, [lin_text([(1, c)], o) for c, o in zip(ctrs, off)]))
                     for off in offsets]
            node = {"k": "stmt", "lhs": self.render_access(dst, ctrs), "type": "double", "op": "=", "terms": terms,
                    "refs": sorted([src["name"], dst["name"]])}
            for d in reversed(range(nd)):
                pname = self.prog["params"][dst["dims"][d][0]]["name"]
                node = {"k": "for", "var": ctrs[d], "ctype": "int", "lb": "1", "ub": "%s - 1" % pname, "cmp": "<",
                        "dir": "up", "step": 1, "body": [node]}
            t["body"].append(node)
        return t

    # ---------------------------------------------------------------- statements
    def lin_counters(self, scope):
        r = self.rng
        terms = [(r.choice([1, -1, 2, -2, 3]), c.use()) for c in r.sample(scope, min(len(scope), r.randint(1, 2)))]
        return lin_text(terms, r.randint(-3, 3))

    def expr(self, t, scope, bscal, refs):
        r = self.rng
        arrays = self.prog["arrays"]
        dbl = [a for a in arrays if a["type"] == "double"]
        ints = [a for a in arrays if a["type"] in INT_TYPES]
        scal = [(n, st) for n, st in bscal] + [(s["name"], s["type"]) for s in self.prog["kscalars"]]
        terms = []
        for _ in range(r.choices([1, 2, 3], weights=[3, 4, 2])[0]):
            if t == "double" and self.math and self.xrng.random() < 0.3:
                terms.append(self.math_term(scope, refs, dbl))
                continue
            k = r.random()
            if t == "double":
                if k < 0.45 and dbl:
                    terms.append("%s * %s" % (r.choice(["0.5", "0.25", "-0.25", "0.375", "-0.5", "0.125"]),
                                              self.read(r.choice(dbl), scope, refs)))
                elif k < 0.6 and dbl:
                    terms.append("%s * %s * %s" % (r.choice(["0.0625", "-0.125"]), self.read(r.choice(dbl), scope, refs),
                                                   self.read(r.choice(dbl), scope, refs)))
                elif k < 0.72 and ints:
                    a = r.choice(ints)
                    refs.add(a["name"])
                    terms.append("0.25 * (double)(%s %% 8)" % self.access(a, scope))
                elif k < 0.84 and scope:
                    terms.append("0.03125 * (double)(%s)" % self.lin_counters(scope))
                elif k < 0.92 and scal:
                    n, st = r.choice(scal)
                    refs.add(n)
                    terms.append("0.0625 * %s" % (n if st == "double" else "(double)(%s %% 1000)" % n))
                else:
                    terms.append(r.choice(["0.125", "-0.375", "1.0"]))
            else:
                if k < 0.45 and ints:
                    terms.append("%s%s" % (r.choice(["", "2 * ", "3 * ", "-"]), self.read(r.choice(ints), scope, refs)))
                elif k < 0.58 and ints:
                    terms.append("%s * %s" % (self.read(r.choice(ints), scope, refs),
                                              "(%s %% 100)" % self.access(self.pick_ref(ints, refs), scope)))
                elif k < 0.8 and scope:
                    terms.append("%s(%s)" % (r.choice(["", "2 * ", "-"]), self.lin_counters(scope)))
                elif k < 0.9 and [s for s in scal if s[1] != "double"]:
                    n, st = r.choice([s for s in scal if s[1] != "double"])
                    refs.add(n)
                    terms.append("(%s %% 1000)" % n)
                else:
                    terms.append(str(r.randint(-5, 7)))
        return terms

    def math_term(self, scope, refs, dbl):
        """A libm call that sets errno on some arguments: sqrt of a read
        (often negative: NaN and EDOM), sin or cos of a read (EDOM only
        for infinities), exp of a scaled read (ERANGE once values grow)."""
        x = self.xrng
        fn = x.choices(["sqrt", "exp", "sin", "cos"], weights=[5, 3, 2, 1])[0]
        coef = x.choice(["0.25", "0.125", "0.5", "-0.25"])
        if fn == "exp" and scope and x.random() < 0.3:
            # overflows (inf) or underflows (0) for |counters| >= 12 or so:
            # ERANGE, where sqrt's failures set EDOM
            return "%s * exp(%s * (double)(%s))" % (coef, x.choice(["16.0", "64.0"]), self.lin_counters(scope))
        if dbl and (not scope or x.random() < 0.8):
            arg = self.read(x.choice(dbl), scope, refs)
        elif scope:
            arg = "0.03125 * (double)(%s)" % self.lin_counters(scope)
        else:
            arg = x.choice(["-1.0", "2.0", "0.5"])
        if fn == "exp":
            arg = "%s * %s" % (x.choice(["0.25", "-0.5", "2.0"]), arg)
        return "%s * %s(%s)" % (coef, fn, arg)

    def ring_stmt(self, scope, bscal):
        """R[(unsigned short)(i * M + j)] += ...: a ring of 65536 doubles
        indexed by an int polynomial truncated to 16 bits (in range
        whatever its value; |value| < 2^31 since every counter and
        parameter is below 512 and M <= 64 * maxp)."""
        x = self.xrng
        R = self.ring
        R["used"] = True
        params = self.prog["params"]

        def index(off):
            cs = x.sample(scope, min(len(scope), 2))
            pn = x.choice(params)["name"]
            mult = x.choice([pn, pn, "(%s * 64)" % pn, "257", "4099"])
            out = "%s * %s" % (cs[0].use(), mult)
            if len(cs) > 1:
                out += " + %s" % cs[1].use()
            return "%s[(unsigned short)(%s%s)]" % (R["name"], out, " + %d" % off if off else "")

        refs = set([R["name"]])
        terms = self.expr("double", scope, bscal, refs)
        if x.random() < 0.3:
            terms.append("0.5 * %s" % index(x.randint(0, 3)))
        self.budget -= 1
        return {"k": "stmt", "lhs": index(0), "type": "double", "op": x.choice(["+=", "+=", "="]), "terms": terms, "refs": sorted(refs)}

    def pick_ref(self, arrays, refs):
        a = self.rng.choice(arrays)
        refs.add(a["name"])
        return a

    def stmt(self, scope, bscal, force=False):
        r = self.rng
        if self.ring is not None and not self.ring.get("used") and scope and self.xrng.random() < 0.5:
            return self.ring_stmt(scope, bscal)
        if self.budget <= 0 and not force:
            return None
        self.budget -= 1
        refs = set()
        scal_targets = [(n, st) for n, st in bscal] + [(s["name"], s["type"]) for s in self.prog["kscalars"]]
        arr = None
        if scal_targets and scope and r.random() < 0.35:
            name, t = r.choice(scal_targets)
            refs.add(name)
            lhs = name
            op = r.choices(["+=", "max", "="], weights=[6, 2, 1])[0]
        else:
            arr = r.choice(self.prog["arrays"])
            refs.add(arr["name"])
            t = arr["type"]
            lhs = self.access(arr, scope)
            op = r.choices(["=", "+=", "max"], weights=[11, 7, 2])[0]
        terms = self.expr(t, scope, bscal, refs)
        if arr is not None and scope and self.mrng.random() < 0.15:
            return self.copy_or_fill(arr, lhs, scope)
        return {"k": "stmt", "lhs": lhs, "type": t, "op": op, "terms": terms, "refs": sorted(refs)}

    def copy_or_fill(self, arr, lhs, scope):
        """`A[..] = B[..]` (another array of A's type, read plain) or
        `A[..] = 0` (or -1 for integers): what LLVM's loop-idiom pass turns
        into llvm.memcpy / llvm.memset calls when a loop walks both with
        stride one, which Tessera puts back as loops. Mostly such a loop
        of its own, `for (c = 0; c < n_p; c++)` over the last dimension
        (above the deepest level only: the sizes were chosen for it)."""
        m = self.mrng
        t = arr["type"]
        p, K, _ = arr["dims"][-1]
        row = len(scope) < self.maxdepth and K >= 1 and m.random() < 0.7
        longs = [c.name for c in scope if c.ctype == "long"]
        if row:
            ctr = Counter(self.fresh_counter(), "int", p, 0, 0, 1)
            raw = arr.get("uidx") == "cast"
            outer = [self.subscript(q, Kq, dq, scope, raw=raw) for q, Kq, dq in arr["dims"][:-1]]
            lhs = self.render_access(arr, outer + [ctr.use()], longs)
        others = [a for a in self.prog["arrays"] if a["type"] == t and a["name"] != arr["name"]
                  and (not row or (a["dims"][-1][0] == p and a["dims"][-1][1] >= 1))]
        if others and m.random() < 0.5:
            src = m.choice(others)
            refs = {arr["name"], src["name"]}
            if row:
                raw = src.get("uidx") == "cast"
                outer = [self.subscript(q, Kq, dq, scope, raw=raw) for q, Kq, dq in src["dims"][:-1]]
                terms = [self.render_access(src, outer + [ctr.use()], longs)]
            else:
                terms = [self.access(src, scope)]
        else:
            refs = {arr["name"]}
            terms = [m.choice(["0", "-1"]) if t in INT_TYPES else "0.0"]
        node = {"k": "stmt", "lhs": lhs, "type": t, "op": "=", "terms": terms, "refs": sorted(refs)}
        if not row:
            return node
        return {"k": "for", "var": ctr.name, "ctype": "int", "lb": "0", "ub": self.prog["params"][p]["name"], "cmp": "<",
                "dir": "up", "step": 1, "body": [node]}


# -------------------------------------------------------------------- printing

def stmt_text(s):
    v = " + ".join(s["terms"]).replace("+ -", "- ") if s["terms"] else "0"
    lhs, t, op = s["lhs"], s["type"], s["op"]
    if op == "=":
        return "%s = %s;" % (lhs, v)
    if op == "+=":
        if t == "int":
            return "%s += (%s) %% 16;" % (lhs, v)
        return "%s += %s;" % (lhs, v)
    if op == "max":
        return "%s = %s > (%s) ? %s : (%s);" % (lhs, lhs, v, lhs, v)
    raise ValueError(op)


def loop_header(n):
    v, ct = n["var"], n["ctype"]
    st = n["step"]
    if n["dir"] == "up":
        if n["cmp"] == "<":
            cond = "%s < %s" % (v, n["ub"])
        else:
            cond = "%s <= %s - 1" % (v, n["ub"])
        inc = "%s++" % v if st == 1 else "%s += %d" % (v, st)
        return "for (%s %s = %s; %s; %s)" % (ct, v, n["lb"], cond, inc)
    if n["cmp"] == "<":
        cond = "%s >= %s" % (v, n["lb"])
    else:
        cond = "%s > %s - 1" % (v, n["lb"])
    inc = "%s--" % v if st == 1 else "%s -= %d" % (v, st)
    return "for (%s %s = %s - 1; %s; %s)" % (ct, v, n["ub"], cond, inc)


def items_text(items, ind, out):
    sp = "  " * ind
    for n in items:
        k = n["k"]
        if k == "stmt":
            out.append(sp + stmt_text(n))
        elif k == "for":
            out.append(sp + loop_header(n) + " {")
            items_text(n["body"], ind + 1, out)
            out.append(sp + "}")
        elif k == "if":
            j = " %s " % n["join"]
            c = j.join("(%s)" % x for x in n["conds"]) if len(n["conds"]) > 1 else n["conds"][0]
            out.append(sp + "if (%s) {" % c)
            items_text(n["then"], ind + 1, out)
            if n["else"]:
                out.append(sp + "} else {")
                items_text(n["else"], ind + 1, out)
            out.append(sp + "}")
        elif k == "sblock":
            out.append(sp + "{")
            out.append(sp + "  %s %s = %s;" % (n["type"], n["name"], n["init"]))
            items_text(n["body"], ind + 1, out)
            out.append(sp + "  %s %s %s;" % (n["lhs"], n["op"], n["val"]))
            out.append(sp + "}")
        elif k == "call":
            out.append(sp + "%s(%s);" % (n["fn"], n["arg"]))
        else:
            raise ValueError(k)


def walk(items):
    for n in items:
        yield n
        for key in ("body", "then", "else"):
            if key in n and n["k"] != "stmt":
                yield from walk(n[key])


def used_names(prog):
    """Array and scalar names the kernel body mentions (from its text, so
    that it stays right while the reducer edits fragments), and "tick" and
    "errno" when it calls tick() or a libm function that sets errno."""
    out = []
    items_text(prog["body"], 0, out)
    text = "\n".join(out)
    names = set(re.findall(r"\b[AsS]\d+\b", text))
    if re.search(r"\btick\(", text):
        names.add("tick")
    if re.search(r"\b(sqrt|exp|sin|cos)\(", text):
        names.add("errno")
    return names


def mentions(items, name):
    out = []
    items_text(items, 0, out)
    return re.search(r"\b%s\b" % re.escape(name), "\n".join(out)) is not None


HELPERS = r"""
/* NaNs hash as one: their sign and payload are unspecified (C, LLVM). */
static unsigned long hash_double(const double *a, long n) {
  unsigned long h = 1469598103934665603UL;
  for (long i = 0; i < n; i++) {
    unsigned long b = 0x7ff8000000000000UL;
    if (a[i] == a[i])
      memcpy(&b, &a[i], sizeof b);
    h = (h ^ b) * 1099511628211UL;
  }
  return h;
}
static double canon_nan(double x) {
  return x == x ? x : __builtin_nan("");
}
static unsigned long hash_long(const long *a, long n) {
  unsigned long h = 1469598103934665603UL;
  for (long i = 0; i < n; i++)
    h = (h ^ (unsigned long)a[i]) * 1099511628211UL;
  return h;
}
static unsigned long hash_int(const int *a, long n) {
  unsigned long h = 1469598103934665603UL;
  for (long i = 0; i < n; i++)
    h = (h ^ (unsigned long)(long)a[i]) * 1099511628211UL;
  return h;
}
static void init_double(double *a, long n, int salt) {
  for (long i = 0; i < n; i++)
    a[i] = (double)((i * 37 + salt * 11) % 29) / 16.0 - 0.875;
}
static void init_long(long *a, long n, int salt) {
  for (long i = 0; i < n; i++)
    a[i] = (i * 37 + salt * 11) % 41 - 20;
}
static void init_int(int *a, long n, int salt) {
  for (long i = 0; i < n; i++)
    a[i] = (int)((i * 37 + salt * 11) % 41) - 20;
}
static void dump_double(const char *what, const double *a, long n) {
  if (!getenv("FUZZ_DUMP")) return;
  for (long i = 0; i < n; i++) printf("  %s[%ld] = %a\n", what, i, a[i]);
}
static void dump_long(const char *what, const long *a, long n) {
  if (!getenv("FUZZ_DUMP")) return;
  for (long i = 0; i < n; i++) printf("  %s[%ld] = %ld\n", what, i, a[i]);
}
static void dump_int(const char *what, const int *a, long n) {
  if (!getenv("FUZZ_DUMP")) return;
  for (long i = 0; i < n; i++) printf("  %s[%ld] = %d\n", what, i, a[i]);
}
"""


def render(prog, header_comment=None):
    used = used_names(prog)
    params = prog["params"]
    pad = prog["pad"]
    arrays = [a for a in prog["arrays"] if a["name"] in used]
    kscal = [s for s in prog["kscalars"] if s["name"] in used]
    gen = Generator(random.Random(0))
    gen.prog = prog

    def ext(a, d):
        return gen.extent_text(a, d)

    def kernel_call(mode, call):
        if "errno" in used:
            out.append("    errno = 0;")
        if "tick" in used:
            out.append("    ticks = 0;")
        out.append("    kernel(%s);" % ", ".join(call))
        if "errno" in used:
            # read at once: nothing else may touch errno in between
            out.append("    int errno_%s = errno;" % mode)
            out.append('    printf("%s errno %%d\\n", errno_%s);' % (mode, mode))
        if "tick" in used:
            out.append('    printf("%s ticks %%ld\\n", ticks);' % mode)

    out = []
    if header_comment:
        out.append("/* " + header_comment.replace("*/", "* /") + " */")
    out.append("#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>")
    if "errno" in used:
        out.append("#include <errno.h>\n#include <math.h>")
    out.append(HELPERS)
    if "tick" in used:
        # opaque to the SCoP detection (a call with a side effect), so the
        # loop around it is no SCoP and the nests inside see its counter as
        # a parameter
        out.append("static long ticks;\n__attribute__((noinline)) static void tick(long i) { ticks += i; }\n")
    fixed = prog.get("fixed", False)
    if fixed:
        # Sizes as compile-time constants: loop bounds and extents are
        # constant expressions in the kernel.
        out.append("enum { %s };" % ", ".join("%s = %d" % (p["name"], min(max(p["default"], prog["pmin"][i]), prog["maxp"])) for i, p in enumerate(params)))
    # kernel
    sig = [] if fixed else ["int %s" % p["name"] for p in params]
    q = "restrict " if prog.get("restrict") else ""
    for a in arrays:
        if a["style"] == "vla":
            sig.append("%s (*%s%s)%s" % (a["type"], q, a["name"], "".join("[%s]" % ext(a, d) for d in range(1, len(a["dims"])))))
        else:
            sig.append("%s *%s%s" % (a["type"], q, a["name"]))
    sig += ["long *lout", "double *dout"]
    out.append("%s__attribute__((noinline)) void kernel(%s) {" % ("static " if fixed else "", ", ".join(sig)))
    for s in kscal:
        out.append("  %s %s = %s;" % (s["type"], s["name"], "0.0" if s["type"] == "double" else "0"))
    items_text(prog["body"], 1, out)
    li = di = 0
    for s in kscal:
        if s["type"] == "double":
            out.append("  dout[%d] = %s;" % (di, s["name"]))
            di += 1
        else:
            out.append("  lout[%d] = %s;" % (li, s["name"]))
            li += 1
    out.append("}")
    out.append("")
    # main
    if fixed:
        for a in arrays:
            out.append("static %s g_%s[%s];" % (a["type"], a["name"], gen.size_text(a)))
    out.append("int main(int argc, char **argv) {")
    if fixed:
        out.append("  (void)argc;\n  (void)argv;")
    for i, p in enumerate(params if not fixed else []):
        n = p["name"]
        out.append("  int %s = argc > %d ? atoi(argv[%d]) : %d;" % (n, i + 1, i + 1, p["default"]))
        lo = prog["pmin"][i]
        out.append("  if (%s < %d) %s = %d;\n  if (%s > %d) %s = %d;" % (n, lo, n, lo, n, prog["maxp"], n, prog["maxp"]))
    for a in arrays:
        out.append("  long sz_%s = %s;" % (a["name"], gen.size_text(a)))
    out.append("  long lout[4] = {0, 0, 0, 0};\n  double dout[4] = {0, 0, 0, 0};")
    args = [] if fixed else [p["name"] for p in params]
    if "disjoint" in prog["modes"]:
        out.append("  {")
        for i, a in enumerate(arrays):
            if fixed:
                out.append("    %s *%s = g_%s;" % (a["type"], a["name"], a["name"]))
            else:
                out.append("    %s *%s = malloc(sizeof(%s) * sz_%s);" % (a["type"], a["name"], a["type"], a["name"]))
                out.append("    if (!%s) return 1;" % a["name"])
            out.append("    init_%s(%s, sz_%s, %d);" % (a["type"], a["name"], a["name"], i))
        call = args + ["(void *)%s" % a["name"] for a in arrays] + ["lout", "dout"]
        kernel_call("disjoint", call)
        for a in arrays:
            out.append('    printf("disjoint %s 0x%%016lx\\n", hash_%s(%s, sz_%s));' % (a["name"], a["type"], a["name"], a["name"]))
            out.append('    dump_%s("%s", %s, sz_%s);' % (a["type"], a["name"], a["name"], a["name"]))
        out.append("    for (int k = 0; k < 4; k++)\n      printf(\"disjoint out%d %ld %a\\n\", k, lout[k], canon_nan(dout[k]));")
        for a in arrays if not fixed else []:
            out.append("    free(%s);" % a["name"])
        out.append("  }")
    if "overlap" in prog["modes"]:
        out.append("  {")
        groups = {}
        for a in arrays:
            groups.setdefault(a["type"], []).append(a)
        for t, g in sorted(groups.items()):
            out.append("    long len_%s = 0;" % t)
            for a in g:
                out.append("    long off_%s = %s;" % (a["name"], prog["offsets"][a["name"]]))
                out.append("    if (off_%s + sz_%s > len_%s) len_%s = off_%s + sz_%s;" % (a["name"], a["name"], t, t, a["name"], a["name"]))
            out.append("    %s *buf_%s = malloc(sizeof(%s) * len_%s);" % (t, t, t, t))
            out.append("    if (!buf_%s) return 1;" % t)
            out.append("    init_%s(buf_%s, len_%s, 7);" % (t, t, t))
        out.append("    for (int k = 0; k < 4; k++) { lout[k] = 0; dout[k] = 0; }")
        call = args + ["(void *)(buf_%s + off_%s)" % (a["type"], a["name"]) for a in arrays] + ["lout", "dout"]
        kernel_call("overlap", call)
        for t in sorted(groups):
            out.append('    printf("overlap %s 0x%%016lx\\n", hash_%s(buf_%s, len_%s));' % (t, t, t, t))
            out.append('    dump_%s("buf_%s", buf_%s, len_%s);' % (t, t, t, t))
        out.append("    for (int k = 0; k < 4; k++)\n      printf(\"overlap out%d %ld %a\\n\", k, lout[k], canon_nan(dout[k]));")
        for t in sorted(groups):
            out.append("    free(buf_%s);" % t)
        out.append("  }")
    out.append("  return 0;\n}")
    return "\n".join(out) + "\n"


def generate(seed):
    g = Generator(random.Random(seed), xrng=random.Random("%s:features" % seed), mrng=random.Random("%s:copies" % seed))
    prog = g.program()
    prog["seed"] = seed
    return prog


# -------------------------------------------------------------------- reduction

def _lists(prog):
    """Every item list in the tree, as (list object)."""
    res = [prog["body"]]
    for n in walk(prog["body"]):
        for key in ("body", "then", "else"):
            if n["k"] != "stmt" and key in n:
                res.append(n[key])
    return res


def candidates(prog):
    """Yields reduced variants of `prog` (deep copies), most aggressive first."""
    # 1. drop a mode
    if len(prog["modes"]) > 1:
        for m in prog["modes"]:
            p = copy.deepcopy(prog)
            p["modes"] = [x for x in prog["modes"] if x != m]
            yield "drop mode " + m, p
    # 2. delete items (outer lists first, bigger items first)
    nlists = len(_lists(prog))
    for li in range(nlists):
        lst = _lists(prog)[li]
        for i in range(len(lst)):
            p = copy.deepcopy(prog)
            target = _lists(p)[li]
            del target[i]
            yield "delete item", p
    # 3. flatten ifs / sblocks, simplify loops
    nodes = list(walk(prog["body"]))
    for ni, n in enumerate(nodes):
        if n["k"] == "if":
            for branch in ("then", "else"):
                if n[branch]:
                    p = copy.deepcopy(prog)
                    _replace_node(p, ni, lambda m, b=branch: m[b])
                    yield "flatten if", p
            if len(n["conds"]) > 1:
                for ci in range(len(n["conds"])):
                    p = copy.deepcopy(prog)
                    m = list(walk(p["body"]))[ni]
                    del m["conds"][ci]
                    yield "drop condition", p
            if n["else"]:
                p = copy.deepcopy(prog)
                list(walk(p["body"]))[ni]["else"] = []
                yield "drop else", p
        if n["k"] == "sblock" and not mentions(n["body"], n["name"]):
            p = copy.deepcopy(prog)
            _replace_node(p, ni, lambda m: m["body"])
            yield "unwrap scalar block", p
        if n["k"] == "for" and not mentions(n["body"], n["var"]):
            p = copy.deepcopy(prog)
            _replace_node(p, ni, lambda m: m["body"])
            yield "unwrap loop", p
        if n["k"] == "for":
            for key, val in (("step", 1), ("dir", "up"), ("cmp", "<"), ("ctype", "int")):
                if n[key] != val and not (key == "ctype" and n[key] == "int"):
                    p = copy.deepcopy(prog)
                    list(walk(p["body"]))[ni][key] = val
                    yield "simplify loop " + key, p
        if n["k"] == "stmt":
            if len(n["terms"]) > 1:
                for ti in range(len(n["terms"])):
                    p = copy.deepcopy(prog)
                    m = list(walk(p["body"]))[ni]
                    del m["terms"][ti]
                    yield "drop term", p
            if n["op"] != "=":
                p = copy.deepcopy(prog)
                list(walk(p["body"]))[ni]["op"] = "=" if n["lhs"][0] == "A" else "+="
                if list(walk(p["body"]))[ni]["op"] != n["op"]:
                    yield "simplify op", p
    # 4. smaller sizes
    for pi, par in enumerate(prog["params"]):
        d = par["default"]
        for nd in sorted(set([0, 1, 2, 3, d // 2, d - 1])):
            if prog["pmin"][pi] <= nd < d:
                p = copy.deepcopy(prog)
                p["params"][pi]["default"] = nd
                yield "size %s=%d" % (par["name"], nd), p


def _replace_node(prog, index, fn):
    """Replaces the index-th node (walk order) by the list fn(node)."""
    target = list(walk(prog["body"]))[index]
    for lst in _lists(prog):
        for i, n in enumerate(lst):
            if n is target:
                lst[i:i + 1] = fn(n)
                return
    raise KeyError(index)


def size_of(prog):
    return len(render(prog))
