#!/usr/bin/env bash
# Self-check of the e2e program corpus with plain clang (no Tessera plugin):
#  * O0 (reference) vs O3 -march=native ("O3" column), then O3 -march=native
#    vs O3 -march=native -mllvm -polly ("polly") and vs O0 -march=native
#    ("O0nat", same FMA contraction as O3), compared token by token (ints
#    exact, floats within 1e-9 relative; max relative difference printed);
#  * an -O1 -fsanitize=address,undefined run that must be clean;
#  * best-of-3 wall time of the O3 binary at the default size.
# Usage: check_all.sh [program.c ...]   (default: all *.c here)
# Env: CLANG (default clang-22), NO_SAN=1 skips sanitizers, NO_POLLY=1 skips
#      Polly, SIZES="1 2 7 33" also runs each program with those argv[1]
#      sizes (O0 vs O3 and under the sanitizers).
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
CLANG="${CLANG:-clang-22}"
BUILD="$(mktemp -d "${TMPDIR:-/tmp}/tessera-e2e-check.XXXXXX")"
trap 'rm -rf "$BUILD"' EXIT
cd "$HERE"
if [ $# -eq 0 ]; then set -- *.c; fi
fail=0
printf '%-26s %-8s %-8s %-8s %-8s %s\n' program O3 polly O0nat sanitize O3_ms
for src in "$@"; do
  name="$(basename "$src" .c)"
  b="$BUILD/$name"
  st_o3=ok; st_polly=skip; st_o0n=ok; st_san=skip
  "$CLANG" -O0 "$src" -o "$b.O0" -lm 2>"$b.err" || { echo "$name: O0 build failed"; cat "$b.err"; fail=1; continue; }
  "$CLANG" -O0 -march=native "$src" -o "$b.O0n" -lm 2>>"$b.err" || { echo "$name: O0n build failed"; fail=1; continue; }
  "$CLANG" -O3 -march=native "$src" -o "$b.O3" -lm 2>>"$b.err" || { echo "$name: O3 build failed"; fail=1; continue; }
  "$b.O0" >"$b.ref" || { echo "$name: O0 run failed"; fail=1; continue; }
  "$b.O3" >"$b.o3" || st_o3=RUNFAIL
  "$b.O0n" >"$b.o0n" || st_o0n=RUNFAIL
  [ "$st_o3" = ok ] && { python3 "$HERE/compare_outputs.py" "$b.ref" "$b.o3" >"$b.cmp.o3" || st_o3=DIFF; }
  [ "$st_o0n" = ok ] && { python3 "$HERE/compare_outputs.py" "$b.o3" "$b.o0n" >"$b.cmp.o0n" || st_o0n=DIFF; }
  if [ -z "${NO_POLLY:-}" ]; then
    st_polly=ok
    "$CLANG" -O3 -march=native -mllvm -polly "$src" -o "$b.polly" -lm 2>>"$b.err" || st_polly=BUILDFAIL
    [ "$st_polly" = ok ] && { "$b.polly" >"$b.pol" || st_polly=RUNFAIL; }
    [ "$st_polly" = ok ] && { python3 "$HERE/compare_outputs.py" "$b.o3" "$b.pol" >"$b.cmp.pol" || st_polly=DIFF; }
  fi
  if [ -z "${NO_SAN:-}" ]; then
    st_san=ok
    "$CLANG" -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all "$src" -o "$b.san" -lm 2>>"$b.err" || st_san=BUILDFAIL
    if [ "$st_san" = ok ]; then
      "$b.san" >"$b.sanout" 2>"$b.sanerr" || st_san=RUNFAIL
      [ -s "$b.sanerr" ] && st_san=REPORT
      [ "$st_san" = ok ] && { python3 "$HERE/compare_outputs.py" "$b.ref" "$b.sanout" >/dev/null || st_san=DIFF; }
    fi
  fi
  ms=$(python3 - "$b.O3" <<'PY'
import subprocess, sys, time
best = None
for _ in range(3):
    t = time.perf_counter()
    subprocess.run([sys.argv[1]], stdout=subprocess.DEVNULL, check=False)
    d = time.perf_counter() - t
    best = d if best is None else min(best, d)
print(f"{best*1000:.1f}")
PY
)
  # extra sizes (argv[1]) given in $SIZES: O0 vs O3 (and vs the sanitizer build)
  for sz in ${SIZES:-}; do
    "$b.O0" "$sz" >"$b.ref.$sz" 2>&1 || { echo "    size $sz: O0 run failed"; fail=1; continue; }
    "$b.O3" "$sz" >"$b.o3.$sz" 2>&1 || { echo "    size $sz: O3 run failed"; fail=1; continue; }
    python3 "$HERE/compare_outputs.py" "$b.ref.$sz" "$b.o3.$sz" >"$b.cmp.$sz" || { echo "    size $sz: O0/O3 DIFF"; cat "$b.cmp.$sz"; fail=1; }
    if [ -z "${NO_SAN:-}" ] && [ -x "$b.san" ]; then
      "$b.san" "$sz" >"$b.san.$sz" 2>"$b.sanerr.$sz" || { echo "    size $sz: sanitizer run failed"; head -20 "$b.sanerr.$sz"; fail=1; continue; }
      [ -s "$b.sanerr.$sz" ] && { echo "    size $sz: sanitizer report"; head -20 "$b.sanerr.$sz"; fail=1; }
      python3 "$HERE/compare_outputs.py" "$b.ref.$sz" "$b.san.$sz" >/dev/null || { echo "    size $sz: O0/sanitizer DIFF"; fail=1; }
    fi
  done
  printf '%-26s %-8s %-8s %-8s %-8s %s\n' "$name" "$st_o3" "$st_polly" "$st_o0n" "$st_san" "$ms"
  for f in "$b.cmp.o3" "$b.cmp.o0n" "$b.cmp.pol"; do
    [ -s "$f" ] && sed "s/^/    $(basename "$f"): /" "$f"
  done
  [ "$st_san" = REPORT ] || [ "$st_san" = RUNFAIL ] && head -20 "$b.sanerr"
  case "$st_o3$st_polly$st_o0n$st_san" in *DIFF*|*FAIL*|*REPORT*) fail=1;; esac
done
exit $fail
