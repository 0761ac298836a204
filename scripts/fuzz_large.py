"""scripts/fuzz --large: compile-time and memory bound on one large SCoP.

Builds a C kernel that is a single imperfect loop nest of depth D with S
statements and P parameters (loop bounds n0..n{D-1}, the others in affine
conditions and reversed subscripts), then times `clang -O3 -c` with and
without the plugin (/usr/bin/time: seconds and peak RSS), and checks that the
program built with Tessera prints what clang -O0 prints at small sizes.
"""

import os
import random
import re
import subprocess
import tempfile
import time


def one_kernel(nstmts, depth, nparams, seed, kname, prefix):
    """One kernel function: (its text, its arrays, the statement count)."""
    r = random.Random("large:%d:%d:%d:%d" % (nstmts, depth, nparams, seed))
    nparams = max(nparams, depth)
    loops = list(range(depth))
    # arrays: tuples of loop levels (their extents are the loop bounds)
    shapes = [(d,) for d in loops]
    import itertools
    possible = sum(len(list(itertools.combinations(loops, k))) for k in (2, 3) if k <= depth) + depth
    while len(shapes) < min(6 + depth, possible):
        k = r.choice([2, 2, 3]) if depth >= 3 else min(2, depth)
        sh = tuple(sorted(r.sample(loops, k)))
        if sh not in shapes:
            shapes.append(sh)
    arrays = [{"name": "%sA%d" % (prefix, i), "dims": sh} for i, sh in enumerate(shapes)]
    extra = ["n%d" % p for p in range(depth, nparams)]
    # statements per level: more at the inner levels
    levels = []
    weights = [1 + d for d in range(depth)]
    for s in range(nstmts):
        levels.append(r.choices(range(1, depth + 1), weights=weights)[0] if s >= depth else s + 1)
    # every extra parameter used at least once, in conditions or subscripts
    extra_cycle = list(extra)
    r.shuffle(extra_cycle)

    def pick_extra():
        if not extra:
            return None
        if extra_cycle:
            return extra_cycle.pop()
        return r.choice(extra)

    def access(arr, level):
        subs = []
        if len(arr["dims"]) == 1:
            # 1-D arrays (no delinearization to prove) take the extra
            # parameters as offsets: A[i + n7], allocated n_d + 40
            p = pick_extra() if r.random() < 0.7 else None
            d = arr["dims"][0]
            return "%s[i%d%s]" % (arr["name"], d, " + " + p if p else "")
        for k, d in enumerate(arr["dims"]):
            # reversed only in the outermost dimension: Tessera does not
            # delinearize A[i][n - 1 - j] (a known limitation)
            if k == 0 and r.random() < 0.2:
                subs.append("n%d - 1 - i%d" % (d, d))
            else:
                subs.append("i%d" % d)
        return arr["name"] + "".join("[%s]" % s for s in subs)

    stmts_at = {L: [] for L in range(1, depth + 1)}
    nifs = [0]  # a few conditions only: each one doubles the paths through the body
    for L in levels:
        avail = [a for a in arrays if max(a["dims"]) < L]
        w = r.choice(avail)
        reads = [r.choice(avail) for _ in range(r.randint(2, 3))]
        e = "0.5 * %s + 0.25 * %s * %s" % (access(w, L), access(reads[0], L), access(reads[1], L))
        if len(reads) > 2:
            e += " + 0.125 * %s" % access(reads[2], L)
        st = "%s = %s;" % (access(w, L), e)
        if nifs[0] < 2 and r.random() < 0.1 and extra:
            nifs[0] += 1
            p = pick_extra()
            a, b = r.sample(range(L), min(2, L)) if L >= 2 else (0, 0)
            cond = "i%d + i%d < %s" % (a, b, p) if L >= 2 else "i0 < %s" % p
            st = "if (%s)\n  %s" % (cond, st)
        stmts_at[L].append(st)
    # parameters not used yet: one more guarded statement each at the innermost level
    for p in list(extra_cycle):
        w = arrays[r.randrange(depth)]  # a 1-D array
        d = w["dims"][0]
        stmts_at[depth].append("%s[i%d + %s] = 0.5 * %s[i%d + %s] + 1.0;" % (w["name"], d, p, w["name"], d, p))
    extra_cycle.clear()

    out = []
    params = ["int n%d" % p for p in range(nparams)]

    def vla(a):
        return "double (*%s)%s" % (a["name"], "".join("[n%d]" % d for d in a["dims"][1:]))

    out.append("__attribute__((noinline)) void %s(%s, %s) {" % (kname, ", ".join(params), ", ".join(vla(a) for a in arrays)))

    def emit(level, ind):
        sp = "  " * ind
        d = level
        out.append("%sfor (int i%d = 0; i%d < n%d; i%d++) {" % (sp, d, d, d, d))
        body = stmts_at[level + 1]
        half = len(body) // 2
        for st in body[:half]:
            for line in st.split("\n"):
                out.append(sp + "  " + line)
        if level + 1 < depth:
            emit(level + 1, ind + 1)
        for st in body[half:]:
            for line in st.split("\n"):
                out.append(sp + "  " + line)
        out.append(sp + "}")

    emit(0, 1)
    out.append("}")
    return "\n".join(out) + "\n", arrays, sum(len(v) for v in stmts_at.values())


def generate(nstmts, depth, nparams, seed=1, kernels=1):
    """A C program with `kernels` kernels (each one large SCoP) and a main
    that runs them and prints a hash of every array."""
    nparams = max(nparams, depth)
    out = ["#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>", ""]
    calls = []
    all_arrays = []
    total = 0
    for k in range(kernels):
        kname = "kernel" if kernels == 1 else "kernel%d" % k
        prefix = "" if kernels == 1 else "K%d_" % k
        text, arrays, n = one_kernel(nstmts, depth, nparams, seed + k, kname, prefix)
        out.append(text)
        calls.append((kname, arrays))
        all_arrays += arrays
        total += n

    out.append("""
static unsigned long hash(const double *a, long n) {
  unsigned long h = 1469598103934665603UL;
  for (long i = 0; i < n; i++) {
    unsigned long b;
    memcpy(&b, &a[i], sizeof b);
    h = (h ^ b) * 1099511628211UL;
  }
  return h;
}
""")
    out.append("int main(int argc, char **argv) {")
    out.append("  int n[%d];" % nparams)
    out.append("  for (int p = 0; p < %d; p++) {" % nparams)
    out.append("    n[p] = argc > p + 1 ? atoi(argv[p + 1]) : (p < %d ? 5 + p %% 3 : 3 + p %% 5);" % depth)
    out.append("    if (n[p] < 1) n[p] = 1;\n    if (n[p] > 40) n[p] = 40;\n  }")
    for a in all_arrays:
        size = " * ".join("(long)n[%d]" % d for d in a["dims"]) + (" + 41" if len(a["dims"]) == 1 else "")
        out.append("  long sz_%s = %s;" % (a["name"], size))
        out.append("  double *%s = malloc(sizeof(double) * sz_%s);" % (a["name"], a["name"]))
        out.append("  for (long i = 0; i < sz_%s; i++) %s[i] = (double)((i * 7 + %d) %% 11) / 8.0 - 0.5;" % (a["name"], a["name"], len(a["name"])))
    args = ", ".join("n[%d]" % p for p in range(nparams))
    for kname, arrays in calls:
        out.append("  %s(%s, %s);" % (kname, args, ", ".join("(void *)%s" % a["name"] for a in arrays)))
    for a in all_arrays:
        out.append('  printf("%s 0x%%016lx\\n", hash(%s, sz_%s));' % (a["name"], a["name"], a["name"]))
    out.append("  return 0;\n}")
    return "\n".join(out) + "\n", total


def timed(cmd):
    """Runs cmd under /usr/bin/time; returns (rc, wall seconds, user+sys seconds, peak KiB, stderr)."""
    tf = tempfile.NamedTemporaryFile(delete=False, suffix=".time")
    tf.close()
    full = ["/usr/bin/time", "-o", tf.name, "-f", "%e %U %S %M"] + cmd
    p = subprocess.run(full, capture_output=True, text=True, timeout=900)
    with open(tf.name) as f:
        lines = f.read().strip().splitlines()
    os.unlink(tf.name)
    secs, user, sys_, kib = lines[-1].split()
    return p.returncode, float(secs), float(user) + float(sys_), int(kib), p.stderr


def main(args, clang, plugin, common):
    src_text, nst = generate(args.large_stmts, args.large_depth, args.large_params, kernels=args.large_kernels)
    path = args.large_out or os.path.join(tempfile.mkdtemp(prefix="tessera-large-"), "large_scop.c")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        f.write(src_text)
    print("large SCoP%s: %d statements, depth %d, %d parameters -> %s" % (
        " x %d kernels" % args.large_kernels if args.large_kernels > 1 else "", nst, args.large_depth,
        max(args.large_params, args.large_depth), path))
    work = os.path.dirname(os.path.abspath(path))
    obj = os.path.join(work, "large.o")
    plain = [clang, "-O3", "-c"] + common + [path, "-o", obj]
    tess = [clang, "-O3", "-c"] + common + ["-fpass-plugin=" + plugin, "-Rpass=tessera", "-Rpass-missed=tessera",
                                            "-Rpass-analysis=tessera", path, "-o", obj]
    tess_omp = tess[:2] + ["-fopenmp"] + tess[2:]
    rows = []
    for name, cmd in (("clang -O3", plain), ("clang -O3 + Tessera", tess), ("clang -O3 -fopenmp + Tessera", tess_omp)):
        best = None
        for _ in range(args.large_repeat):
            rc, secs, cpu, kib, err = timed(cmd)
            if best is None or secs < best[1]:
                best = (rc, secs, cpu, kib, err)
        rows.append((name, best))
    base = rows[0][1][1]
    base_cpu = rows[0][1][2]
    print("%-30s %8s %8s %10s %12s" % ("configuration", "wall s", "cpu s", "peak MiB", "ratio (wall)"))
    for name, (rc, secs, cpu, kib, err) in rows:
        print("%-30s %8.2f %8.2f %10.1f %11.1fx%s" % (name, secs, cpu, kib / 1024.0, secs / base if base else 0,
                                                      "" if rc == 0 else "  (exit %d)" % rc))
    err = rows[1][1][4]
    rewritten = re.findall(r"remark: SCoP rewritten[^\n]*", err)
    missed = re.findall(r"remark: [^\n]*(?:budget|time limit|left as it was|not transformed|gave up)[^\n]*", err)
    insc = re.findall(r"remark: loop is in a SCoP[^\n]*", err)
    print("Tessera remarks: %d loop(s) in a SCoP, %d SCoP(s) rewritten" % (len(insc), len(rewritten)))
    for line in rewritten[:3]:
        print("  " + line.strip())
    for line in missed[:5]:
        print("  " + line.strip())
    diags = [l for l in err.splitlines() if "warning" in l and "tessera" in l]
    for line in diags[:5]:
        print("  " + line.strip())
    # correctness at small sizes
    exe0, exe1 = os.path.join(work, "large.O0"), os.path.join(work, "large.tessera")
    subprocess.run([clang, "-O0"] + common + [path, "-o", exe0, "-lm"], check=True, capture_output=True)
    subprocess.run([clang, "-O3", "-fpass-plugin=" + plugin] + common + [path, "-o", exe1, "-lm"], check=True, capture_output=True)
    same = True
    for argv in ([], ["3"] * 10, ["1"] * 10, ["9", "8", "7", "6", "5", "4", "3", "2", "1", "9"]):
        o0 = subprocess.run([exe0] + argv, capture_output=True, text=True, timeout=120).stdout
        o1 = subprocess.run([exe1] + argv, capture_output=True, text=True, timeout=120).stdout
        if o0 != o1:
            same = False
            print("OUTPUT MISMATCH at sizes %s" % (argv or "default"))
    print("outputs at small sizes: %s" % ("identical to clang -O0" if same else "DIFFER"))
    slow = rows[1][1][1] > 10 or (base and rows[1][1][1] > 10 * base and rows[1][1][2] > 10 * base_cpu)
    if slow:
        print("COMPILE-TIME BOUND EXCEEDED: more than 10 s or 10x clang -O3")
    return 1 if slow or not same else 0
