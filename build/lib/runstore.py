#!/usr/bin/python3
"""runstore: where the pipeline's files live, defined once.

Every tool asks this module for a path rather than building one: the
extraction of each chapter (OUT/extract/TAG/), the sweeps' rows
(OUT/sweeps/), a run's files (RUNS_DIR/ID.EXT, RUNS_DIR defined in
build/lib/defaults.mk beside OUT, which make reads too) and the reports
kept for runs too long for make check (chapters/runs/ID.EXT).  The Lua
filter and the shell tools read the same layout from `runstore.py
layout`; the rules make runs by, from make_file().

    OUT/extract/TAG/      what chapter TAG (chNN-topic) defines: index,
                          model.NAME, derive.NAME, run.ID.flags,
                          run.ID.expect, trail.ID, sweep.ID, where.ID,
                          check.ID.flags, check.ID.expect (another
                          checker's run),
                          checkin.N, grade.N.K, graded.NAME, errors
    OUT/sweeps/           run.ID.flags and run.ID.expect of every row
    RUNS_DIR/ID.out       pan's report of run ID (.trail: spin -t -p;
                          .from: what produced it; .err: why no report)
    OUT/work/ID/          the private work directory of run ID
    OUT/tool-version/TOOL the version of another checker, for make
    chapters/runs/ID.out  a kept report (with ID.from), for make check

It also owns writing a file whole (put) and the one-line answer to
Ctrl-C, which holds because every tool writes through put.
"""

import glob
import os
import re
import signal
import sys

BUILD = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULTS_FILE = os.path.join(BUILD, "lib", "defaults.mk")


def _defaults():
    """NAME -> VALUE of build/lib/defaults.mk (its NAME ?= VALUE and
    NAME = VALUE lines; a value may name $(OUT))."""
    values = {}
    with open(DEFAULTS_FILE) as f:
        for line in f:
            m = re.match(r"^([A-Z_]+) \??= *(.*?)\s*$", line)
            if m:
                values[m.group(1)] = m.group(2)
    return values


DEFAULTS = _defaults()
OUT = os.environ.get("OUT") or DEFAULTS["OUT"]
RECORDED = "chapters/runs"
MODELS = "models"
EXTRACT = "extract"
SWEEPS = "sweeps"
# The folder of fresh runs, as make spells it ($(OUT)/runs): defined once,
# in build/lib/defaults.mk; run_dir() fills in OUT.
RUNS_DIR = DEFAULTS["RUNS_DIR"]


def _interrupted(signum, frame):
    # Ctrl-C: one line, not a traceback.  Every tool writes its files whole
    # and renames them, so nothing half-written is left to be read.
    sys.stderr.write(f"{os.path.basename(sys.argv[0])}: interrupted; nothing "
                     "half-written was kept (run the same make again)\n")
    sys.exit(130)


if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _interrupted)


class RunError(Exception):
    """A run that produced no verdict: the message says what to fix."""


def put(path, text):
    """Write TEXT to PATH whole: a reader sees the old file or the new one."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def keep(path, text, varying=None):
    """Write TEXT to PATH whole, unless PATH already holds it, but for the
    lines that match the regular expression VARYING (a tool's own time,
    say): then PATH is left as it is, time stamp included, so that what
    is made from it (a page, a cached check keyed on it) is not made
    again.  True when PATH was written."""
    def kept(t):
        return t if varying is None else [ln for ln in t.splitlines() if not re.match(varying, ln)]
    try:
        with open(path) as f:
            if kept(f.read()) == kept(text):
                return False
    except (OSError, UnicodeDecodeError):
        pass
    put(path, text)
    return True


def extract_dir(tag, out=None):
    """The directory of what chapter (or answer) TAG defines."""
    return os.path.join(out or OUT, EXTRACT, tag)


def extract_dirs(out=None, pattern="ch[0-9][0-9]-*"):
    """Every extracted chapter's directory, in the book's order."""
    return sorted(d for d in glob.glob(os.path.join(out or OUT, EXTRACT, pattern))
                  if os.path.isdir(d))


def tag_of(directory):
    """TAG (chNN-topic) of an extracted chapter's directory."""
    return os.path.basename(os.path.normpath(directory))


_indexes = {}


def index(directory):
    """The lines of a chapter's index (KIND NAME ... per definition),
    read once per directory."""
    if directory not in _indexes:
        try:
            with open(os.path.join(directory, "index")) as f:
                _indexes[directory] = [line.rstrip("\n") for line in f if line.strip()]
        except OSError:
            _indexes[directory] = []
    return _indexes[directory]


def defined(kind, directory):
    """The files DIRECTORY holds of KIND ('run' flags, 'sweep', 'checkin',
    'grade', 'graded', 'model', 'derive', 'trail', 'where'), sorted."""
    pattern = {"run": "run.*.flags", "expect": "run.*.expect",
               "check": "check.*.flags", "check-expect": "check.*.expect"}.get(
        kind, kind if "." in kind else kind + ".*")  # 'sweep.ID': that one file
    return sorted(glob.glob(os.path.join(directory, pattern)))


def defined_everywhere(kind, out=None):
    """The files of KIND (as defined() takes it, or a file name such as
    'sweep.ID') over every extracted chapter."""
    return [p for d in extract_dirs(out, "*") for p in defined(kind, d)]


def index_files(out=None):
    """The index file of every extracted chapter, in the book's order."""
    return [os.path.join(d, "index") for d in extract_dirs(out)
            if os.path.exists(os.path.join(d, "index"))]


def run_dir(out=None):
    """Where fresh runs keep their files (RUNS_DIR of defaults.mk)."""
    return RUNS_DIR.replace("$(OUT)", out or OUT)


def verify_dir(model, out=None):
    """Where make verify keeps its last search of MODEL (and make replay
    finds its trail): keyed by the model's path, not its name, so two
    files of one name never share a trail."""
    import hashlib
    key = hashlib.sha256(os.path.abspath(model).encode()).hexdigest()[:10]
    return os.path.join(out or OUT, "verify", f"{os.path.basename(model)}-{key}")


def sweeps_dir(out=None):
    """Where the rows of every sweep are written (run.ID.flags/.expect)."""
    return os.path.join(out or OUT, SWEEPS)


def run_flags_path(rid, out=None):
    """The flags file of run RID (a .pan block's, or a sweep row's), or
    None when no chapter defines that run."""
    out = out or OUT
    found = glob.glob(os.path.join(out, EXTRACT, "*", f"run.{rid}.flags")) + \
        glob.glob(os.path.join(out, SWEEPS, f"run.{rid}.flags"))
    return found[0] if found else None


def check_flags_path(rid, out=None):
    """The flags file of run RID of another checker (a .check block's),
    or None when no chapter defines that run."""
    found = glob.glob(os.path.join(out or OUT, EXTRACT, "*", f"check.{rid}.flags"))
    return found[0] if found else None


def check_stem(flags_path):
    """RID of a .check block's flags file (DIR/check.RID.flags)."""
    name = os.path.basename(flags_path)
    return name[len("check."):-len(".flags")]


def expect_of(flags_path):
    """The report a chapter shows for a run, beside its flags file."""
    return flags_path[:-len(".flags")] + ".expect"


def work_dir(rid, out=None):
    """OUT/work/RID: the private directory one run works in."""
    return os.path.join(out or OUT, "work", rid)


def tool_version_file(tool, out=None):
    """OUT/tool-version/TOOL: a checker's version, rewritten only when
    it changes, so that make re-runs that checker's runs."""
    return os.path.join(out or OUT, "tool-version", tool)


def run_stem(flags_path):
    """RID of a run's flags file (DIR/run.RID.flags)."""
    name = os.path.basename(flags_path)
    return name[len("run."):-len(".flags")]


def run_file(rid, ext, out=None):
    """RUNS_DIR/RID.EXT: a fresh run's report (out), trail, from, err."""
    return os.path.join(run_dir(out), f"{rid}.{ext}")


def make_file(rid, ext):
    """run_file(RID, EXT) as make spells it, for out/rules.mk:
    $(RUNS_DIR)/RID.EXT (make includes build/lib/defaults.mk)."""
    return f"$(RUNS_DIR)/{rid}.{ext}"


def kept_file(rid, ext):
    """chapters/runs/RID.EXT: a report kept for a run too long for make
    check (out), and what produced it (from)."""
    return os.path.join(RECORDED, f"{rid}.{ext}")


def from_of(report_path):
    """The provenance file beside a report (ID.out -> ID.from)."""
    return report_path[:-len(".out")] + ".from"


def report(rid, out=None):
    """(path, recorded?) of the freshest report of run RID, or (None, False)."""
    fresh = run_file(rid, "out", out)
    if os.path.exists(fresh):
        return fresh, False
    kept = kept_file(rid, "out")
    if os.path.exists(kept):
        return kept, True
    return None, False


# The layout as templates, for the Lua filter and the shell tools:
# `runstore.py layout` prints NAME<TAB>TEMPLATE lines ({out}, {tag},
# {id} filled in by the reader).
LAYOUT = {
    "extract": os.path.join("{out}", EXTRACT, "{tag}"),
    "flags": os.path.join("{out}", EXTRACT, "{tag}", "run.{id}.flags"),
    "expect": os.path.join("{out}", EXTRACT, "{tag}", "run.{id}.expect"),
    "sweep": os.path.join("{out}", EXTRACT, "{tag}", "sweep.{id}"),
    "report": run_file("{id}", "out", "{out}"),
    "trail": run_file("{id}", "trail", "{out}"),
    "runs": run_dir("{out}"),
    "kept": kept_file("{id}", "out"),
    "kept-runs": RECORDED,
    "kept-from": os.path.join(RECORDED, "{id}.from"),
    "check-flags": os.path.join("{out}", EXTRACT, "{tag}", "check.{id}.flags"),
    "check-expect": os.path.join("{out}", EXTRACT, "{tag}", "check.{id}.expect"),
}


def main(argv):
    usage = ("usage: build/lib/runstore.py layout | defaults | out | path NAME [ID] [TAG] "
             f"| path NAME ID TAG NAME ID TAG... (NAME one of: {', '.join(LAYOUT)})")
    if argv[:1] == ["layout"]:
        for name, template in LAYOUT.items():
            print(f"{name}\t{template.replace('{out}', OUT)}")
    elif argv[:1] == ["defaults"]:
        for name, value in DEFAULTS.items():
            print(f"{name}\t{OUT if name == 'OUT' else value.replace('$(OUT)', OUT)}")
    elif argv[:1] == ["out"]:
        print(OUT)
    elif argv[:1] == ["path"] and len(argv) > 4 and (len(argv) - 1) % 3 == 0 \
            and all(n in LAYOUT for n in argv[1::3]):
        # Several paths from one process, a line each (a shell script's
        # paths cost it one Python, not one each).
        for name, rid, tag in zip(argv[1::3], argv[2::3], argv[3::3]):
            print(LAYOUT[name].format(out=OUT, id=rid, tag=tag))
    elif argv[:1] == ["path"] and 2 <= len(argv) <= 4 and argv[1] in LAYOUT:
        rid = argv[2] if len(argv) > 2 else ""
        tag = argv[3] if len(argv) > 3 else ""
        print(LAYOUT[argv[1]].format(out=OUT, id=rid, tag=tag))
    else:
        sys.exit(usage)


if __name__ == "__main__":
    main(sys.argv[1:])
