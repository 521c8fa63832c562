#!/usr/bin/python3
"""unreached: pan's "unreached in proctype" lines put back on the model's
source, as a listing with the unreached lines marked.

  unreached.py MODEL DEST.html [WORK] < REPORT
      (make verify) prints, for each unreached statement, its line of the
      model with the process and statement pan names, and writes the
      listing of every file that holds one to DEST.html, printing its
      path; prints nothing when pan lists no unreached statement.
  unreached.py --md DEST
      (the book) DEST is out/views/unreached.ID.md: the listing of the
      run ID of a chapter (its report in the run store, its model the
      chapter's models/NAME), as Markdown holding the HTML.

A line is marked when pan names it (FILE:LINE, state N, "statement");
the "-end-" of a process is the closing brace of its body.  FILE is the
model or a file it includes, or the claim Spin wrote for an ltl formula
(_spin_nvr.tmp): read from WORK, the directory the search ran in, which
holds the copies that ran, else beside the model.  Exits 2 with one line
when a file pan names cannot be found or has fewer lines than pan says."""

import os
import re
import sys

from build.lib import blockformat
from build.lib import runstore
from build.workbench import viewpage
from build.workbench.viewpage import esc, fail

HEAD = re.compile(r"^unreached in (proctype|init|claim|trace|notrace) ?(\S*)$")
ITEM = re.compile(r'^\t(\S+):(\d+), state (\d+), "(.*)"$')



def parse(report):
    """[(process, file, line, state, statement)] in the report's order."""
    found, proc = [], None
    for line in report.splitlines():
        m = HEAD.match(line)
        if m:
            proc = m.group(2) or m.group(1)
            if m.group(1) in ("claim", "trace", "notrace"):
                proc = f"{m.group(1)} {m.group(2)}"
            continue
        m = ITEM.match(line)
        if m and proc:
            found.append((proc, m.group(1), int(m.group(2)), m.group(3), m.group(4)))
        elif not line.startswith("\t"):
            proc = None
    return found


def sources(model, items, work=None):
    """{file named by pan: its lines}: from WORK (where the search ran,
    with the copies it used and the claim file Spin wrote), else beside
    the model."""
    files = {}
    here = os.path.dirname(model)
    for _, name, line, _, _ in items:
        if name in files:
            continue
        tries = [os.path.join(work, name)] if work else []
        tries.append(model if name == os.path.basename(model) else os.path.join(here, name))
        path = next((t for t in tries if os.path.isfile(t)), tries[-1])
        try:
            files[name] = open(path).read().splitlines()
        except OSError:
            fail(f"{path}: pan reports unreached code in it, but it cannot be read; "
                 "run make verify again from the model's own directory")
    for _, name, line, _, _ in items:
        if line > len(files[name]):
            fail(f"{name}:{line}: pan names a line past the end of the file "
                 f"({len(files[name])} lines): the report is from another version of it; "
                 "run the search again")
    return files


def listing(files, items):
    """The HTML listing: each file whole, its unreached lines marked."""
    out = []
    for name, lines in files.items():
        marks = {}
        for proc, f, line, state, stmt in items:
            if f == name:
                marks.setdefault(line, []).append(f"{proc}: {stmt} (state {state})")
        rows = []
        width = len(str(len(lines)))
        for n, text in enumerate(lines, 1):
            num = str(n).rjust(width)
            if n in marks:
                why = "; ".join(marks[n])
                rows.append(f'<mark class="unreached" style="background: var(--mark); color: inherit" '
                            f'title="{esc(why)}">{num}  '
                            f'{esc(text)}</mark>  <span class="why">&lt;- unreached: '
                            f'{esc(why)}</span>')
            else:
                rows.append(f"{num}  {esc(text)}")
        out.append(f'<p class="caption">{esc(name)}: {len(marks)} of {len(lines)} lines '
                   'hold a statement no execution reached (marked)</p>\n'
                   '<div class="wide"><pre class="unreached-listing"><code>'
                   + "\n".join(rows) + "</code></pre></div>")
    return "\n".join(out)


def terminal(files, items):
    print(f"--- unreached code: {len(items)} statement(s) no execution reached ---")
    for proc, name, line, state, stmt in items:
        text = files[name][line - 1].strip()
        print(f"{name}:{line}: {text}    <- {proc}: \"{stmt}\" (state {state})")


def book(dest):
    m = re.match(r"^unreached\.(.+)\.md$", os.path.basename(dest))
    if not m:
        fail(f"{dest}: name it unreached.RUNID.md (RUNID: a .pan block's #id)")
    rid = m.group(1)
    flags = runstore.run_flags_path(rid)
    if not flags:
        fail(f"{dest}: there is no run {rid} in the chapters")
    spec, _ = blockformat.read_spec(flags)
    report = os.path.join(runstore.run_dir(), rid + ".out")
    try:
        text = open(report).read()
    except OSError:
        fail(f"{report}: no report; make the run first (make book)")
    model = os.path.join(runstore.MODELS, spec["model"])
    items = parse(text)
    if not items:
        fail(f"{report}: pan lists no unreached statement; the book's listing of run "
             f"{rid} would be empty (choose a run that has one)")
    files = sources(model, items)
    runstore.put(dest, "```{=html}\n" + listing(files, items) + "\n```\n\n<p class=\"note\">The unreached lines of run "
                 f"{esc(rid)}'s report, put back on <code>{esc(model)}</code> "
                 "(<code>make verify</code> shows the same for any model).</p>\n")


def main():
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "--md":
        return book(args[1])
    if len(args) not in (2, 3):
        fail("usage: build/workbench/unreached.py MODEL DEST.html [WORK] < REPORT, "
             "or --md out/views/unreached.RUNID.md")
    model, dest, work = (args + [None])[:3]
    report = sys.stdin.read()
    # A search stopped by an error did not visit every state: what it
    # left unreached says nothing of the model.
    if re.search(r"errors: [1-9]", report):
        return
    items = parse(report)
    if not items:
        return
    files = sources(model, items, work)
    terminal(files, items)
    path = viewpage.write(dest, f"Unreached code of {os.path.basename(model)}",
                          f"<p>The statements of <code>{esc(model)}</code> that pan's search "
                          "never reached, as its report lists them (<code>unreached in "
                          "...</code>), marked on the source.</p>\n" + listing(files, items))
    print(f"--- the listing with the unreached lines marked: {path}")


main()
