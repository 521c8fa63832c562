#!/usr/bin/python3
"""ltsmin-selftest [--ltsmin DIR]: every LTSmin back-end (seq, mc, sym,
dist under MPI) must find the failing assertion of two models and pass
the correct one:

  atomic-assert.spin  an assertion that fails inside an atomic block,
                      after the block's first step (SpinS as released
                      drops it: build/ltsmin/patches/spins-atomic-assert.patch)
  qrcu-nowait.spin    the QRCU mutant without the wait (fails at 1x1)
  qrcu.spin           the QRCU model itself, which passes at 1x1

Runs through build/checkers/ltsmin.py (the adapter the chapter's blocks
use), each in a private directory under out/ltsmin-selftest/.  Prints
one line per run and exits 1 when any verdict is not the one above.
--ltsmin DIR tests the build in DIR (default out/ltsmin): an unpatched
build (ltsmin-build.sh --unpatched) must fail this test."""

import argparse
import os
import shutil
import subprocess
import sys

from build.checkers import ltsmin
from build.lib.runstore import RunError

QRCU_1X1 = ("N_QRCU_UPDATERS=1 N_QRCU_READERS=1 "
            "__instances_qrcu_updater=1 __instances_qrcu_reader=1")
CASES = [
    ("atomic-assert.spin", "", "fail"),
    ("qrcu-nowait.spin", QRCU_1X1, "fail"),
    ("qrcu.spin", QRCU_1X1, "pass"),
]


def execute(work, timeout):
    def run(argv, what):
        try:
            return subprocess.run(argv, cwd=work, capture_output=True, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            raise RunError(f"{what}: no verdict within {timeout} s")
    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ltsmin", help="the LTSmin build to test (default out/ltsmin)")
    ap.add_argument("--timeout", type=int, default=300)
    a = ap.parse_args()
    if a.ltsmin:
        os.environ["LTSMIN"] = a.ltsmin
    out = os.environ.get("OUT", "out")
    try:
        print(f"ltsmin-selftest: {ltsmin.version()}")
    except RunError as e:
        print(f"ltsmin-selftest: {e}")
        return 1
    bad = 0
    for model, sets, want in CASES:
        path = os.path.join("models", model)
        if not os.path.exists(path):
            print(f"ltsmin-selftest: no {path}; make models writes it from the chapters")
            return 1
        text = open(path).read()
        for backend in ltsmin.BACKENDS:
            rid = f"{model[:-5]}-{backend}"
            work = os.path.join(out, "ltsmin-selftest", rid)
            shutil.rmtree(work, ignore_errors=True)
            os.makedirs(work)
            spec = {"id": rid, "model": model, "set": sets, "args": backend}
            try:
                report = ltsmin.run(text, model, work, spec, a.timeout, None,
                                    execute(work, a.timeout))
                got = ltsmin.verdict(ltsmin.parse(report)) or "no verdict"
            except RunError as e:
                got = f"error: {e}"
            ok = got == want
            bad += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {model:20} {backend:5} want {want}, got {got}"
                  f"  ({' ; '.join(ltsmin.commands(model, spec))})")
    print(f"ltsmin-selftest: {bad} of {len(CASES) * len(ltsmin.BACKENDS)} runs wrong")
    return 1 if bad else 0


sys.exit(main())
