"""panrun: compile and run one Spin search in a private directory, with
its budgets, and say in one line why a search gave no verdict."""

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

from build.lib import ranlog
from build.lib.modelfiles import claim_names, copy_model, defs_overridden, without_copy_warning
from build.lib.runstore import RunError
from build.lib.searchflags import budgets, defs_problem, depth_flag, formula_flags, pan_cflags


def _progress(line, label):
    # pan prints a "Depth= ... States= ..." line every million states.
    if line.startswith("Depth=") or line.startswith("pan: resizing"):
        sys.stderr.write(f"  [{label}] {line}")
        sys.stderr.flush()


def fixed_memory(text, runflags):
    """When pan ran out of memory before storing its states, because its
    hash table (-w) or DFS stack (-m) alone does not fit, (what, the MB
    it needs at least, the smaller flag that helps), else None:
    compression (-DCOLLAPSE) shrinks stored states, not these."""
    need = re.search(r"^\s*([\d.e+]+) bytes more needed", text, re.M)
    used = re.search(r"^\s*([\d.e+]+) bytes used", text, re.M)
    if not need or not used:
        return None
    need, used = float(need.group(1)), float(used.group(1))
    stored = re.search(r"^\s*([\d.e+]+) states, stored", text, re.M)
    if stored and float(stored.group(1)) > 0:
        return None
    words = shlex.split(runflags)
    w = next((int(x[2:]) for x in words if re.fullmatch(r"-w\d+", x)), 24)
    m = depth_flag(runflags)
    at_least = int((used + need) / 2 ** 20) + 1
    if abs(need - 8 * 2 ** w) <= 0.01 * 8 * 2 ** w:
        return (f"its hash table (-w{w}: {8 * 2 ** w / 2 ** 20:g} MB)", at_least,
                f"a smaller table (RUNFLAGS=-w{max(w - 4, 10)})")
    return f"its DFS stack (-m{m})", at_least, f"a shallower stack (RUNFLAGS=-m{max(m // 10, 100)})"


class Result:
    """One search: pan's report (text), the readable trail of the first
    trail pan wrote (trail, or None), the seconds, every line spin -a
    printed (spin_lines, warnings and the ltl translation included), the
    trail files pan wrote (trails, in its order), the preprocessor
    flags Spin was given (defs: DEFS and what the model's includes need,
    see modelfiles.copy_model), pan's flags as it ran (runflags: with
    -N and the formula's claim when the model has claims of its own),
    and, for a FORMULA, the never claim spin -f made of its negation
    (claim_lines)."""

    def __init__(self, **kw):
        self.__dict__.update(kw)


def run(model, workdir, defs="", cflags=None, runflags="",
        timeout=None, memlim=None, label=None, trail=True):
    """Compile and run MODEL in a private directory, which then becomes
    WORKDIR (two runs of one model at once never share files).

    Returns (pan_output, trail_text_or_None, seconds); run_full() the
    whole Result.  Raises RunError when Spin or the C compiler rejects
    the model, DEFS sets a macro the model's own #define overrides, or
    the search was cut short by the time or memory budget (the RunError's
    output then holds what Spin or pan printed).
    """
    r = run_full(model, workdir, defs, cflags, runflags, timeout, memlim, label, trail)
    return r.text, r.trail, r.seconds


def run_full(model, workdir, defs="", cflags=None, runflags="",
             timeout=None, memlim=None, label=None, trail=True, formula="",
             announce=None):
    """run(), returning the whole Result.  FORMULA: a property that must
    hold, whose negation Spin turns into the claim (spin -a -f '!(F)');
    ANNOUNCE(runflags), when given, is called once pan's flags are known
    (after spin -a), before the search."""
    if cflags is None:  # a safety search with its own flags alone
        cflags = " ".join(pan_cflags())
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
                      which, asked_t, asked_m, label, trail, formula, announce)
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
         asked_t, asked_m, label, trail, formula="", announce=None):
    name = os.path.basename(model)
    extra = copy_model(model, workdir)
    overridden = defs_overridden(model, defs, workdir, extra)
    if overridden:
        raise RunError(overridden)
    defs = " ".join(shlex.split(defs) + extra)
    ranlog.start(workdir)

    claim = formula_flags(formula)
    spin = ["spin"] + shlex.split(defs) + ["-a"] + claim + [name]
    p = ranlog.run(spin, cwd=workdir, stdin=subprocess.DEVNULL,
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    spin_lines = p.stdout.splitlines()
    if p.returncode != 0 or not os.path.isfile(os.path.join(workdir, "pan.c")):
        first = next((l for l in spin_lines if "error" in l.lower()), spin_lines[0]
                     if spin_lines else "spin failed")
        if formula and any(l.startswith("tl_spin:") or f"{name}.nvr:" in l for l in spin_lines):
            # The formula, not the model: Spin's translator (tl_spin) or
            # the claim it wrote (NAME.nvr) is where it stopped.
            e = RunError(f"{model}: Spin cannot use FORMULA={formula!r}: {first.strip()}; write "
                         "it in Spin's LTL over the model's global variables, e.g. "
                         "FORMULA='[] <> (x == 0)' ([] always, <> eventually, ! && || -> U, "
                         "each expression in parentheses)")
        else:
            e = RunError(f"{model}: spin rejects the model: {first.strip()} (fix the model; "
                         f"try: {quoted(['spin'] + shlex.split(defs) + ['-a'] + claim + [model])})")
        e.output = p.stdout
        raise e
    claim_lines = []
    if formula:
        # The never claim Spin made of the formula's negation, as spin -f
        # prints it; Spin deletes the file it read it from (NAME.nvr:
        # an include of the model, then the claim), which pan's report
        # names, so a copy is kept for the views.
        p = ranlog.run(["spin"] + claim, cwd=workdir, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        claim_lines = p.stdout.splitlines()
        with open(os.path.join(workdir, name + ".nvr"), "w") as f:
            f.write(f'#include "{name}"\n' + p.stdout)
        runflags = _formula_claim(model, spin_lines, runflags)
    if announce:
        announce(runflags)

    cc = (["cc"] + shlex.split(cflags) + [f"-DMEMLIM={memlim}", "-o", "pan",
                                          "pan.c"])
    p = ranlog.run(cc, cwd=workdir, capture_output=True, text=True)
    if p.returncode != 0:
        first = (p.stderr.strip().splitlines() or ["cc failed"])[0]
        raise RunError(f"{model}: cc cannot compile pan.c: {first} "
                       f"(check CFLAGS={cflags!r})")

    cmd = ["timeout", str(timeout), "./pan"] + shlex.split(runflags)
    ranlog.add(workdir, cmd)
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=workdir, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
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
    try:
        _judge(model, text, proc.returncode, cflags, runflags, timeout, memlim, which,
               asked_t, asked_m)
    except RunError as e:
        if not getattr(e, "output", None):  # what pan printed, never dropped
            e.output = text
        raise
    # The trails pan wrote, as it names them: none with -c0, one per
    # error with -e.  The first is replayed (spin -tN for a numbered one).
    trails = re.findall(r"^pan: wrote (\S+\.trail)$", text, re.M)
    trail_text = None
    if trail and trails and os.path.isfile(os.path.join(workdir, trails[0])):
        p = ranlog.run(["spin"] + shlex.split(defs) + claim
                       + [trail_flag(name, trails[0]), "-p", name],
                       cwd=workdir, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        trail_text = without_copy_warning(p.stdout)
    return Result(text=text, trail=trail_text, seconds=seconds, spin_lines=spin_lines,
                  trails=trails, defs=defs, runflags=runflags, claim_lines=claim_lines)


def _formula_claim(model, spin_lines, runflags):
    """RUNFLAGS with -N and the formula's claim when the model has claims
    of its own (pan would search its first one otherwise).  Spin lists
    them all ('the model contains N never claims: ...'); an unnamed claim
    is never_K, K counting the never claims in the order Spin reads them,
    and the formula's comes after the model's (NAME.nvr includes the
    model, then the claim): the highest K that is not a name the model
    gives."""
    if "-N" in shlex.split(runflags):
        return runflags
    listed = next((l.split(":", 1)[1] for l in spin_lines
                   if re.match(r"^\s*the model contains \d+ never claims:", l)), None)
    if listed is None:
        return runflags
    own = claim_names(model)
    ours = [n.strip() for n in listed.split(",")
            if re.fullmatch(r"never_\d+", n.strip()) and n.strip() not in own]
    if not ours:
        raise RunError(f"{model}: Spin lists the claims{listed} but none is the formula's; "
                       "check the formula against the model alone in a copy without its claims")
    pick = max(ours, key=lambda n: int(n.split("_")[1]))
    return " ".join(shlex.split(runflags) + ["-N", pick])


def quoted(words):
    """A command as a shell reads it back: each word quoted when needed."""
    return " ".join(shlex.quote(w) for w in words)


def trail_flag(name, trail):
    """spin's flag that replays TRAIL of the model NAME: -t, or -tN for
    the Nth trail of pan -e (NAME + N + .trail)."""
    n = trail[len(name):-len(".trail")] if trail.startswith(name) else ""
    return f"-t{n}" if n.isdigit() else "-t"


def _judge(model, text, returncode, cflags, runflags, timeout, memlim, which,
           asked_t, asked_m):
    """Raise RunError when pan's run gives no verdict: a budget, a vector
    too small, no search, no report."""
    if returncode == 124:
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
        fixed = fixed_memory(text, runflags)
        if fixed:  # what helps then is more memory or a smaller table or stack
            what, at_least, smaller = fixed
            why = (f"pan cannot allocate {what} within {memlim} MB, before storing any "
                   f"state (compression such as -DCOLLAPSE cannot help)")
        if which["memory"] == "ceiling" and asked_m:
            raise RunError(f"{model}: search stopped at the memory ceiling MEMLIM="
                           f"{memlim} MB, below the {asked_m} MB its block "
                           f"allows; raise it: make ... MEMLIM={asked_m}")
        if which["memory"] == "ceiling" and fixed:
            raise RunError(f"{model}: search stopped at the memory budget MEMLIM={memlim} MB: "
                           f"{why}; raise it, make ... MEMLIM={at_least}, or give {smaller}")
        if which["memory"] == "ceiling":
            raise RunError(f"{model}: search stopped at the memory budget of "
                           f"{memlim} MB; raise it (make ... MEMLIM="
                           f"{memlim * 2}) or compile with -DCOLLAPSE")
        if fixed:
            raise RunError(f"{model}: search stopped at the memory budget of {memlim} MB that "
                           f"its block gives (memlim={asked_m}): {why}; raise memlim= in the "
                           f"chapter to {at_least} or more, or give {smaller}")
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
    if returncode == 0 and "State-vector" not in text and \
            not re.search(r"error|disabled by|requires|unknown option|not supported", text, re.I):
        # Flags such as -d (the state tables) make pan print something
        # other than a search and stop: that is the answer, not a failure.
        e = RunError(f"{model}: pan did not search (./pan {runflags}): what it printed is "
                     "above; drop those RUNFLAGS to search")
        e.output = text
        raise e
    if "State-vector" not in text and re.search(r"^cpu[1-9]\d*: pan:\d+: ", text, re.M):
        # pan -DNCORE: when a process other than the first finds the
        # error, the first stops without printing the search's report.
        raise RunError(f"{model}: pan's multi-core search (-DNCORE) found the error above "
                       f"in a second process, which prints no report; run it on one core "
                       f"(without CORES=) for pan's report and its trail")
    if returncode not in (0, 1) or "State-vector" not in text:
        # The line that says why: an error, an option pan refuses, else
        # its first own line.
        lines = text.splitlines()
        first = next((l for l in lines if re.search(
            r"error|disabled by|requires|unknown option|not supported", l, re.I)), None) \
            or next((l for l in lines if l.startswith("pan")), text.strip()[-200:])
        raise RunError(f"{model}: pan ended with status {returncode} "
                       f"and no report: {first.strip()}")

