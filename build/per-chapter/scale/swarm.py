#!/usr/bin/python3
"""swarm [--runs K] [--size UxR] [--swarm N,M] [--limit S] OUTFILE MODEL...:
run Spin's own swarm (spin -search -swarmN,M, default 10,1: ten searches, -w18 to -w27) on each MODEL of models/
at UxR (default 3x3: N_QRCU_UPDATERS x N_QRCU_READERS) and time each
call from its start to the first `assertion violated` it prints; the
swarm is then stopped (its other searches killed with it).  Each model
is run K times (default 3); the table gives the median and the range of
the times, and the assertion.  A model whose swarm prints no error
within S seconds (default 300) is reported as such: that proves
nothing.  Writes a Markdown table to OUTFILE and prints it; the first
line under it says the machine's load when the runs began."""

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

MUTANT = re.compile(r"assertion violated (.*?) \(at depth")


def one(model, size, swarm, limit):
    """(seconds to the first error or None, its assertion text)."""
    work = tempfile.mkdtemp(prefix="swarm.")
    try:
        shutil.copy(os.path.join("models", model), work)
        for inc in re.findall(r'^\s*#include\s+"([^"]+)"',
                              open(os.path.join("models", model)).read(), re.M):
            shutil.copy(os.path.join("models", inc), work)
        u, r = size.split("x")
        argv = ["spin", f"-DN_QRCU_UPDATERS={u}", f"-DN_QRCU_READERS={r}",
                "-search", f"-swarm{swarm}", model]
        start = time.monotonic()
        p = subprocess.Popen(argv, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, start_new_session=True)
        found, what = None, ""
        deadline = start + limit
        try:
            for line in p.stdout:
                m = MUTANT.search(line)
                if m:
                    found, what = time.monotonic() - start, m.group(1)
                    break
                if time.monotonic() > deadline:
                    break
        finally:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait()
        return found, what
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--size", default="3x3")
    ap.add_argument("--swarm", default="10,1")
    ap.add_argument("--limit", type=int, default=300)
    ap.add_argument("outfile")
    ap.add_argument("models", nargs="+")
    a = ap.parse_args()
    load = open("/proc/loadavg").read().split()[0]
    cores = os.cpu_count()
    lines = [f"| model at {a.size} | `-swarm{a.swarm}`: seconds to the first error, median (range over {a.runs} runs) | error |",
             "|---|---|---|"]
    for model in a.models:
        times, what = [], ""
        for _ in range(a.runs):
            t, w = one(model, a.size, a.swarm, a.limit)
            if t is not None:
                times.append(t)
                what = w
        if len(times) == a.runs:
            cell = f"{statistics.median(times):.1f} ({min(times):.1f} to {max(times):.1f})"
        elif times:
            cell = f"{len(times)} of {a.runs} runs found it; median {statistics.median(times):.1f}"
        else:
            cell = f"no error within {a.limit} s (proves nothing)"
        lines.append(f"| `{model}` | {cell} | {what or '-'} |")
        print(lines[-1], flush=True)
    lines.append("")
    lines.append(f"(Spin 6.5.2, `spin -DN_QRCU_UPDATERS=.. -DN_QRCU_READERS=.. -search -swarm{a.swarm}`;"
                 f" {cores} cores, load average {load} when the runs began.)")
    os.makedirs(os.path.dirname(os.path.abspath(a.outfile)), exist_ok=True)
    with open(a.outfile + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(a.outfile + ".tmp", a.outfile)
    print("\n".join(lines[-2:]))


sys.exit(main())
