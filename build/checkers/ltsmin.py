"""ltsmin: the adapter of Promela models (.spin files) run by LTSmin,
built from build/third-party/ by make ltsmin into out/ltsmin/.

SpinS, LTSmin's Promela front-end, compiles the model into a shared
library (NAME.spins); one of LTSmin's back-ends then searches it for a
failing assertion (--action=assert):

  seq   prom2lts-seq, one core
  mc    prom2lts-mc, several threads sharing one table (--threads=N)
  sym   prom2lts-sym, decision diagrams (Sylvan)
  dist  prom2lts-dist, two processes under Open MPI (mpirun -np 2),
        each owning half of the states (--mpi)

A block says which back-end as the first word of its args=, e.g.
args="seq", args="mc --threads=2"; the rest are the tool's own flags.
Its set= pairs become -D flags of SpinS's preprocessor: the model's
sizes and, for each proctype that init starts with `run`, how many
instances there are (__instances_NAME), which SpinS cannot count.

Compared: the verdict and, for the tools whose counts do not depend on
timing (seq, sym, dist), the number of states.  mc's count and every
time vary from run to run."""

import os
import re
import subprocess

from build.lib import checkers
from build.lib.runstore import RunError

SUFFIX = ".spin"
PACKAGE = "make ltsmin"
BACKENDS = ("seq", "mc", "sym", "dist")
RANKS = 2

FIELDS = [
    ("verdict", "verdict"),
    ("error", "first error"),
    ("states", "states"),
]
VARYING = [("time", "seconds the search took")]


def bindir():
    """Where make ltsmin put the tools (LTSMIN, or out/ltsmin)."""
    base = os.environ.get("LTSMIN") or os.path.join(os.environ.get("OUT", "out"), "ltsmin")
    return os.path.abspath(os.path.join(base, "bin"))


def _tool(name):
    path = os.path.join(bindir(), name)
    if not os.access(path, os.X_OK):
        raise RunError(f"{path} is missing: build LTSmin with make ltsmin")
    return path


def version():
    stamp = os.path.join(os.path.dirname(bindir()), "stamp")
    p = subprocess.run([_tool("prom2lts-seq"), "--version"], capture_output=True, text=True)
    first = (p.stdout.strip().splitlines() or ["prom2lts-seq ?"])[0]
    sums = open(stamp).read().split() if os.path.exists(stamp) else ["unstamped"]
    # The last word of the stamp is the SpinS patches' sum (or "unpatched").
    return f"LTSmin {first}; SpinS patches {sums[-1][:16]}"


def prepare(text, settings, path):
    """The model as it is: set= becomes -D flags (commands); each value
    must be a whole number."""
    for name, value in settings:
        if not value.isdigit():
            raise RunError(f"set={name}={value}: give each name a whole number (a -D of SpinS)")
    return text


def _split(spec):
    words = spec.get("args", "").split()
    if not words or words[0] not in BACKENDS:
        raise RunError(f"{spec.get('id', '?')}: args= must start with the back-end, one of "
                       f"{' '.join(BACKENDS)} (e.g. args=\"seq\")")
    return words[0], words[1:]


def commands(name, spec):
    backend, flags = _split(spec)
    defs = [f"-D{w}" for w in spec.get("set", "").split()]
    compile_ = " ".join(["spins"] + defs + [name])
    tool = f"prom2lts-{backend}"
    search = [tool, "--action=assert"] + flags + [name + ".spins"]
    if backend == "dist":
        search = ["mpirun", "-np", str(RANKS), tool, "--mpi"] + search[1:]
    return [compile_, " ".join(search)]


def run(text, name, work, spec, timeout, memlim, execute):
    with open(f"{work}/{name}", "w") as f:
        f.write(text)
    # The model's #include files sit beside it in models/.
    here = os.path.dirname(os.path.abspath(os.path.join("models", name)))
    for inc in re.findall(r'^\s*#include\s+"([^"]+)"', text, re.M):
        src = os.path.join(here, inc)
        if not os.path.exists(src):
            raise RunError(f"models/{name} includes {inc}, which is not in models/")
        with open(src) as f, open(os.path.join(work, inc), "w") as g:
            g.write(f.read())
    backend, _ = _split(spec)
    compile_, search = commands(name, spec)
    # SpinS's script (bin/spins) starts Java with a heap of three
    # quarters of the machine's memory, committing half of it, which a
    # run's memory budget (an address-space limit) refuses; its two
    # steps are run here as the script runs them, with a bounded heap.
    jar = os.path.join(os.path.dirname(bindir()), "share", "ltsmin", "spins.jar")
    if not os.path.exists(jar):
        raise RunError(f"{jar} is missing: build LTSmin with make ltsmin")
    p = execute(["java", "-Xmx768m", "-Xss64m", "-XX:ReservedCodeCacheSize=64m",
                 "-XX:CompressedClassSpaceSize=128m", "-XX:+UseSerialGC", "-cp", jar,
                 "spins.Compile"] + compile_.split()[1:], "spins")
    if p.returncode == 0:
        p = execute(["gcc", "-fPIC", "-shared", "-O2", "-pthread", name + ".spins.c",
                     "-o", name + ".spins", "-Wno-unused-but-set-variable"], "spins (gcc)")
    if p.returncode != 0 or not os.path.exists(os.path.join(work, name + ".spins")):
        lines = (p.stdout + p.stderr).strip().splitlines()
        first = next((ln for ln in lines if "rror" in ln), lines[-1] if lines else "(no message)")
        raise RunError(f"{spec['id']}: SpinS rejects models/{spec['model']}: {first}")
    argv = search.split()
    at = argv.index(f"prom2lts-{backend}")
    argv[at] = _tool(argv[at])
    if backend == "dist":
        checkers.need("mpirun", "openmpi-bin")
        # Open MPI refuses root unless told; a sandboxed run is often root.
        argv[1:1] = ["--oversubscribe"] + (["--allow-run-as-root"] if os.geteuid() == 0 else [])
    p = execute(argv, f"prom2lts-{backend}")
    shown = " ".join(os.path.basename(a) if a.startswith(bindir()) else a for a in argv)
    return f"$ {shown}\n" + p.stdout + p.stderr


# What each back-end prints (LTSmin's own words, each line after the
# tool's prefix, e.g. "prom2lts-seq, 0.012: " or, under MPI, the rank's
# "prom2lts-dist( 1/ 2), 0.012: "):
#   an assertion failed:  seq  Error action (assert) found at depth N!
#                         mc, dist  Error action 'assert' found at ...
#                         sym  found action: assert
#   the search ended:     seq  state space N levels, S states T transitions
#                         dist  state space has N levels S states T transitions
#                         sym  state space has [precisely] S states, N nodes
#                         mc   Explored S states T transitions, ...
FAILED = re.compile(r"Error action \(assert\) found|Error action 'assert'\s+found|"
                    r"found action: assert\b")
ENDED = re.compile(r"state space (?:has )?(?:\d+ levels,? )?(?:precisely )?([\d.e+]+) states|"
                   r"Explored (\d+) states")
TOOL = re.compile(r"^\$ .*?(prom2lts-\w+)", re.M)


# Each line's prefix carries the seconds since the tool started; those
# vary from run to run, the tool's name and the rank do not.
STAMP = re.compile(r"^(prom2lts-\w+(?:\(\s*\d+/\s*\d+\))?), [\d.]+: ", re.M)
# What the book keeps of a report: the command, and each line that says
# the verdict or the size of the search (the rest are timings, memory
# and the tool's settings, which vary or say nothing of the model).
KEPT = re.compile(FAILED.pattern + "|" + ENDED.pattern + r"|^\$ ")


def steady(report):
    """The command and the lines of the verdict and the count, without
    the seconds of each line's prefix (a rank's lines keep its number)."""
    lines = STAMP.sub(r"\1: ", report).splitlines()
    return "\n".join(ln for ln in lines if KEPT.search(ln)) + "\n"


def headline(report):
    """The lines that say the verdict: the failing assertion, else the
    size of the finished search."""
    lines = [ln for ln in steady(report).splitlines() if not ln.startswith("$ ")]
    failed = [ln for ln in lines if FAILED.search(ln)]
    return (failed or lines)[:1]


def parse(report):
    f = {}
    m = TOOL.search(report)
    if m:
        f["tool"] = m.group(1)
    ended = ENDED.findall(report)
    if FAILED.search(report):
        f["verdict"] = "assertion violated"
        f["error"] = "assert"
    elif ended:
        f["verdict"] = "no error found"
        # mc's count depends on how the threads share the work.
        if f.get("tool") != "prom2lts-mc":
            f["states"] = ended[-1][0] or ended[-1][1]
    times = re.findall(r"^prom2lts-\w+(?:\(\s*\d+/\s*\d+\))?, ([\d.]+):", report, re.M)
    if times:
        f["time"] = times[-1]
    return f


def verdict(fields):
    v = fields.get("verdict")
    if v == "no error found":
        return "pass"
    if v == "assertion violated":
        return "fail"
    return None
