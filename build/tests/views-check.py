#!/usr/bin/python3
"""views-check: the reader's views, made on models of the book and held
to what Spin itself says (run from the top of a clone; OUT is where the
runs go).  Each line "ok: ..." gives the counts that show the path was
taken; a problem is one line naming the page and what is wrong.

  trail (make verify MODEL=models/increment.spin, a safety error):
    the page is written and its path printed; the timeline has a row per
    step of spin -t -p, with switches and the failing step marked; the
    variable table has a row per step, and every variable's last value
    is the last one Spin's replay prints (a table that drops or shifts
    values, the subtler bug, fails here, not only an empty table).
  replay PROC=incrementer: the page shows that process's locals.
  cycle (make verify MODEL=models/lock-live.spin LTL=someone): the steps
    after the start of the cycle are shaded in both tables, the same number.
  automaton (models/increment.spin, models/lock-live.spin): one edge per
    transition of pan -d, each labelled with a line whose source text
    holds the statement's assigned variable or called name (a label
    on the wrong line fails, not only a missing one).
  unreached (models/loop-forever.spin, and a model with a dead branch):
    the marked lines are those pan names: "-end-" on the closing brace,
    a statement on the line that holds it.
  browser: the pages, opened in Chromium at 1280 and 400 px by
    build/tests/browser-check.py (no overflow, no script error).
Exits 1 on any problem."""

import glob
import html
import os
import re
import shutil
import subprocess
import sys

OUT = os.environ.get("OUT") or "out"
problems = []


def say(ok, line):
    if ok:
        print(f"ok: {line}")
    else:
        problems.append(line)
        print(f"PROBLEM: {line}")


def run(*cmd, env=None):
    p = subprocess.run(list(cmd), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       env=dict(os.environ, **(env or {})))
    return p.stdout


def page_of(text, what):
    m = re.search(r"--- " + re.escape(what) + r": (\S+)", text)
    return m.group(1) if m and os.path.isfile(m.group(1)) else None


def tables(path):
    text = open(path).read()
    timeline = re.search(r'<table class="timeline">.*?</table>', text, re.S)
    vars_ = re.search(r'<table class="vars">.*?</table>', text, re.S)
    return (timeline.group(0) if timeline else ""), (vars_.group(0) if vars_ else "")


def rows(table):
    return re.findall(r'<tr class="([^"]*)">(.*?)</tr>', table, re.S)


def cells(row):
    return [html.unescape(re.sub(r"<[^>]*>", "", c))
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


def check_trail(model, out, values, want_cycle, proc_local=None):
    path = page_of(out, "the trail as a timeline and a table of the variables")
    say(path is not None, f"{model}: the trail page is written and its path printed")
    if not path:
        return None
    timeline, vars_ = tables(path)
    steps = [line for line in open(values).read().splitlines()
             if re.match(r"^\s*\d+:\s+proc\s+\d+ \(.*\[.*\]$", line)]
    trows = [r for r in rows(timeline) if r[0] != "cycle-start"]
    vrows = rows(vars_)
    say(len(trows) >= len(steps) > 0 and len(vrows) == len(trows),
        f"{model}: {len(steps)} steps of spin -t -p, {len(trows)} timeline rows "
        f"({sum('switch' in r[0] for r in trows)} switches), {len(vrows)} variable rows")
    head = [html.unescape(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", vars_)][3:]
    # Spin's own word, row by row: after each step, the last "name =
    # value" line so far of each global and of the locals of the process
    # the page names; every cell of the table must say the same.
    pid = re.search(r"locals? of process (\d+)", open(path).read())
    now, want = {}, []
    for line in open(values).read().splitlines():
        if re.match(r"^\s*\d+:\s+proc\s+\d+ \(.*\[.*\]$", line) or \
                re.match(r"^\s*\d+: proc \d+ terminates", line):
            want.append(now)
            continue
        m = re.match(r"^\t\t(\S.*?) = (.*)$", line)
        local = m and re.match(r"^.*\((\d+)\):(.*)$", m.group(1))
        if want and (m and not local or local and pid and local.group(1) == pid.group(1)):
            now = dict(now)
            want[-1] = now
            now[local.group(2) if local else m.group(1)] = m.group(2)
    wrong = []
    for i, (r, w) in enumerate(zip(vrows, want)):
        got = cells(r[1])[3:]
        wrong += [f"row {i + 1}: {h}={v!r} (Spin: {w.get(h, '')!r})"
                  for h, v in zip(head, got) if w.get(h, "") != v]
    say(bool(head) and not wrong and len(want) == len(vrows),
        f"{model}: {len(head)} variables ({', '.join(head)}) in {len(vrows)} rows, each "
        "cell the value Spin's replay gives" + (f"; {len(wrong)} differ: {', '.join(wrong[:2])}"
                                                  if wrong else ""))
    if proc_local:
        say(proc_local in head, f"{model}: the locals shown include {proc_local}")
    if want_cycle:
        tc = sum("cycle" in r[0].split() for r in trows)
        vc = sum("cycle" in r[0].split() for r in vrows)
        say(tc > 0 and tc == vc and "cycle-start" in timeline,
            f"{model}: the cycle shaded: {tc} timeline rows, {vc} variable rows")
    else:
        say(any("error" in r[0] for r in trows) and any("error" in r[0] for r in vrows),
            f"{model}: the failing step marked in both tables")
    return path


def check_automaton(model, defs=""):
    out = run("build/workbench/automaton.py", model, "", defs)
    path = page_of(out, f"the state machines of {model}")
    say(path is not None, f"{model}: the automaton page is written and its path printed"
        + ("" if path else f": {out.strip()[-200:]}"))
    if not path:
        return None
    work = os.path.dirname(path)
    dump = subprocess.run(["./pan", "-d"], cwd=os.path.join(work, "compile"),
                          stdout=subprocess.PIPE, text=True).stdout
    pan_edges = len(re.findall(r"^\s+state\s+\d+ -\(tr", dump, re.M))
    text = open(path).read()
    svg_edges = len(re.findall(r'<g id="edge\d+" class="edge"', text))
    # The start arrow of each process is an edge too.
    nprocs = len(re.findall(r"<h2 ", text))
    say(svg_edges == pan_edges + nprocs and pan_edges > 0,
        f"{model}: {pan_edges} transitions of pan -d, {svg_edges - nprocs} arrows in "
        f"{nprocs} drawings")
    src = {}
    bad, seen = [], 0
    labels = []
    for chunk in text.split('class="edge"')[1:]:
        m = re.search(r"<text[^>]*>([^<]*)</text>", chunk.split('class="node"')[0])
        if m:
            labels.append(m.group(1))
    for label in labels:
        label = html.unescape(label).replace("\xa0", " ").strip()
        m = re.match(r"^(?:(\S+):)?(\d+): (.*)$", label)
        if not m:
            continue
        name = m.group(1) or os.path.basename(model)
        lines = src.setdefault(name, open(os.path.join(os.path.dirname(model), name))
                               .read().splitlines())
        n, stmt = int(m.group(2)), m.group(3)
        word = re.match(r"^\(?\(?(?:run )?([A-Za-z_]\w*)", stmt)
        if not word or stmt.startswith(("-end-", "goto", "break", "(1)", "printf")) \
                or word.group(1) in ("else",):
            continue
        seen += 1
        if n > len(lines) or word.group(1) not in lines[n - 1]:
            bad.append(f"{name}:{n} {stmt!r}")
    say(seen > 0 and not bad, f"{model}: {seen} edge labels checked against their "
        "source line" + (f"; not on that line: {', '.join(bad[:3])}" if bad else ""))
    return path


def check_unreached(model, want):
    out = run("build/workbench/verify.py", model)
    path = page_of(out, "the listing with the unreached lines marked")
    say(path is not None, f"{model}: the unreached listing is written and its path printed")
    if not path:
        return None
    marked = [(int(n), html.unescape(t)) for n, t in
              re.findall(r'<mark class="unreached"[^>]*>\s*(\d+)  (.*?)</mark>', open(path).read())]
    items = re.findall(r'^\t(\S+):(\d+), state \d+, "(.*)"$', out, re.M)
    ok = [n for n, t in marked if any(int(line) == n and (
        (stmt == "-end-" and t.strip() == "}") or stmt.split()[0] in t) for _, line, stmt in items)]
    say(len(marked) == len(items) == want and len(ok) == want,
        f"{model}: pan lists {len(items)} unreached statement(s), {len(marked)} line(s) "
        f"marked, {len(ok)} on the line that holds the statement")
    return path


def main():
    pages = []
    # A safety error: the lost increment.
    out = run("build/workbench/verify.py", "models/increment.spin")
    work = glob.glob(os.path.join(OUT, "verify", "increment.spin-*"))
    values = os.path.join(work[0], "increment.spin.values.txt") if work else "-"
    if not os.path.isfile(values):
        say(False, "models/increment.spin: make verify left no replay with values "
            f"(increment.spin.values.txt): {out.strip()[-200:]}")
    else:
        pages.append(check_trail("models/increment.spin", out, values, False))
        # make interactive TRAIL=1, Enter at every choice: Spin's own
        # interactive run follows the trail to its failing step.
        out = run("sh", "-c", "yes '' | head -n 200 | build/workbench/interactive-trail.py "
                  f"'{work[0]}' increment.spin '' models/increment.spin")
        n = len([x for x in open(values).read().splitlines()
                 if re.match(r"^\s*\d+:\s+proc\s+\d+ \(.*\[.*\]$|^\s*\d+: proc \d+ terminates", x)])
        taken = re.search(r"--- (\d+) of the trail's (\d+) steps taken", out)
        asked = out.count("[trail: choice")
        say(f"reached the trail's error, its step {n}" in out and asked > 0,
            f"models/increment.spin: make interactive TRAIL=1 offered the trail's choice at "
            f"{asked} branch points and followed it through {taken.group(1) if taken else '?'} "
            f"of {n} steps to the assertion")
        # make replay, the locals of another process.
        out = run("build/workbench/simulate.py", "replay", "models/increment.spin",
                  env={"WB_PROC": "incrementer"})
        pages.append(check_trail("models/increment.spin (replay)", out,
                                 os.path.join(OUT, "replay", "increment.spin",
                                              "increment.spin.values.txt"), False, "temp"))
    # A liveness error: an acceptance cycle.
    out = run("build/workbench/verify.py", "models/lock-live.spin", "", "", "", "ltl=someone")
    work = glob.glob(os.path.join(OUT, "verify", "lock-live.spin-*"))
    if work:
        pages.append(check_trail("models/lock-live.spin LTL=someone", out,
                                 os.path.join(work[0], "lock-live.spin.values.txt"), True))
    else:
        say(False, f"models/lock-live.spin: make verify made nothing: {out.strip()[-200:]}")
    pages.append(check_automaton("models/increment.spin"))
    pages.append(check_automaton("models/lock-live.spin"))
    pages.append(check_unreached("models/loop-forever.spin", 1))
    dead = os.path.join(OUT, "views-fixture", "dead-branch.spin")
    os.makedirs(os.path.dirname(dead), exist_ok=True)
    with open(dead, "w") as f:
        f.write("byte x;\nproctype p()\n{\n\tif\n\t:: x > 5 -> x = 7\n\t:: else -> skip\n"
                "\tfi\n}\ninit { run p() }\n")
    pages.append(check_unreached(dead, 1))
    # The pages in Chromium, at both widths.
    pages = [p for p in pages if p]
    book = os.path.join(OUT, "views-browser", "book")
    shutil.rmtree(os.path.dirname(book), ignore_errors=True)
    os.makedirs(book)
    names = []
    for i, p in enumerate(pages):
        name = f"view{i}-{os.path.basename(p)}".replace(".spin", "")
        shutil.copy(p, os.path.join(book, name))
        names.append(name)
    if os.environ.get("VIEWS_BROWSER") == "0":
        print("browser: not opened (VIEWS_BROWSER=0, a case of views-selftest about another view)")
    elif shutil.which("chromium") is None:
        say(False, "chromium: not installed; the pages were not opened (make deps-browser)")
    else:
        out = run("build/tests/browser-check.py", env={
            "OUT": os.path.dirname(book), "PAGES": " ".join(names),
            "SHOTS": os.environ.get("SHOTS", "0")})
        say("browser-check: " in out and "problem" not in out,
            f"{len(names)} pages in Chromium: " + out.strip().splitlines()[-1][:300])
        for line in out.splitlines()[:-1]:
            if " px: " in line:
                print("  " + line)
    print(f"views-check: {len(problems)} problem(s)")
    sys.exit(1 if problems else 0)


main()
