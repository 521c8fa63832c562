"""panlib: run Spin on a model and read what pan prints.

Shared by the small command-line tools in build/.  One place knows how a
model is compiled and run, which fields of pan's report are stable enough
to compare, and when a search must not be read as a pass.
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
import time

# Defaults a make variable can override (see the Makefile).
MEMLIM_MB = int(os.environ.get("MEMLIM", "4096"))
TIME_S = int(os.environ.get("TIME", "900"))


class RunError(Exception):
    """A run that produced no verdict: the message says what to fix."""


def read_spec(path):
    """key=value lines, then optionally '---' and a body."""
    keys, body = {}, None
    with open(path) as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        if line == "---":
            body = "\n".join(lines[i + 1:])
            break
        if "=" in line:
            k, v = line.split("=", 1)
            keys[k] = v
    return keys, body


def includes(model_path):
    """Files a model pulls in with #include "x", found beside it."""
    found = []
    here = os.path.dirname(model_path)
    try:
        text = open(model_path).read()
    except OSError:
        return found
    for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
        path = os.path.join(here, name)
        if path not in found:
            found.append(path)
            found.extend(p for p in includes(path) if p not in found)
    return found


def describe(model, defs, cflags, runflags):
    """The three commands of a run, as a reader would type them."""
    name = os.path.basename(model)
    spin = " ".join(["spin"] + shlex.split(defs) + ["-a", name])
    cc = " ".join(["cc"] + shlex.split(cflags) + ["-o", "pan", "pan.c"])
    pan = " ".join(["./pan"] + shlex.split(runflags))
    return f"{spin}; {cc}; {pan}"


def _progress(line, label):
    # pan prints a "Depth= ... States= ..." line every million states.
    if line.startswith("Depth=") or line.startswith("pan: resizing"):
        sys.stderr.write(f"  [{label}] {line}")
        sys.stderr.flush()


def run(model, workdir, defs="", cflags="-DSAFETY", runflags="",
        timeout=None, memlim=None, label=None, trail=True):
    """Compile and run MODEL in WORKDIR.

    Returns (pan_output, trail_text_or_None, seconds).  Raises RunError
    when Spin or the C compiler rejects the model, or the search was cut
    short by the time or memory budget.
    """
    for tool, package in (("spin", "spin"), ("cc", "gcc"), ("timeout", "coreutils")):
        if shutil.which(tool) is None:
            raise RunError(f"{tool}: not installed; run make deps "
                           f"(or: sudo apt-get install {package})")
    timeout = int(timeout or TIME_S)
    memlim = int(memlim or MEMLIM_MB)
    label = label or os.path.basename(model)
    if not os.path.isfile(model):
        raise RunError(f"{model}: no such model file; give the path of a "
                       f".spin file, e.g. MODEL=models/increment.spin")
    if os.path.isdir(workdir):
        shutil.rmtree(workdir)
    os.makedirs(workdir)
    name = os.path.basename(model)
    for path in [model] + includes(model):
        if not os.path.isfile(path):
            raise RunError(f"{model}: includes {os.path.basename(path)}, "
                           f"which is not in {os.path.dirname(path) or '.'}/;"
                           f" put it beside the model")
        shutil.copy(path, workdir)

    spin = ["spin"] + shlex.split(defs) + ["-a", name]
    p = subprocess.run(spin, cwd=workdir, capture_output=True, text=True)
    if p.returncode != 0 or not os.path.isfile(os.path.join(workdir, "pan.c")):
        msg = (p.stdout + p.stderr).strip().splitlines()
        first = next((l for l in msg if "error" in l.lower()), msg[0] if msg
                     else "spin failed")
        raise RunError(f"{model}: spin rejects the model: {first.strip()} "
                       f"(fix the model; try: spin -a {model})")

    cc = (["cc"] + shlex.split(cflags) + [f"-DMEMLIM={memlim}", "-o", "pan",
                                          "pan.c"])
    p = subprocess.run(cc, cwd=workdir, capture_output=True, text=True)
    if p.returncode != 0:
        first = (p.stderr.strip().splitlines() or ["cc failed"])[0]
        raise RunError(f"{model}: cc cannot compile pan.c: {first} "
                       f"(check CFLAGS={cflags!r})")

    cmd = ["timeout", str(timeout), "./pan"] + shlex.split(runflags)
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=workdir, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    out = []
    for line in proc.stdout:
        out.append(line)
        _progress(line, label)
    proc.wait()
    seconds = time.monotonic() - start
    text = "".join(out)
    if proc.returncode == 124:
        raise RunError(f"{model}: search stopped after the time budget of "
                       f"{timeout} s; raise it (make ... TIME={timeout * 4}) "
                       f"or shrink the model")
    if "-DMEMLIM bound" in text or "out of memory" in text:
        raise RunError(f"{model}: search stopped at the memory budget of "
                       f"{memlim} MB; raise it (make ... MEMLIM="
                       f"{memlim * 2}) or compile with -DCOLLAPSE")
    if proc.returncode not in (0, 1) or "State-vector" not in text:
        raise RunError(f"{model}: pan ended with status {proc.returncode} "
                       f"and no report: {text.strip()[-200:]}")

    trail_text = None
    if trail and os.path.isfile(os.path.join(workdir, name + ".trail")):
        p = subprocess.run(["spin"] + shlex.split(defs) + ["-t", "-p", name],
                           cwd=workdir, capture_output=True, text=True)
        # spin warns when the model's copy looks newer than the trail (same
        # second); the warning is about our copying, not about the model.
        trail_text = "".join(l for l in (p.stdout + p.stderr).splitlines(True)
                             if "is newer than" not in l)
    return text, trail_text, seconds


# ---------------------------------------------------------------------------
# Sweeps: one table in a chapter, one run per row.

def is_row(line):
    """Whether a line of a pipe table is a header or data row (not the
    rule under the header, not text around the table)."""
    return "|" in line and not re.fullmatch(r"[\s|:-]+", line)


def cells(line):
    """The stripped cells of one pipe-table row, outer pipes optional."""
    line = line.strip()
    line = line[1:] if line.startswith("|") else line
    line = line[:-1] if line.endswith("|") else line
    return [c.strip() for c in line.split("|")]


def table(body):
    """A pipe table's header and rows (lists of stripped cells)."""
    rows = [cells(line) for line in body.splitlines() if is_row(line)]
    head = rows[0]
    return head, [(r + [""] * len(head))[:len(head)] for r in rows[1:]]


def sweep_rows(path, chapter):
    """Yield (row id, flags text, row text, target, cells) for a sweep
    file: one Spin run per row of its table."""
    keys, body = read_spec(path)
    params = keys["params"].split(",")
    head, rows = table(body)
    for p in params + ["expect"]:
        if p not in head:
            sys.exit(f"{chapter}: sweep {keys['id']} has no column {p!r}")
    for row in rows:
        cell = dict(zip(head, row))
        values = [cell[p] for p in params]
        rid = keys["id"] + "-" + "-".join(values)
        defs = " ".join([keys.get("defs", "")] +
                        [f"-D{p}={v}" for p, v in zip(params, values)]).strip()
        flags = "".join(f"{k}={v}\n" for k, v in [
            ("chapter", chapter), ("id", rid), ("model", keys["model"]),
            ("defs", defs), ("cflags", keys.get("cflags", "-DSAFETY")),
            ("runflags", keys.get("runflags", "")),
            ("timeout", keys.get("timeout", "")),
            ("memlim", keys.get("memlim", ""))])
        target = cell.get("target", "check") or "check"
        yield (rid, flags, f"sweep={keys['id']}\nexpect={cell['expect']}\n",
               target, cell)


# Runs too long for make check (a sweep's "full" rows) are kept, once made,
# as recorded reports in chapters/runs/ID.out: the book shows them, and
# make check compares them with the chapter's table.
RECORDED = "chapters/runs"


def report(rid, out=None):
    """(path, recorded?) of the freshest report of run RID, or (None, False)."""
    fresh = os.path.join(out or os.environ.get("OUT", "out"), "runs", rid + ".out")
    if os.path.exists(fresh):
        return fresh, False
    kept = os.path.join(RECORDED, rid + ".out")
    if os.path.exists(kept):
        return kept, True
    return None, False


# ---------------------------------------------------------------------------
# Reading pan's report.

FIELDS = [
    ("errors", "errors"),
    ("violation", "assertion violation"),
    ("state_vector", "state-vector bytes"),
    ("depth", "depth reached"),
    ("stored", "states, stored"),
    ("matched", "states, matched"),
    ("transitions", "transitions"),
    ("unreached", "unreached in proctype"),
]


def parse(text):
    """The stable fields of a pan report, plus the unstable ones that the
    tables show (memory, time), which are never compared."""
    f = {}
    m = re.search(r"State-vector (\d+) byte, depth reached (\d+), errors: (\d+)",
                  text)
    if m:
        f["state_vector"], f["depth"], f["errors"] = m.groups()
    for key, pat in [("stored", r"^\s*([\d.e+]+) states, stored"),
                     ("matched", r"^\s*([\d.e+]+) states, matched"),
                     ("transitions", r"^\s*([\d.e+]+) transitions"),
                     ("memory", r"^\s*([\d.]+)\s+total actual memory usage"),
                     ("time", r"^pan: elapsed time ([\d.e+]+) seconds")]:
        m = re.search(pat, text, re.M)
        if m:
            f[key] = m.group(1)
    m = re.search(r"^pan:\d*:?\s*(.*violated.*?)(?: \(at depth \d+\))?$", text,
                  re.M)
    if m:
        f["violation"] = m.group(1).strip()
    unreached, cur = [], None
    for line in text.splitlines():
        if line.startswith("unreached in "):
            cur = line.strip()
            unreached.append(cur)
        elif cur and line.startswith(("\t", " ")) and line.strip():
            unreached.append("  " + " ".join(line.split()))
        else:
            cur = None
    if unreached:
        f["unreached"] = "\n".join(unreached)
    return f


def incomplete(text, fields):
    """Why a report cannot be read as a verdict, or None."""
    if "max search depth too small" in text:
        return ("pan hit its depth limit (error: max search depth too small);"
                " raise it with RUNFLAGS=-m100000 (or larger)")
    if "Search not completed" in text and fields.get("errors") == "0":
        return ("pan says 'Search not completed' yet reports no error: "
                "the state space was not covered; raise -m or the budgets")
    if "State-vector" not in text:
        return "pan printed no report"
    return None


def number(s):
    """pan prints large counts as 1.0711811e+06; read either form."""
    return int(round(float(s)))
