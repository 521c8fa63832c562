#!/usr/bin/python3
"""trail-timeline TRAIL [--fold N --whole PAGE.html]: an HTML table of a
readable Spin trail (the output of spin -t -p): one column per process,
one row per step.  A row where control passes from one process to
another is marked "switch": the interleavings that make a race are
exactly these; the step that fails an assertion is marked "error".  The
trail of a liveness error (an acceptance or non-progress cycle) is a
prefix and a cycle that repeats forever: a row marks where the cycle
starts (spin's <<<<<START OF CYCLE>>>>>) and the steps of the cycle are
marked "cycle".  The caption comes above the table.

With --fold N, a trail of more than N steps is shown folded: the steps
that lead into the cycle (or into the failed assertion) and the first
steps of the cycle, at most N rows in all; --whole PAGE.html names the
page (written by build/book/book.sh from the table this script writes
to PAGE.part) that holds the whole trail, one click away."""

import argparse
import html
import os
import re
import sys

from build.lib.panreport import CYCLE_MARK, TRAIL_END, TRAIL_STEP

LEAD = 10   # rows shown before the cycle (or the error) when folded


def parse(path):
    procs, rows = {}, []
    failed_line = cycle_at = None
    try:
        lines = open(path).readlines()
    except OSError as e:
        sys.exit(f"trail-timeline: cannot read {path}: {e.strerror}; "
                 "make the run first (make chapter-N)")
    for line in lines:
        if line.strip() == CYCLE_MARK and cycle_at is None:
            cycle_at = len(rows)
            continue
        m = TRAIL_STEP.match(line)
        if m:
            step, pid, name, src, stmt = m.groups()
            procs.setdefault(int(pid), re.sub(r":\d+$", "", name))
            rows.append((step, int(pid), f"{src}: {stmt}"))
            continue
        m = TRAIL_END.match(line)
        if m:
            rows.append((m.group(1), int(m.group(2)), "terminates"))
            continue
        if "Error: assertion violated" in line:
            failed_line = len(rows)
    return procs, rows, failed_line, cycle_at


def table(procs, rows, failed_line, cycle_at, first, last):
    """The table of rows FIRST..LAST-1 (a skipped stretch says so)."""
    pids = sorted(procs)
    out = ['<table class="timeline"><thead><tr><th>step</th>']
    out += [f"<th>{p}: {html.escape(procs[p])}</th>" for p in pids]
    out.append("</tr></thead><tbody>")
    if first > 0:
        out.append(f'<tr class="skipped"><td colspan="{len(pids) + 1}">'
                   f'{first:,} earlier steps not shown</td></tr>')
    last_pid = None
    for i in range(first, last):
        step, pid, text = rows[i]
        if i == cycle_at:
            out.append(f'<tr class="cycle-start"><td colspan="{len(pids) + 1}">'
                       'start of the cycle: from here the steps repeat forever</td></tr>')
            last_pid = None
        cls = ["cycle"] if cycle_at is not None and i >= cycle_at else []
        if last_pid is not None and pid != last_pid:
            cls.append("switch")
        if failed_line is not None and i == failed_line:
            cls.append("error")
        last_pid = pid
        cells = "".join(f"<td>{html.escape(text) if p == pid else ''}</td>" for p in pids)
        out.append(f'<tr class="{" ".join(cls)}"><td>{step}</td>{cells}</tr>')
    if last < len(rows):
        out.append(f'<tr class="skipped"><td colspan="{len(pids) + 1}">'
                   f'{len(rows) - last:,} later steps not shown</td></tr>')
    out.append("</tbody></table>")
    return out


def main():
    ap = argparse.ArgumentParser(
        usage="build/book/trail-timeline.py out/runs/ID.trail [--fold N --whole PAGE.html]")
    ap.add_argument("trail")
    ap.add_argument("--fold", type=int, default=0)
    ap.add_argument("--whole", default="")
    a = ap.parse_args()
    if a.fold and not a.whole:
        ap.error("--fold needs --whole PAGE.html (where the whole trail is)")
    procs, rows, failed_line, cycle_at = parse(a.trail)
    if not rows:
        return
    shade = (' The steps after the start of the cycle are shaded: they repeat '
             'forever, the steps before them happen once.' if cycle_at is not None else '')
    whole = ('The whole trail, one column per process; a marked row is a switch '
             'from one process to another, where races happen.' + shade)
    if not a.fold or len(rows) <= a.fold:
        print('<p class="caption timeline-caption">' + whole + '</p>')
        print("\n".join(table(procs, rows, failed_line, cycle_at, 0, len(rows))))
        return
    focus = cycle_at if cycle_at is not None else (
        failed_line if failed_line is not None else len(rows))
    first = max(0, min(focus - LEAD, len(rows) - a.fold))
    last = min(len(rows), first + a.fold)
    if cycle_at is not None:
        what = (f'{last - first} of its {len(rows):,} steps, the {cycle_at - first:,} '
                f'that lead into the cycle and the first {last - cycle_at:,} of the '
                f"cycle's {len(rows) - cycle_at:,}")
    else:
        what = f'its last {last - first} of {len(rows):,} steps'
    what += f' (Spin numbers them {rows[first][0]} to {rows[last - 1][0]})'
    print('<p class="caption timeline-caption">The trail, one column per process, '
          f'folded: {what}. A marked row is a switch from one process to '
          f'another, where races happen.{shade} '
          f'<a class="whole-trail" href="{html.escape(os.path.basename(a.whole))}">'
          f'The whole trail ({len(rows):,} steps)</a></p>')
    print("\n".join(table(procs, rows, failed_line, cycle_at, first, last)))
    part = os.path.splitext(a.whole)[0] + ".part"
    with open(part, "w") as f:
        f.write('<p class="caption timeline-caption">' + whole + '</p>\n')
        f.write("\n".join(table(procs, rows, failed_line, cycle_at, 0, len(rows))) + "\n")


main()
