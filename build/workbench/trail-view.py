#!/usr/bin/python3
"""trail-view WORK NAME [DEFS] [PROC] [SOURCE]: the trail WORK/NAME.trail
(left by pan in WORK, beside the copy NAME of the model that made it) as
one HTML page, WORK/NAME.trail.html, whose path it prints:

  - the book's per-process timeline of the trail (build/book/trail-timeline.py,
    run by its command line), the cycle of a liveness error shaded;
  - a table of the variables, one row per step: the globals and the
    locals of process PROC (a pid or a proctype's name; by default the
    process that made the last step), each value as it stands after the
    step, the ones the step changed in bold.

The values are Spin's own: the trail replayed with spin -t -p -g -l
(a value shows from the step that first sets it: Spin prints a variable
when it changes).  SOURCE names the model in the page (default NAME).
Exits 2 with one line when there is no trail or Spin cannot replay it."""

import os
import re
import shlex
import subprocess
import sys

from build.lib.panreport import CYCLE_MARK, TRAIL_END, TRAIL_STEP
from build.lib import searchflags
from build.workbench import viewpage
from build.workbench.viewpage import esc, fail

VALUE = re.compile(r"^\t\t(\S.*?) = (.*)$")
LOCAL = re.compile(r"^(.*)\((\d+)\):(.+)$")



def parse(text):
    """The steps of a replay with values: a list of dicts (step, pid,
    name, what, values {variable: value}, cycle, error)."""
    rows, names = [], {}
    cycle = error = False
    for line in text.splitlines():
        if line.strip() == CYCLE_MARK:
            cycle = True
            continue
        if "Error: " in line and line.startswith("spin:"):
            error = True
            continue
        m = TRAIL_STEP.match(line)
        if m:
            step, pid, name, src, stmt = m.groups()
            names.setdefault(int(pid), re.sub(r":\d+$", "", name))
            rows.append({"step": step, "pid": int(pid), "what": f"{src}: {stmt}",
                         "values": {}, "cycle": cycle, "error": error})
            error = False
            continue
        m = TRAIL_END.match(line)
        if m:
            rows.append({"step": m.group(1), "pid": int(m.group(2)), "what": "terminates",
                         "values": {}, "cycle": cycle, "error": False})
            continue
        m = VALUE.match(line)
        if m and rows:
            rows[-1]["values"][m.group(1)] = m.group(2)
    return rows, names


def chosen_pid(rows, names, proc):
    if not proc:
        return rows[-1]["pid"]
    if proc.isdigit():
        if int(proc) in names:
            return int(proc)
    else:
        for pid in sorted(names):
            if names[pid] == proc:
                return pid
    fail(f"PROC={proc}: no such process in the trail; its processes are: "
         + ", ".join(f"{p} ({names[p]})" for p in sorted(names)))


def variables(rows, names, pid):
    """The columns: the globals in the order they first change, then
    PID's locals (Spin prints them as name(pid):var)."""
    glob, loc = [], []
    for r in rows:
        for var in r["values"]:
            m = LOCAL.match(var)
            if not m:
                if var not in glob:
                    glob.append(var)
            elif int(m.group(2)) == pid and var not in loc:
                loc.append(var)
    return glob, loc


def table(rows, names, pid):
    glob, loc = variables(rows, names, pid)
    head = "".join(f"<th>{esc(v)}</th>" for v in glob) + \
        "".join(f'<th class="local">{esc(LOCAL.match(v).group(3))}</th>' for v in loc)
    out = ['<table class="vars"><thead><tr><th>step</th><th>process</th><th>statement</th>'
           + head + "</tr></thead><tbody>"]
    now = {}
    for r in rows:
        now.update(r["values"])
        cls = [c for c in ("cycle", "error") if r[c]]
        cells = "".join(
            f'<td{" class=changed" if v in r["values"] else ""}>{esc(now.get(v, ""))}</td>'
            for v in glob + loc)
        out.append(f'<tr class="{" ".join(cls)}"><td>{esc(r["step"])}</td>'
                   f'<td>{r["pid"]}: {esc(names.get(r["pid"], ""))}</td>'
                   f'<td>{esc(r["what"])}</td>{cells}</tr>')
    out.append("</tbody></table>")
    return "\n".join(out), len(glob), len(loc)


def violated(text, work):
    """What the trail violates, in pan's or Spin's words: the text of a
    failed assertion from the replay, else the error make verify kept
    (verify.flags: an invalid end state, an acceptance or non-progress
    cycle of a named claim, a claim's end reached), else None."""
    m = re.search(r"^spin: text of failed assertion: (.*)$", text, re.M)
    if m:
        return f"the assertion {m.group(1).strip()}"
    try:
        keys = dict(line.rstrip("\n").split("=", 1) for line in
                    open(os.path.join(work, "verify.flags")) if "=" in line)
    except OSError:
        return None
    what = keys.get("violation", "")
    claim = keys.get("claim", "")
    if claim and claim != ":np_:" and ("cycle" in what or "claim" in what):
        what += f" (the claim {claim})"
    return what or None


def main():
    args = sys.argv[1:]
    if not 2 <= len(args) <= 6:
        fail("usage: build/workbench/trail-view.py WORK NAME [DEFS] [PROC] [SOURCE] [FORMULA]")
    work, name, defs, proc, source, formula = (args + ["", "", "", ""])[:6]
    # The trail pan wrote: NAME.trail, or with pan -e the first of
    # NAME1.trail, NAME2.trail... (replayed with spin -t1).
    tflag = "-t" if os.path.isfile(os.path.join(work, name + ".trail")) else \
        "-t1" if os.path.isfile(os.path.join(work, name + "1.trail")) else None
    if not tflag:
        fail(f"{os.path.join(work, name + '.trail')}: no trail to show; run make verify first")
    p = subprocess.run(["spin", tflag, "-p", "-g", "-l"] + shlex.split(defs)
                       + searchflags.formula_flags(formula) + [name], cwd=work,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    text = p.stdout
    rows, names = parse(text)
    if p.returncode != 0 or not rows:
        fail(f"{os.path.join(work, name + '.trail')}: spin could not replay it "
             f"(status {p.returncode}): {(text.strip().splitlines() or ['no output'])[-1]}")
    values = os.path.join(work, name + ".values.txt")
    with open(values, "w") as f:
        f.write(text)
    timeline = viewpage.tool("build/book/trail-timeline.py", values)
    if timeline is None:
        fail(f"{values}: build/book/trail-timeline.py could not draw it")
    pid = chosen_pid(rows, names, proc)
    vars_html, nglob, nloc = table(rows, names, pid)
    cycle = any(r["cycle"] for r in rows)
    source = source or name
    what = violated(text, work)
    intro = (f'<p>The trail of <code>{esc(source)}</code>'
             + (f' (<code>{esc(defs)}</code>)' if defs else '')
             + f', {len(rows)} steps'
             + (', ending in a cycle that repeats forever' if cycle else '')
             + f'; Spin replayed it with <code>spin {tflag} -p -g -l</code>.</p>'
             + (f'\n<p class="violated">What it violates: <strong>{esc(what)}</strong>.</p>'
                if what else ''))
    body = (intro + '\n<h2 id="timeline">The processes, step by step</h2>\n<div class="wide">'
            + timeline + '</div>\n<h2 id="variables">The variables, step by step</h2>\n'
            f'<p class="note">One row per step: the {nglob} global variable{"s" * (nglob != 1)} '
            f'and the {nloc} local{"s" * (nloc != 1)} of process {pid} ({esc(names.get(pid, ""))}; another with PROC=name '
            'or PROC=pid), as they stand after the step; in bold, what the step changed. '
            'A blank cell: not yet set by the trail (Spin prints a variable when it '
            'changes).' + (' The shaded steps are the cycle.' if cycle else '') + '</p>\n'
            '<div class="wide">' + vars_html + '</div>')
    path = viewpage.write(os.path.join(work, name + ".trail.html"),
                          f"Trail of {os.path.basename(source)}", body)
    print(f"--- the trail as a timeline and a table of the variables: {path}")


try:
    main()
except KeyboardInterrupt:
    sys.exit("trail-view: interrupted")
