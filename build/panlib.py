"""panlib: run Spin on a model and read what pan prints.

Shared by the small command-line tools in build/.  One place knows how a
model is compiled and run, which fields of pan's report are stable enough
to compare, and when a search must not be read as a pass.
"""

import glob
import hashlib
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def _interrupted(signum, frame):
    # Ctrl-C: one line, not a traceback.  Every tool writes its files whole
    # and renames them, so nothing half-written is left to be read.
    sys.stderr.write(f"{os.path.basename(sys.argv[0])}: interrupted; nothing "
                     "half-written was kept (run the same make again)\n")
    sys.exit(130)


if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _interrupted)


def _budget(name, default):
    """A budget from the environment (a make variable): a whole number."""
    v = os.environ.get(name, "") or default
    if not re.fullmatch(r"[1-9]\d*", v.strip()):
        sys.exit(f"{name}={v!r}: not a whole number; give it as digits, e.g. "
                 f"make check {name}={default}")
    return int(v)


# The user's budgets, a ceiling over every search (see the Makefile):
# memory in MB and seconds.  A block's memlim= and timeout= are kept under
# them.
MEMLIM_MB = _budget("MEMLIM", "4096")
TIME_S = _budget("TIME", "900")


class RunError(Exception):
    """A run that produced no verdict: the message says what to fix."""


# ---------------------------------------------------------------------------
# The block format, defined once in build/format.tsv (extract.lua reads it
# too, and build/README.md shows it).

FORMAT_FILE = os.path.join(HERE, "format.tsv")


def block_format():
    """[(class, attribute, need, value, default, meaning)] in file order."""
    rows = []
    with open(FORMAT_FILE) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 6:
                sys.exit(f"{FORMAT_FILE}: a line needs 6 tab-separated fields: {line.strip()}")
            rows.append(tuple(fields))
    return rows


def default(cls, attribute):
    """The default value of ATTRIBUTE on a .CLS block ('' when none)."""
    for c, a, _, _, d, _ in block_format():
        if c == cls and a == attribute:
            return d
    raise KeyError(f"{cls}.{attribute} is not in {FORMAT_FILE}")


class FormatError(SystemExit):
    """A chapter's block that the tools cannot use; the message names the
    file and says what to fix.  Uncaught, it ends the program like
    sys.exit(message)."""


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


def includes(model_path, here=None):
    """Files a model pulls in with #include "x", found beside it (or in
    HERE: a variant written elsewhere takes its includes from the
    directory of the file it was made from)."""
    found = []
    here = os.path.dirname(model_path) if here is None else here
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


def copy_model(model, workdir, here=None):
    """Copy MODEL's includes (see includes(), HERE alike) into WORKDIR,
    and MODEL too unless it is there already.  Raises RunError naming an
    included file that is missing."""
    for path in [model] + includes(model, here):
        if not os.path.isfile(path):
            raise RunError(f"{model}: includes {os.path.basename(path)}, "
                           f"which is not in {os.path.dirname(path) or '.'}/;"
                           f" put it beside the model")
        dest = os.path.join(workdir, os.path.basename(path))
        if not os.path.exists(dest) or not os.path.samefile(path, dest):
            shutil.copy(path, dest)


def transform(base_text, body):
    """BASE_TEXT changed by BODY: a unified diff (a body starting with
    '--- ', applied with patch) or else a sed script.  Returns the new
    text, or an exception saying why the change does not apply."""
    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.join(tmp, "base")
        with open(base, "w") as f:
            f.write(base_text)
        if body.startswith("--- "):
            cmd = ["patch", "-s", "--fuzz=0", "-o", base + ".new", base]
        else:
            cmd = ["sed", "-e", body, base]
        p = subprocess.run(cmd, input=body if cmd[0] == "patch" else None,
                           capture_output=True, text=True)
        if p.returncode != 0:
            return RuntimeError((p.stdout + p.stderr).strip())
        if cmd[0] == "patch":
            return open(base + ".new").read()
        return p.stdout


def run_flags_path(rid, out=None):
    """The flags file of run RID (a .pan block's, or a sweep row's), or
    None when no chapter defines that run."""
    out = out or os.environ.get("OUT", "out")
    found = glob.glob(os.path.join(out, "extract", "*", f"run.{rid}.flags")) + \
        glob.glob(os.path.join(out, "sweeps", f"run.{rid}.flags"))
    return found[0] if found else None


# ---------------------------------------------------------------------------
# Safety and liveness searches.  A safety search (the default) compiles pan
# with -DSAFETY and looks for assertion violations and invalid end states.
# A liveness search looks for cycles: acceptance cycles of a claim (an ltl
# formula or a never claim; pan -a, -N NAME picks the formula) or
# non-progress cycles (pan compiled with -DNP, run with -l), optionally
# under weak fairness (-f).  It must not be compiled with -DSAFETY, which
# makes pan skip the cycles.  The chapters' blocks (ltl= fair= np=) and
# make verify (LTL= FAIR= NP=) both get their flags from search_flags.

LIVENESS_KEYS = ("ltl", "fair", "np")


def _words(flags):
    return shlex.split(flags or "")


def is_liveness(runflags="", ltl="", fair="", np=""):
    """Whether a search looks for cycles (asked by ltl/fair/np or by pan's
    own -a or -l)."""
    words = _words(runflags)
    return bool(ltl or fair or np or "-a" in words or "-l" in words)


def search_flags(cflags, runflags="", ltl="", fair="", np="", where="run"):
    """(cflags, runflags) of a search.  CFLAGS None or '' means the
    default: -DSAFETY (build/format.tsv) for a safety search, nothing for a
    liveness one.  LTL names the formula (or never claim) whose acceptance
    cycles are looked for; NP asks for non-progress cycles; FAIR for weak
    fairness.  The flags these imply are added to what CFLAGS and RUNFLAGS
    hold (never twice).  Raises RunError, naming WHERE, when the flags
    contradict each other."""
    live = is_liveness(runflags, ltl, fair, np)
    cw = _words(cflags) if cflags else (
        [] if live else _words(default("pan", "cflags")))
    rw = _words(runflags)
    if ltl and not re.fullmatch(r"[A-Za-z_]\w*", ltl):
        raise RunError(f"{where}: ltl={ltl!r} is not the name of a formula; give "
                       "the name that follows ltl in the model, e.g. ltl q { []<> x }"
                       " is LTL=q")
    for name, value in (("fair", fair), ("np", np)):
        if value not in ("", "1"):
            raise RunError(f"{where}: {name}={value!r}: give {name}=1 or leave it out")
    if live and "-DSAFETY" in cw:
        raise RunError(f"{where}: a search for cycles cannot use a pan compiled with "
                       "-DSAFETY (pan skips cycles then); drop -DSAFETY from the C flags")
    if np and ltl:
        raise RunError(f"{where}: ltl={ltl} and np=1 ask for two searches; pan looks "
                       "for acceptance cycles (ltl) or non-progress cycles (np) in one"
                       " run: give one of them")
    if np or "-l" in rw:
        if "-DNP" not in cw:
            cw.append("-DNP")
        add = ["-l"]
    elif live:
        add = ["-a"]
    else:
        add = []
    if fair:
        add.append("-f")
    if ltl and "-N" not in rw:
        add += ["-N", ltl]
    rw = [w for w in add if w not in rw] + rw
    return " ".join(cw), " ".join(rw)


def spec_flags(spec, where=None):
    """(cflags, runflags) of the run a block defines (a read_spec dict)."""
    return search_flags(spec.get("cflags", ""), spec.get("runflags", ""),
                        spec.get("ltl", ""), spec.get("fair", ""), spec.get("np", ""),
                        where or f"run {spec.get('id', '?')}")


def describe(model, defs, cflags, runflags):
    """The three commands of a run, as a reader would type them."""
    cflags = default("pan", "cflags") if cflags is None else cflags
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


def budgets(timeout=None, memlim=None):
    """(seconds, MB, which) of one search: the block's own budgets, kept
    under the user's ceilings TIME and MEMLIM.  WHICH maps "time" and
    "memory" to what set each: "block" or "ceiling"."""
    which = {}
    t = int(timeout) if timeout else None
    m = int(memlim) if memlim else None
    which["time"] = "block" if t and t <= TIME_S else "ceiling"
    which["memory"] = "block" if m and m <= MEMLIM_MB else "ceiling"
    return min(t or TIME_S, TIME_S), min(m or MEMLIM_MB, MEMLIM_MB), which


def defs_problem(defs):
    """Why spin's preprocessor flags cannot be right, or None: each word
    must be an option (-DNAME=VALUE, -UNAME, -INCLUDE...)."""
    for word in shlex.split(defs):
        if not word.startswith("-"):
            return (f"DEFS word {word!r} is not a flag: give -D{word} "
                    f"(e.g. DEFS=\"-D{word}\")")
    return None


def run(model, workdir, defs="", cflags="-DSAFETY", runflags="",
        timeout=None, memlim=None, label=None, trail=True):
    """Compile and run MODEL in a private directory, which then becomes
    WORKDIR (two runs of one model at once never share files).

    Returns (pan_output, trail_text_or_None, seconds).  Raises RunError
    when Spin or the C compiler rejects the model, or the search was cut
    short by the time or memory budget.
    """
    for tool, package in (("spin", "spin"), ("cc", "gcc"), ("timeout", "coreutils")):
        if shutil.which(tool) is None:
            raise RunError(f"{tool}: not installed; run make deps "
                           f"(or: sudo apt-get install {package})")
    asked_t, asked_m = timeout, memlim
    timeout, memlim, which = budgets(timeout, memlim)
    label = label or os.path.basename(model)
    if not os.path.isfile(model):
        raise RunError(f"{model}: no such model file; give the path of a "
                       f".spin file, e.g. MODEL=models/increment.spin")
    why = defs_problem(defs)
    if why:
        raise RunError(f"{model}: {why}")
    parent = os.path.dirname(os.path.abspath(workdir))
    os.makedirs(parent, exist_ok=True)
    private = tempfile.mkdtemp(prefix=os.path.basename(workdir) + ".", dir=parent)
    try:
        result = _run(model, private, defs, cflags, runflags, timeout, memlim,
                      which, asked_t, asked_m, label, trail)
    except BaseException:
        shutil.rmtree(private, ignore_errors=True)
        raise
    # Keep the last run's files under WORKDIR (verify points readers there).
    shutil.rmtree(workdir, ignore_errors=True)
    try:
        os.rename(private, workdir)
    except OSError:  # another run of the same name got there first
        shutil.rmtree(private, ignore_errors=True)
    return result


def _run(model, workdir, defs, cflags, runflags, timeout, memlim, which,
         asked_t, asked_m, label, trail):
    name = os.path.basename(model)
    copy_model(model, workdir)

    spin = ["spin"] + shlex.split(defs) + ["-a", name]
    p = subprocess.run(spin, cwd=workdir, capture_output=True, text=True)
    if p.returncode != 0 or not os.path.isfile(os.path.join(workdir, "pan.c")):
        msg = (p.stdout + p.stderr).strip().splitlines()
        first = next((l for l in msg if "error" in l.lower()), msg[0] if msg
                     else "spin failed")
        raise RunError(f"{model}: spin rejects the model: {first.strip()} "
                       f"(fix the model; try: spin {defs + ' ' if defs else ''}-a {model})")

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
    try:
        for line in proc.stdout:
            out.append(line)
            _progress(line, label)
        proc.wait()
    except BaseException:
        proc.terminate()  # timeout passes it on to pan
        proc.wait()
        raise
    seconds = time.monotonic() - start
    text = "".join(out)
    if proc.returncode == 124:
        if which["time"] == "ceiling" and asked_t:
            raise RunError(f"{model}: search stopped at the time ceiling TIME="
                           f"{timeout} s, below the {asked_t} s its block allows;"
                           f" raise it: make ... TIME={asked_t}")
        if which["time"] == "ceiling":
            raise RunError(f"{model}: search stopped after the time budget of "
                           f"{timeout} s; raise it (make ... TIME={timeout * 4}) "
                           f"or shrink the model")
        raise RunError(f"{model}: search stopped after the time budget of "
                       f"{timeout} s that its block gives (timeout={asked_t}); "
                       f"raise timeout= in the chapter or shrink the model")
    if "-DMEMLIM bound" in text or "out of memory" in text:
        if which["memory"] == "ceiling" and asked_m:
            raise RunError(f"{model}: search stopped at the memory ceiling MEMLIM="
                           f"{memlim} MB, below the {asked_m} MB its block "
                           f"allows; raise it: make ... MEMLIM={asked_m}")
        if which["memory"] == "ceiling":
            raise RunError(f"{model}: search stopped at the memory budget of "
                           f"{memlim} MB; raise it (make ... MEMLIM="
                           f"{memlim * 2}) or compile with -DCOLLAPSE")
        raise RunError(f"{model}: search stopped at the memory budget of "
                       f"{memlim} MB that its block gives (memlim={asked_m}); "
                       f"raise memlim= in the chapter or compile with -DCOLLAPSE")
    m = re.search(r"^.*VECTORSZ( is)? too small.*$", text, re.M)
    if m:
        raise RunError(f"{model}: pan stopped before searching: {m.group(0).strip()}"
                       f" (not an error of the model: compile with a larger "
                       f"vector, e.g. CFLAGS=\""
                       + " ".join([w for w in shlex.split(cflags) if not w.startswith("-DVECTORSZ")]
                                  + ["-DVECTORSZ=4096"]) + "\")")
    if proc.returncode not in (0, 1) or "State-vector" not in text:
        # The line that says why: an error, an option pan refuses, else
        # its first own line.
        lines = text.splitlines()
        first = next((l for l in lines if re.search(
            r"error|disabled by|requires|unknown option|not supported", l, re.I)), None) \
            or next((l for l in lines if l.startswith("pan")), text.strip()[-200:])
        raise RunError(f"{model}: pan ended with status {proc.returncode} "
                       f"and no report: {first.strip()}")

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
    where = keys.get("where") or _where(path, keys["id"], chapter)
    if not body or not [line for line in body.splitlines() if is_row(line)]:
        raise FormatError(f"{where}: sweep {keys['id']} holds no table; give a "
                          "header row naming the columns, then one row per run")
    head, rows = table(body)
    for p in params + ["expect"]:
        if p not in head:
            raise FormatError(f"{where}: sweep {keys['id']} has no column {p!r};"
                              f" its header has {' | '.join(head)}")
    seen = set()
    for row in rows:
        cell = dict(zip(head, row))
        values = [cell[p] for p in params]
        bad = [v for v in values if not re.fullmatch(r"[\w.+-]+", v)]
        if bad:
            raise FormatError(f"{where}: sweep {keys['id']}: the value {bad[0]!r}"
                              " of a parameter column is not a number or a name")
        rid = keys["id"] + "-" + "-".join(values)
        if rid in seen:
            raise FormatError(f"{where}: sweep {keys['id']} has two rows "
                              f"{' | '.join(values)}; give each row its own values")
        seen.add(rid)
        defs = " ".join([keys.get("defs", "")] +
                        [f"-D{p}={v}" for p, v in zip(params, values)]).strip()
        flags = "".join(f"{k}={v}\n" for k, v in [
            ("chapter", chapter), ("id", rid), ("model", keys["model"]),
            ("defs", defs),
            ("cflags", keys.get("cflags", "")),
            ("runflags", keys.get("runflags", "")),
            ("ltl", keys.get("ltl", "")), ("fair", keys.get("fair", "")),
            ("np", keys.get("np", "")),
            ("timeout", keys.get("timeout", "")),
            ("memlim", keys.get("memlim", ""))])
        target = cell.get("target", "check") or "check"
        if target not in ("check", "full"):
            raise FormatError(f"{where}: sweep {keys['id']} row {' | '.join(values)}:"
                              f" target {target!r} is neither check nor full")
        yield (rid, flags, f"sweep={keys['id']}\nexpect={cell['expect']}\n",
               target, cell)


def _where(path, sid, chapter):
    """FILE:LINE of a block, as build/extract.lua kept it beside PATH."""
    try:
        return open(os.path.join(os.path.dirname(path), "where." + sid)).read().strip()
    except OSError:
        return chapter


# ---------------------------------------------------------------------------
# What produced a report: the content of the model and what it includes,
# the Spin version and the flags.  A report is only read against the run
# that produced it (freshness by content, not by file times), and a
# recorded report in chapters/runs/ID.out carries it in ID.from.

PROVENANCE_KEYS = ("model", "model-sha256", "spin", "defs", "cflags", "runflags")
_spin_version = None


def spin_version():
    global _spin_version
    if _spin_version is None:
        try:
            p = subprocess.run(["spin", "-V"], capture_output=True, text=True)
            _spin_version = (p.stdout.strip().splitlines() or ["unknown"])[0]
        except OSError:
            _spin_version = "not installed"
    return _spin_version


def model_hash(model):
    """sha256 over the model and every file it includes (name and content)."""
    h = hashlib.sha256()
    for path in [model] + includes(model):
        h.update(os.path.basename(path).encode() + b"\0")
        try:
            with open(path, "rb") as f:
                h.update(f.read())
        except OSError:
            h.update(b"(missing)")
        h.update(b"\0")
    return h.hexdigest()


def provenance(spec, models="models"):
    """The provenance text of the run SPEC (a read_spec dict) as of now:
    the flags are those the search used (a liveness block's included)."""
    try:
        cflags, runflags = spec_flags(spec)
    except RunError:  # the run reports it; the provenance keeps the block's
        cflags, runflags = spec.get("cflags", ""), spec.get("runflags", "")
    values = {
        "model": spec["model"],
        "model-sha256": model_hash(os.path.join(models, spec["model"])),
        "spin": spin_version(),
        "defs": spec.get("defs", ""),
        "cflags": cflags,
        "runflags": runflags,
    }
    return "".join(f"{k}={values[k]}\n" for k in PROVENANCE_KEYS)


def provenance_differs(old_text, new_text):
    """The keys on which two provenance texts differ (all when OLD is empty)."""
    def keys(t):
        return dict(line.split("=", 1) for line in t.splitlines() if "=" in line)
    a, b = keys(old_text or ""), keys(new_text)
    return [k for k in PROVENANCE_KEYS if a.get(k) != b.get(k)]


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
    ("violation", "error found"),
    ("claim", "never claim"),
    ("cycles", "cycle search"),
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
    # What was searched for: the claim used (an ltl formula's name, :np_:
    # for non-progress cycles) and whether cycles were looked for, e.g.
    # "acceptance cycles + (fairness enabled)" or "cycle checks -
    # (disabled by -DSAFETY)".
    m = re.search(r"^\s*never claim\s+\+ \((.*)\)\s*$", text, re.M)
    if m:
        f["claim"] = m.group(1)
    m = re.search(r"^\s*((?:acceptance\s+|non-progress\s+)?cycles?(?: checks)?)\s+"
                  r"([+-]) \((.*)\)\s*$", text, re.M)
    if m:
        f["cycles"] = f"{' '.join(m.group(1).split())} {m.group(2)} ({m.group(3)})"
    m = re.search(r"^pan:\d*:?\s*(.*(?:violated|invalid end state|acceptance "
                  r"cycle|non-progress cycle).*?)(?: \(at depth -?\d+\))?$", text,
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


def depth_flag(runflags):
    """The search depth limit pan used (its -m flag, default 10000)."""
    m = re.search(r"(?:^|\s)-m(\d+)", runflags or "")
    return int(m.group(1)) if m else 10000


def incomplete(text, fields, runflags="", suggest=None):
    """Why a report cannot be read as a verdict, or None.  SUGGEST, when
    given, is the -m value to propose for a search cut at its depth."""
    if "max search depth too small" in text:
        depth = suggest or depth_flag(runflags) * 10
        return ("pan hit its depth limit (error: max search depth too small, "
                f"-m{depth_flag(runflags)}); raise it, e.g. RUNFLAGS=-m{depth}")
    if "Search not completed" in text and fields.get("errors") == "0":
        return ("pan says 'Search not completed' yet reports no error: "
                "the state space was not covered; raise -m or the budgets")
    if "State-vector" not in text:
        return "pan printed no report"
    return None


def coverage_warning(text):
    """A warning when a bitstate (or hash-compact) search may have missed
    much of the state space, or None: pan's hash factor below 100."""
    m = re.search(r"^hash factor: ([\d.e+]+)", text, re.M)
    if m and float(m.group(1)) < 100:
        return (f"warning: an approximate search with hash factor {m.group(1)}"
                " (pan wants > 100): many states may have been skipped, so 'no"
                " errors' proves nothing; raise -w (e.g. RUNFLAGS=-w28) or drop"
                " -DBITSTATE")
    return None


def liveness_problem(fields, runflags="", ltl="", fair="", np=""):
    """Why the report of a liveness search is no verdict on what it was
    asked to check, or None: pan searched another claim (or none: a
    model without that formula), or did not look for cycles at all."""
    if not is_liveness(runflags, ltl, fair, np):
        return None
    claim, cycles = fields.get("claim"), fields.get("cycles", "")
    if ltl and claim != ltl:
        return (f"pan searched {'the claim ' + claim if claim else 'no claim'}, not "
                f"ltl {ltl}: the model has no formula of that name")
    if not re.search(r"cycles \+ \(", cycles):
        return f"pan did not look for cycles ({cycles or 'no search line'})"
    return None


def ltl_names(model):
    """The names of the ltl formulas of MODEL and the files it includes."""
    names = []
    for path in [model] + includes(model):
        try:
            text = open(path).read()
        except OSError:
            continue
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        names += [n for n in re.findall(r"^\s*ltl\s+(\w+)\s*\{", text, re.M)
                  if n not in names]
    return names


def claim_unchecked(fields):
    """When a report shows a claim (an ltl formula or never claim) that the
    search did not check for cycles (a safety search), what to say, else
    None.  Such a run is never a pass of the claim."""
    claim = fields.get("claim")
    cycles = fields.get("cycles", "")
    if not claim or claim == ":np_:" or re.search(r"\+ \(", cycles):
        return None
    return (f"a safety search: the claim {claim} was not checked for "
            "acceptance cycles")


def verdict(fields):
    """'errors: N' and, when pan said which, the kind of the first error."""
    v = f"errors: {fields.get('errors')}"
    if fields.get("errors") not in (None, "0") and fields.get("violation"):
        v += f" ({fields['violation']})"
    return v


CYCLE_MARK = "<<<<<START OF CYCLE>>>>>"


def cycle_summary(trail):
    """'prefix: steps A to B, once; cycle: ...' of a readable trail (spin -t
    -p) of a liveness error, or None when the trail holds no cycle."""
    steps, start = [], None
    for line in trail.splitlines():
        if line.strip() == CYCLE_MARK and start is None:
            start = len(steps)
        m = re.match(r"^\s*(\d+):\s+proc\s", line)
        if m and "[" in line:
            steps.append(int(m.group(1)))
    if start is None or start >= len(steps):
        return None

    def span(a, b):
        return f"step {a}" if a == b else f"steps {a} to {b}"
    prefix = f"prefix: {span(steps[0], steps[start - 1])}, once" if start else "no prefix"
    return (f"{prefix}; cycle: from {CYCLE_MARK}, "
            f"{span(steps[start], steps[-1])}, repeated forever")


def number(s):
    """pan prints large counts as 1.0711811e+06; read either form."""
    return int(round(float(s)))
