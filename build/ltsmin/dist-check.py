#!/usr/bin/python3
"""dist-check [--without-mpi]: LTSmin's distributed tool, two ranks
under Open MPI on this machine, against its sequential tool.

For each case, runs prom2lts-seq and `mpirun -np 2 prom2lts-dist --mpi`
on the same compiled model (through build/checkers/ltsmin.py) and
requires: the same verdict; the same number of states when the search
is complete; and, in the distributed log, the --mpi flag and lines
from both ranks (LTSmin prefixes each line with the rank, `( 0/ 2)`
and `( 1/ 2)`).  Without --mpi, mpirun starts two independent
sequential searches, each printing `( 0/ 1)`: --without-mpi runs it so,
to see this check fail.  Exits 1 on any difference."""

import os
import re
import shutil
import subprocess
import sys

from build.checkers import ltsmin
from build.lib.runstore import RunError

CASES = [
    ("qrcu-nowait.spin", "N_QRCU_UPDATERS=1 N_QRCU_READERS=1 "
     "__instances_qrcu_updater=1 __instances_qrcu_reader=1"),
    ("qrcu.spin", "N_QRCU_UPDATERS=2 N_QRCU_READERS=1 "
     "__instances_qrcu_updater=2 __instances_qrcu_reader=1"),
]


def execute(work):
    def run(argv, what):
        if "--without-mpi" in sys.argv[1:] and "--mpi" in argv:
            argv = [a for a in argv if a != "--mpi"]
        try:
            return subprocess.run(argv, cwd=work, capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            raise RunError(f"{what}: no verdict within 600 s")
    return run


def main():
    out = os.environ.get("OUT", "out")
    bad = 0
    for model, sets in CASES:
        got = {}
        for backend in ("seq", "dist"):
            rid = f"{model[:-5]}-{backend}"
            work = os.path.join(out, "ltsmin-dist-check", rid)
            shutil.rmtree(work, ignore_errors=True)
            os.makedirs(work)
            spec = {"id": rid, "model": model, "set": sets, "args": backend}
            try:
                report = ltsmin.run(open(os.path.join("models", model)).read(), model, work,
                                    spec, 600, None, execute(work))
            except RunError as e:
                print(f"FAIL {model} {backend}: {e}")
                bad += 1
                continue
            runstore_put = os.path.join(work, "report")
            with open(runstore_put, "w") as f:
                f.write(report)
            got[backend] = (ltsmin.parse(report), report)
        if len(got) < 2:
            continue
        (s, _), (d, log) = got["seq"], got["dist"]
        problems = []
        if ltsmin.verdict(s) != ltsmin.verdict(d):
            problems.append(f"verdict: seq {ltsmin.verdict(s)}, dist {ltsmin.verdict(d)}")
        if ltsmin.verdict(s) == "pass" and s.get("states") != d.get("states"):
            problems.append(f"states: seq {s.get('states')}, dist {d.get('states')}")
        if not re.search(r"prom2lts-dist --mpi", log.splitlines()[0]):
            problems.append("the command has no --mpi")
        ranks = set(re.findall(r"\(\s*(\d+)/\s*(\d+)\)", log))
        if not {("0", "2"), ("1", "2")} <= ranks:
            problems.append(f"lines from both of 2 ranks, ( 0/ 2) and ( 1/ 2), expected; "
                            f"the log has {sorted(ranks) or 'no rank prefix'}")
        for p in problems:
            print(f"FAIL {model}: {p}")
        if not problems:
            print(f"ok   {model}: seq and dist (2 ranks, --mpi) agree: {ltsmin.verdict(s)}, "
                  f"{s.get('states') if ltsmin.verdict(s) == 'pass' else 'stopped at the error'}")
        bad += bool(problems)
    print(f"dist-check: {bad} of {len(CASES)} cases wrong")
    return 1 if bad else 0


sys.exit(main())
