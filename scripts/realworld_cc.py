#!/usr/bin/env python3
"""Compiler wrapper for scripts/realworld (not meant to be run by hand).

scripts/realworld links it as `cc` and `c++` in a folder of its own and puts
those in CC and CXX. Every compile gets `-O3 -march=native` appended (last,
so a package's own -O2 does not win), plus the plugin in the Tessera
configurations and -fopenmp (compiles and links) in the OpenMP one. Each real
compile of one source file to an object (not configure's conftest.c nor
CMake's try-compiles) is timed (CPU time of the compiler) and logged as one
JSON line: object, source, seconds, the object's .text bytes, a digest of
its code and data, exit status,
and Tessera's remarks counted (loops seen, loops in SCoPs, SCoPs rewritten
and not) and removed from the output the build sees. In the OpenMP
configuration each such compile is repeated without the plugin (to a
scratch object, dependency-file flags dropped) and its CPU time and .text
logged too: -fopenmp changes code by itself (a package's own `omp`
pragmas), so Tessera's share is measured against plain -O3 -fopenmp.

Environment (set by scripts/realworld): TESSERA_RW_MODE (o3, plugin or omp),
TESSERA_RW_LOG (the log), TESSERA_RW_ROOT (object paths are relative to
it), TESSERA_RW_CFLAGS (added to every compile), TESSERA_PLUGIN, LLVM_BINDIR.
"""
import hashlib
import json
import os
import re
import resource
import struct
import subprocess
import sys
import time

SOURCE_EXT = (".c", ".cc", ".cpp", ".cxx", ".C")
SCRATCH = re.compile(r"conftest|/ztest|CMakeScratch|CMakeTmp|CMakeFiles/CMakeTmp|meson-private")
REMARK = re.compile(r"remark: (.*) \[-Rpass(?:-missed|-analysis)?=tessera\]")
TESSERA_DIAG = re.compile(r"(warning|error):( \S*:\d+:\d+:)? tessera\b", re.I)


def sections(path):
    """(name, contents) of the sections of an ELF object (None if it is
    not one)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if data[:4] != b"\x7fELF" or data[4] != 2:
        return None
    e = "<" if data[5] == 1 else ">"
    shoff, = struct.unpack_from(e + "Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x3A)
    def section(i):
        name, kind, _, _, off, size = struct.unpack_from(e + "IIQQQQ", data, shoff + i * shentsize)
        return name, kind, off, size
    _, _, stroff, _ = section(shstrndx)
    out = []
    for i in range(shnum):
        name, kind, off, size = section(i)
        end = data.index(b"\0", stroff + name)
        # SHT_NOBITS (.bss) has a size but no contents in the file.
        out.append((data[stroff + name:end].decode("latin-1"), data[off:off + size] if kind != 8 else b""))
    return out


def text_bytes(path):
    """Sum of the sizes of the .text* sections of an ELF object (None if
    it is not one)."""
    secs = sections(path)
    return None if secs is None else sum(len(d) for n, d in secs if n.startswith(".text"))


def code_digest(path):
    """A digest of the object's code and data (.text*, .rodata*, .data*
    sections, names and contents): what a build must reproduce exactly.
    Symbol and string tables are left out: they hold the source's path,
    which differs between two build trees."""
    secs = sections(path)
    if secs is None:
        return None
    h = hashlib.sha256()
    for n, d in secs:
        if n.startswith((".text", ".rodata", ".data")):
            h.update(n.encode("latin-1") + b"\0" + len(d).to_bytes(8, "little") + d)
    return h.hexdigest()[:16]


# Flags that write a dependency file, with their argument if they take one:
# the baseline compile must not overwrite the build's.
DEP_FLAGS = {"-MD": 0, "-MMD": 0, "-MP": 0, "-MF": 1, "-MT": 1, "-MQ": 1}


def baseline(real, argv, extra, obj):
    """CPU seconds and .text bytes of the same compile without the plugin
    (None, None if it fails)."""
    args, skip = [], 0
    for a in argv:
        if skip:
            skip -= 1
        elif a in DEP_FLAGS:
            skip = DEP_FLAGS[a]
        elif a.startswith(("-MF", "-MT", "-MQ", "-Wp,-MD", "-Wp,-MMD")):
            pass
        elif a == "-o":
            skip = 1
        elif a.startswith("-o"):
            pass
        else:
            args.append(a)
    scratch = obj + ".o3omp.tmp"
    flags = [e for e in extra if not e.startswith("-fpass-plugin=")]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([real] + args + flags + ["-o", scratch], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    text = text_bytes(scratch) if p.returncode == 0 else None
    if os.path.exists(scratch):
        os.unlink(scratch)
    return (round(cpu, 4), text) if text is not None else (None, None)


def main():
    argv = sys.argv[1:]
    bindir = os.environ.get("LLVM_BINDIR", "/usr/lib/llvm-22/bin")
    cxx = os.path.basename(sys.argv[0]).endswith("++")
    real = os.path.join(bindir, "clang++" if cxx else "clang")
    mode = os.environ.get("TESSERA_RW_MODE", "o3")
    sources = [a for a in argv if a.endswith(SOURCE_EXT) and not a.startswith("-")]
    compiling = "-c" in argv or "-S" in argv or "-E" in argv or bool(sources)
    extra = []
    if compiling:
        extra += ["-O3", "-march=native"]
        if mode in ("plugin", "omp") and "-E" not in argv:
            extra.append("-fpass-plugin=" + os.environ["TESSERA_PLUGIN"])
        extra += os.environ.get("TESSERA_RW_CFLAGS", "").split()
    if mode == "omp":
        extra.append("-fopenmp")
    logged = ("-c" in argv and len(sources) == 1 and not SCRATCH.search(os.path.abspath(sources[0]))
              and "TESSERA_RW_LOG" in os.environ)
    if not logged:
        os.execv(real, [real] + argv + extra)
    src = sources[0]
    if "-o" in argv and argv.index("-o") + 1 < len(argv):
        obj = argv[argv.index("-o") + 1]
    else:
        obj = os.path.splitext(os.path.basename(src))[0] + ".o"
    if mode in ("plugin", "omp"):
        extra += ["-Rpass=tessera", "-Rpass-missed=tessera", "-Rpass-analysis=tessera"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run([real] + argv + extra, stderr=subprocess.PIPE)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    err = p.stderr.decode("utf-8", "replace")
    counts, diags = dict(loops=0, in_scop=0, rewritten=0, not_rewritten=0), []
    # Tessera's remarks are counted and dropped, with the source line and
    # caret clang prints under each; everything else goes to the build.
    out, skip = [], 0
    for line in err.splitlines(keepends=True):
        m = REMARK.search(line)
        if m:
            what = m.group(1)
            if what.startswith("loop is in a SCoP"):
                counts["loops"] += 1
                counts["in_scop"] += 1
            elif what.startswith("loop not in a SCoP"):
                counts["loops"] += 1
            elif what.startswith("SCoP rewritten"):
                counts["rewritten"] += 1
            elif what.startswith("SCoP not transformed"):
                counts["not_rewritten"] += 1
            skip = 2
            continue
        if skip and not re.search(r"(warning|error|note|remark): ", line):
            skip -= 1
            continue
        skip = 0
        out.append(line)
        # Every warning Tessera prints (an internal error's too) starts
        # "tessera:"; the text of the package's own sources and diagnostics
        # is not searched (glpk's sources hold the words "Internal error").
        if TESSERA_DIAG.search(line):
            diags.append(line.strip())
    sys.stderr.write("".join(out))
    crash = p.returncode < 0 or "PLEASE submit a bug report" in err or "Stack dump" in err
    root = os.environ.get("TESSERA_RW_ROOT", os.getcwd())
    rec = dict(obj=os.path.relpath(os.path.abspath(obj), root), src=os.path.relpath(os.path.abspath(src), root),
               cpu=round(cpu, 4), wall=round(wall, 4), text=text_bytes(obj) if p.returncode == 0 else None,
               digest=code_digest(obj) if p.returncode == 0 else None,
               rc=p.returncode, crash=crash, diags=diags[:5], **counts,
               # The compile again, for scripts/compile_ab: the build's own
               # arguments, without the ones this wrapper adds.
               cwd=os.getcwd(), argv=argv)
    if mode == "omp" and p.returncode == 0:
        rec["base_cpu"], rec["base_text"] = baseline(real, argv, extra, obj)
    with open(os.environ["TESSERA_RW_LOG"], "a") as f:
        f.write(json.dumps(rec) + "\n")
    sys.exit(p.returncode if p.returncode >= 0 else 128 - p.returncode)


if __name__ == "__main__":
    main()
