#!/usr/bin/python3
"""trail-timeline TRAIL: an HTML table of a readable Spin trail (the
output of spin -t -p): one column per process, one row per step.  A row
where control passes from one process to another is marked "switch": the
interleavings that make a race are exactly these; the step that fails an
assertion is marked "error".  The trail of a liveness error (an acceptance
or non-progress cycle) is a prefix and a cycle that repeats forever: a
row marks where the cycle starts (spin's <<<<<START OF CYCLE>>>>>) and
the steps of the cycle are marked "cycle"."""

import html
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from panreport import CYCLE_MARK  # noqa: E402

STEP = re.compile(r"^\s*(\d+):\s+proc\s+(\d+) \(([^)]*)\) \S+:(\d+) \(state \d+\)\s+\[(.*)\]$")
END = re.compile(r"^\s*(\d+): proc (\d+) terminates")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: build/book/trail-timeline.py out/runs/ID.trail")
    procs, rows = {}, []
    failed_line = cycle_at = None
    try:
        lines = open(sys.argv[1]).readlines()
    except OSError as e:
        sys.exit(f"trail-timeline: cannot read {sys.argv[1]}: {e.strerror}; "
                 "make the run first (make chapter-N)")
    for line in lines:
        if line.strip() == CYCLE_MARK and cycle_at is None:
            cycle_at = len(rows)
            continue
        m = STEP.match(line)
        if m:
            step, pid, name, src, stmt = m.groups()
            procs.setdefault(int(pid), re.sub(r":\d+$", "", name))
            rows.append((step, int(pid), f"{src}: {stmt}"))
            continue
        m = END.match(line)
        if m:
            rows.append((m.group(1), int(m.group(2)), "terminates"))
            continue
        if "Error: assertion violated" in line:
            failed_line = len(rows)
    if not rows:
        return
    pids = sorted(procs)
    out = ['<table class="timeline"><thead><tr><th>step</th>']
    out += [f"<th>{p}: {html.escape(procs[p])}</th>" for p in pids]
    out.append("</tr></thead><tbody>")
    last = None
    for i, (step, pid, text) in enumerate(rows):
        if i == cycle_at:
            out.append(f'<tr class="cycle-start"><td colspan="{len(pids) + 1}">'
                       'start of the cycle: from here the steps repeat forever</td></tr>')
            last = None
        cls = ["cycle"] if cycle_at is not None and i >= cycle_at else []
        if last is not None and pid != last:
            cls.append("switch")
        if failed_line is not None and i == failed_line:
            cls.append("error")
        last = pid
        cells = "".join(f"<td>{html.escape(text) if p == pid else ''}</td>" for p in pids)
        out.append(f'<tr class="{" ".join(cls)}"><td>{step}</td>{cells}</tr>')
    out.append("</tbody></table>")
    out.append('<p class="note">The whole trail, one column per process; '
               'a marked row is a switch from one process to another, where '
               'races happen.'
               + (' The steps after the start of the cycle are shaded: they '
                  'repeat forever, the prefix above them happens once.'
                  if cycle_at is not None else '') + '</p>')
    print("\n".join(out))


main()
