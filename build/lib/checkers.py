"""checkers: the runs of checkers other than Spin ({.check} blocks),
the part every checker shares.

Each checker has an adapter, build/checkers/TOOL.py (its README says
what one defines): how to run the tool in a private work directory, the
named fields of its report, which of them make check compares and which
vary from run to run.  This module finds the adapter of a block's tool=,
runs it under the block's budgets, and compares two reports field by
field; build/pipeline/run-checker.py, check-checker.py, bless.py and the
book call it, so that no tool is special anywhere else."""

import glob
import importlib.util
import os
import resource
import shutil
import subprocess

from build.lib import provenance
from build.lib import runstore
from build.lib import searchflags
from build.lib.runstore import RunError

ADAPTERS = os.path.join(runstore.BUILD, "checkers")

# What an adapter module must define (build/checkers/README.md).
API = ("SUFFIX", "PACKAGE", "FIELDS", "VARYING", "version", "prepare",
       "commands", "run", "steady", "headline", "parse", "verdict")

_loaded = {}


def tools():
    """The tools that have an adapter, sorted."""
    return sorted(os.path.basename(p)[:-len(".py")]
                  for p in glob.glob(os.path.join(ADAPTERS, "[a-z]*.py")))


def adapter(tool):
    """The adapter module of TOOL; RunError when there is none, or when
    it lacks part of the API."""
    if tool not in _loaded:
        path = os.path.join(ADAPTERS, tool + ".py")
        if tool not in tools():
            raise RunError(f"tool={tool} has no adapter build/checkers/{tool}.py; "
                           f"the tools are: {' '.join(tools()) or '(none)'}")
        spec = importlib.util.spec_from_file_location(f"checker_{tool}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        missing = [name for name in API if not hasattr(module, name)]
        if missing:
            raise RunError(f"build/checkers/{tool}.py: defines no {', '.join(missing)}"
                           " (build/checkers/README.md lists what an adapter defines)")
        _loaded[tool] = module
    return _loaded[tool]


def need(program, package):
    """RunError unless PROGRAM is on the PATH."""
    if not shutil.which(program):
        raise RunError(f"{program} is not installed; run make deps "
                       f"(or: sudo apt-get install {package})")


def settings(text):
    """[(NAME, VALUE)] of a set= attribute, 'A=1 B=2'."""
    pairs = []
    for word in text.split():
        name, eq, value = word.partition("=")
        if not eq or not name or not value:
            raise RunError(f"set={text}: {word!r} is not NAME=VALUE")
        pairs.append((name, value))
    return pairs


def made_by(spec):
    """The provenance text of a .check run as of now (the tool's version
    included: a tool that cannot say it makes the run an error)."""
    return provenance.check_provenance(spec, adapter(spec["tool"]).version())


def execute(cmd, cwd, timeout, memlim, what, asked):
    """Run CMD in CWD within TIMEOUT s and MEMLIM MB; RunError saying
    which budget to raise when it runs out of time.  ASKED is the
    block's (timeout, memlim), to say whose budget it was."""
    def limit():
        b = int(memlim) * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (b, b))
    try:
        return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                              timeout=timeout, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        if asked[0] and int(asked[0]) <= timeout:
            raise RunError(f"{what}: no verdict within the {timeout} s its block gives "
                           f"(timeout={asked[0]}); raise timeout= in the chapter, "
                           "or make it a long run (target=full)")
        raise RunError(f"{what}: no verdict within the ceiling TIME={timeout} s; "
                       f"raise it (make ... TIME={timeout * 4})")


def run(spec, where):
    """Run the .check block SPEC; returns (report, provenance text).
    Raises RunError, one line, when there is no verdict."""
    tool = adapter(spec["tool"])
    rid = spec["id"]
    model = os.path.join(runstore.MODELS, spec["model"])
    if not spec["model"].endswith(tool.SUFFIX):
        raise RunError(f"{where}: model={spec['model']}: {spec['tool']} runs "
                       f"{tool.SUFFIX} files")
    if not os.path.isfile(model):
        raise RunError(f"{where}: no {model}; make models writes it from the chapters")
    made = made_by(spec)
    text = tool.prepare(open(model).read(), settings(spec.get("set", "")), model)
    work = runstore.work_dir(rid)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    timeout, memlim, _ = searchflags.budgets(
        int(spec["timeout"]) if spec.get("timeout") else None,
        int(spec["memlim"]) if spec.get("memlim") else None)
    report = tool.run(text, os.path.basename(model), work, spec, timeout, memlim,
                      lambda cmd, what: execute(cmd, work, timeout, memlim, f"{rid}: {what}",
                                                (spec.get("timeout"), spec.get("memlim"))))
    if tool.verdict(tool.parse(report)) is None:
        raise RunError(f"{rid}: {spec['tool']} printed no verdict (memory limit "
                       f"{memlim} MB? raise memlim= or MEMLIM); its report is in {work}")
    runstore.put(os.path.join(work, "report"), report)
    return report, made


def compare(tool, want, got):
    """One line per compared field of adapter TOOL on which the report
    texts WANT and GOT differ, naming it.  A field the chapter's report
    has and the fresh one lacks differs too."""
    a, b = tool.parse(want), tool.parse(got)
    return [f"{label} ({key}): expected {a.get(key, '(none)')!r}, got {b.get(key, '(none)')!r}"
            for key, label in tool.FIELDS if a.get(key) != b.get(key)]


def summary(tool, report):
    """The summary of a kept report that its chapter's block holds
    (target=full): one `KEY: VALUE` line per compared field of adapter
    TOOL that the report has, in FIELDS' order."""
    f = tool.parse(report)
    return [f"{key}: {' '.join(f[key].split())}" for key, _ in tool.FIELDS if key in f]


def read_summary(text):
    """{KEY: VALUE} of a block's summary lines; RunError naming the first
    line that is not `KEY: VALUE` (a full report pasted in, say)."""
    got = {}
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        key, colon, value = line.partition(": ")
        if not colon or not key.replace("_", "").isalpha() or not key.islower():
            raise RunError(f"line {n} of the block is not a summary line KEY: VALUE: {line.strip()!r}")
        got[key] = value.strip()
    return got


def compare_summary(tool, text, report):
    """One line per compared field of adapter TOOL on which a block's
    summary TEXT and the kept REPORT differ, naming it; a key the adapter
    does not compare is named too."""
    want, have = read_summary(text), tool.parse(report)
    have = {k: " ".join(v.split()) for k, v in have.items()}
    keys = [k for k, _ in tool.FIELDS]
    found = [f"{key}: not a field make check compares; the fields are {', '.join(keys)}"
             for key in want if key not in keys]
    return found + [f"{label} ({key}): the summary says {want.get(key, '(none)')!r}, "
                    f"the kept report {have.get(key, '(none)')!r}"
                    for key, label in tool.FIELDS if want.get(key) != have.get(key)]


def describe(spec):
    """The commands of a .check run, as a reader types them, joined."""
    tool = adapter(spec["tool"])
    model = os.path.join(runstore.MODELS, spec["model"])
    lines = tool.commands(os.path.basename(model), spec)
    if spec.get("set"):
        lines = [f"(models/{spec['model']} with {spec['set']})"] + lines
    return "; ".join(lines)
