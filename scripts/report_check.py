#!/usr/bin/env python3
"""Helpers of scripts/report --check.

  first-nest SOURCE         prints the line of the first loop of the first
                            function with three nested loops (the matrix
                            product whose remark the check looks for)
  add-probe PAGE COPY       writes COPY: PAGE plus a script that finds, in
                            the browser's DOM, the rewrite remark naming
                            tiled loops or a matrix product in BLIS blocks,
                            and the source line it sits under
  verdict LINE < DOM        reads the DOM Chromium dumped after running
                            the probe; exits 1 unless the remark is under
                            LINE
"""
import re
import sys

# Runs in the browser: opt-viewer renders each source line as a table row
# with an anchor <a name="L<n>">, followed by one row per remark on it.
PROBE = """
<script>
window.addEventListener('load', function () {
  var found = 'none', text = '';
  var rows = document.querySelectorAll('tr');
  var line = null;
  for (var k = 0; k < rows.length; k++) {
    var a = rows[k].querySelector('a[name^="L"]');
    if (a) { line = a.getAttribute('name').substring(1); continue; }
    var t = rows[k].textContent;
    if (/SCoP rewritten:/.test(t) && /tiled |BLIS blocks/.test(t)) { found = line; text = t.replace(/\\s+/g, ' ').trim(); break; }
  }
  var out = document.createElement('pre');
  out.id = 'tessera-probe';
  out.textContent = 'TESSERA-PROBE line=' + found + ' remark=' + text;
  document.body.appendChild(out);
});
</script>
"""


def first_nest(path):
    lines = open(path).read().split("\n")
    loops = [k + 1 for k, l in enumerate(lines) if re.match(r"\s*for\s*\(", l)]
    for k, at in enumerate(loops):
        if k + 2 < len(loops) and loops[k + 1] == at + 1 and loops[k + 2] == at + 2:
            return at
    sys.exit(f"report_check: no triple loop nest in {path}")


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "first-nest":
        print(first_nest(sys.argv[2]))
    elif cmd == "add-probe":
        page = open(sys.argv[2]).read()
        open(sys.argv[3], "w").write(page.replace("</body>", PROBE + "</body>") if "</body>" in page else page + PROBE)
    elif cmd == "verdict":
        want = sys.argv[2]
        dom = sys.stdin.read()
        m = re.search(r"TESSERA-PROBE line=(\S+) remark=([^<]*)", dom)
        if not m:
            sys.exit("report check: FAILED: the browser did not run the probe (no result in the DOM)")
        line, remark = m.group(1), m.group(2).strip()
        if line != want:
            sys.exit(f"report check: FAILED: the rewrite remark (tiles or BLIS blocks) is under line {line}, expected line {want}")
        print(f"report check: the browser shows, under line {line}: {remark}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
