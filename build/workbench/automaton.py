#!/usr/bin/python3
"""automaton MODEL [PROC] [DEFS]: the state machines of MODEL's processes
(of proctype PROC alone when given), as Spin compiles them, drawn by
Graphviz as SVG: one node per control state, one edge per statement,
labelled with its source line and text.  Writes an HTML page with the
drawings, out/automaton/NAME/NAME.automaton.html (and one NAME-PROC.svg
per process beside it), and prints its path.

automaton --md DEST: the same drawing for the book, as a Markdown file
holding the SVG; DEST is out/views/automaton.MODEL.PROC.md (models/MODEL.spin).

The states and transitions are pan's own (pan -d), with statement
merging off (spin -o3) so that every statement is an edge of its own;
an edge of an atomic sequence is dashed; a state with an end, progress
or accept label is drawn doubled, and the end of the body is "end".
Exits 2 with one line when the model cannot be compiled or PROC is not
one of its processes."""

import os
import re
import shlex
import shutil
import subprocess
import sys

from build.lib import modelfiles
from build.lib import runstore
from build.workbench import viewpage
from build.workbench.viewpage import esc, fail

OUT = runstore.OUT
SECTION = re.compile(r"^(proctype|claim|trace|notrace) (\S+)$|^(init)$")
EDGE = re.compile(r"^\s+state\s+(\d+) -\(tr\s+\d+\)-> state\s+(\d+)\s+\[id\s+\d+ tp\s+\d+\] "
                  r"\[([^\]]*)\] (\S+):(\d+) => (.*)$")
# The book's palette (build/book/book.css): text, rules, the atomic colour.
FG, RULE, ATOMIC, LINK = "#1d1d1d", "#999999", "#7b2d8b", "#2a5db0"



def machines(model, defs, work, show_spin=False):
    """{process: [(from, to, flags, file, line, statement)]} in pan -d's order."""
    # Compiled apart, so that a failure leaves the last drawing in place.
    work = os.path.join(work, "compile")
    try:
        extra = modelfiles.fresh_copy(model, work)
    except runstore.RunError as e:
        fail(str(e))
    why = modelfiles.defs_overridden(model, defs, work, extra)
    if why:
        fail(why)
    name = os.path.basename(model)
    for cmd in (["spin", "-o3", "-a"] + shlex.split(defs) + extra + [name],
                ["cc", "-w", "-o", "pan", "pan.c"], ["./pan", "-d"]):
        p = subprocess.run(cmd, cwd=work, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if cmd[0] == "spin" and show_spin:
            # Every line Spin prints (its warnings, the ltl formulas it
            # translated), as make verify shows them.
            print(p.stdout, end="")
        if p.returncode != 0:
            lines = [x for x in p.stdout.splitlines() if x.strip()]
            fail(f"{model}: {cmd[0]} failed (status {p.returncode}): "
                 f"{lines[0] if lines else 'no output'}; make verify MODEL={model} says more")
    found, current = {}, None
    for line in p.stdout.splitlines():
        m = SECTION.match(line)
        if m:
            current = m.group(3) or m.group(2)
            if m.group(1) in ("claim", "trace", "notrace"):
                current = f"{m.group(1)} {m.group(2)}"
            found[current] = []
            continue
        m = EDGE.match(line)
        if m and current:
            found[current].append(m.groups())
        elif not line.strip():
            current = None
    return found


def dot(proc, edges, title=True):
    """The Graphviz source of one process's machine."""
    def q(s):
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    labelled = {e[0] for e in edges if re.search(r"[pea]", e[2][1:4])}
    first = edges[0][0] if edges else None
    out = [f"digraph {q(proc)} {{",
           f'  graph [rankdir=TB, nodesep=0.35, ranksep=0.4, bgcolor="transparent", '
           f'fontname="DejaVu Sans", fontsize=11, label={q(proc if title else "")}, labelloc=t, '
           f'fontcolor="{FG}"];',
           f'  node [shape=circle, fontname="DejaVu Sans", fontsize=10, width=0.35, '
           f'fixedsize=false, color="{FG}", fontcolor="{FG}"];',
           f'  edge [fontname="DejaVu Sans Mono", fontsize=9, color="{RULE}", fontcolor="{FG}", '
           'arrowsize=0.6];',
           f'  start [shape=point, width=0.08, color="{FG}"];']
    states = []
    for e in edges:
        for s in (e[0], e[1]):
            if s not in states:
                states.append(s)
    for s in states:
        if s == "0":
            out.append(f'  s0 [label="end", shape=doublecircle, color="{LINK}", fontcolor="{LINK}"];')
        else:
            extra = ", shape=doublecircle" if s in labelled else ""
            out.append(f'  s{s} [label="{s}"{extra}];')
    if first:
        out.append(f"  start -> s{first};")
    for src, dst, flags, file, line, stmt in edges:
        style = f', style=dashed, color="{ATOMIC}"' if flags.startswith(("A", "D")) else ""
        label = f"{line}: {stmt}" if len(stmt) <= 40 else f"{line}: {stmt[:37]}..."
        if file != file.split("/")[-1] or not file.endswith(".spin"):
            label = f"{file}:{label}"
        out.append(f"  s{src} -> s{dst} [label={q(' ' + label + ' ')}, tooltip={q(file + ':' + line + ': ' + stmt)}{style}];")
    out.append("}")
    return "\n".join(out) + "\n"


def svg(source):
    if shutil.which("dot") is None:
        fail("dot: not installed (Graphviz); run make deps-book (or: sudo apt-get install graphviz)")
    p = subprocess.run(["dot", "-Tsvg"], input=source, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        fail(f"dot failed (status {p.returncode}): {p.stderr.strip()[:200]}")
    # The XML prologue and doctype are for a file; inline, the <svg> is enough.
    # The text and circles take the page's colour (dark pages too).
    return p.stdout[p.stdout.index("<svg"):].replace(f'"{FG}"', '"currentColor"')


def pick(found, model, proc):
    procs = [p for p in found if found[p]]
    if not proc:
        return procs
    if proc in found:
        return [proc]
    fail(f"PROC={proc}: {model} has no such process; its processes are: {', '.join(procs)}")


LEGEND = ("One circle per control state of the process, one arrow per statement "
          "(its source line and text), from the state where it can run to the state it "
          "leads to; the small dot points at the start, \"end\" is the end of the body. "
          "A dashed arrow runs inside an atomic sequence; a doubled circle carries an "
          "end, progress or accept label.")


def book(dest):
    m = re.match(r"^automaton\.(.+)\.([^.]+)\.md$", os.path.basename(dest))
    if not m:
        fail(f"{dest}: name it automaton.MODEL.PROC.md (models/MODEL.spin, proctype PROC)")
    model, proc = os.path.join("models", m.group(1) + ".spin"), m.group(2)
    work = os.path.join(OUT, "automaton", "book-" + m.group(1))
    found = machines(model, "", work)
    [proc] = pick(found, model, proc)
    picture = svg(dot(proc, found[proc]))
    # A raw HTML block: pandoc passes the drawing through untouched.
    runstore.put(dest, f'```{{=html}}\n<div class="wide automaton" role="img" aria-label="The state '
                 f'machine of {esc(proc)} in {esc(model)}">\n{picture}</div>\n```\n\n'
                 f'<p class="note">{esc(LEGEND)} Drawn by <code>make automaton '
                 f'MODEL={esc(model)} PROC={esc(proc)}</code> from <code>pan -d</code>.</p>\n')


def main():
    args = sys.argv[1:]
    if args == ["--env"]:  # make's values, passed untouched (workbench.mk)
        args = [os.environ.get("WB_" + k, "") for k in ("MODEL", "PROC", "DEFS")]
    if len(args) == 2 and args[0] == "--md":
        return book(args[1])
    if not 1 <= len(args) <= 3 or not args[0]:
        fail("usage: make automaton MODEL=models/NAME.spin [PROC=proctype] [DEFS=-DX=3]")
    model, proc, defs = (args + ["", ""])[:3]
    name = os.path.basename(model)
    work = os.path.join(OUT, "automaton", name)
    found = machines(model, defs, work, show_spin=True)
    parts = [f"<p>The processes of <code>{esc(model)}</code>"
             + (f" (<code>{esc(defs)}</code>)" if defs else "")
             + " as Spin compiles them (<code>spin -o3 -a</code>, <code>pan -d</code>).</p>",
             f'<p class="note">{esc(LEGEND)}</p>']
    for p in pick(found, model, proc):
        picture = svg(dot(p, found[p], title=False))
        safe = re.sub(r"[^A-Za-z0-9_.-]", "_", p)
        with open(os.path.join(work, f"{name}-{safe}.svg"), "w") as f:
            f.write(picture)
        parts.append(f'<h2 id="{esc(safe)}">{esc(p)}</h2>\n<p class="note">{len(found[p])} '
                     f'transitions.</p>\n<div class="wide automaton">{picture}</div>')
    path = viewpage.write(os.path.join(work, name + ".automaton.html"),
                          f"State machines of {name}", "\n".join(parts))
    print(f"--- the state machines of {model}: {path}")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit("automaton: interrupted")
