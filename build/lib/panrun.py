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

from modelfiles import copy_model
from runstore import RunError
from blockformat import default
from searchflags import budgets, defs_problem, depth_flag


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


def run(model, workdir, defs="", cflags=None, runflags="",
        timeout=None, memlim=None, label=None, trail=True):
    """Compile and run MODEL in a private directory, which then becomes
    WORKDIR (two runs of one model at once never share files).

    Returns (pan_output, trail_text_or_None, seconds).  Raises RunError
    when Spin or the C compiler rejects the model, or the search was cut
    short by the time or memory budget.
    """
    if cflags is None:  # a safety search with the format's default flags
        cflags = default("pan", "cflags")
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
    if proc.returncode == 0 and "State-vector" not in text and \
            not re.search(r"error|disabled by|requires|unknown option|not supported", text, re.I):
        # Flags such as -d (the state tables) make pan print something
        # other than a search and stop: that is the answer, not a failure.
        e = RunError(f"{model}: pan did not search (./pan {runflags}): what it printed is "
                     "above; drop those RUNFLAGS to search")
        e.output = text
        raise e
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
