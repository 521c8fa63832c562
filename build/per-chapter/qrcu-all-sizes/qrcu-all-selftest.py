#!/usr/bin/python3
"""qrcu-all-selftest: build/per-chapter/qrcu-all-sizes/qrcu-all-report.py is seen to fail.

Copies chapter 9's extracted runs and their reports to a scratch OUT,
breaks one thing at a time, and checks that the report then exits 1
with the message that names it: a broken reduction that no mutant gets
through (the negative control), a failure whose smaller configurations
were not seen to pass, an all-sizes model that fails, a mutant the
all-sizes model no longer catches, a missing report, a broken
abstraction of the all-sizes model that no mutant notices, and an exact
run that no longer reproduces its abstract counterexample.  Needs the
runs of make chapter-9 in OUT."""

import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import runstore  # noqa: E402

OUT = runstore.OUT
HERE = os.path.dirname(os.path.abspath(__file__))


def failing(text):
    """A pan report turned into one with an assertion failure."""
    text = re.sub(r"errors: 0", "errors: 1", text)
    return "pan:1: assertion violated  !((readerstart&&(readerprogress==1))) (at depth 9)\n" + text


def passing(text):
    text = re.sub(r"errors: \d+", "errors: 0", text)
    return re.sub(r"^pan:\d*:?\s*assertion violated.*\n", "", text, flags=re.M)


CASES = [
    ("negative control", {"mut-incany-noanonr-1-2": failing,
                          "mut-onesum-noanonr-2-2": failing,
                          "mut-wrap-noanonr-1-3": failing},
     "lets no mutant through"),
    ("smallest configuration", {"mut-onesum-orig-2-1": failing},
     "is not shown to be the smallest"),
    ("all-sizes model fails", {"all-k-2": failing}, "should pass"),
    # The chapter's verdict (verdict=) of each run, which make bless
    # never changes, judges it.
    ("mutant no longer caught", {"mut-earlyout-all-2": passing},
     "run mut-earlyout-all-2: the chapter's verdict is"),
    ("outside the assumptions yet passing", {"mut-twoslow-all-2": passing},
     "run mut-twoslow-all-2: the chapter's verdict is"),
    ("missing report", {"mut-wrap-orig-1-3": None}, "no report"),
    # The all-sizes model's own broken abstractions, and the exact run
    # beside each abstract counterexample.
    ("abstraction without other readers noticed by nothing",
     {"mut-oneunlock-noothers-2": failing}, "the broken abstraction noothers"),
    ("abstraction without environment noticed by nothing",
     {"mut-earlyout-noenv-2": failing}, "the broken abstraction noenv"),
    ("exact run that does not reproduce", {"mut-oneunlock-orig-1-2": passing},
     "does not reproduce mut-oneunlock-all-2's failure"),
]


def main():
    if not runstore.extract_dirs(OUT, "ch[0-9][0-9]-qrcu-all-sizes"):
        sys.exit("qrcu-all-selftest: no extracted chapter 9 in " + OUT + "; run make chapter-9")
    bad = 0
    clean = subprocess.run([os.path.join(HERE, "qrcu-all-report.py")], capture_output=True,
                           text=True, env=dict(os.environ, OUT=OUT))
    if clean.returncode != 0:
        sys.exit("qrcu-all-selftest: the report fails on the real runs; fix that first:\n"
                 + clean.stdout)
    for name, edits, want in CASES:
        with tempfile.TemporaryDirectory() as tmp:
            for d in (runstore.extract_dirs(OUT, "ch[0-9][0-9]-shrinking-qrcu")
                      + runstore.extract_dirs(OUT, "ch[0-9][0-9]-qrcu-all-sizes")):
                if os.path.isdir(d):
                    shutil.copytree(d, runstore.extract_dir(os.path.basename(d), tmp))
            shutil.copytree(runstore.run_dir(), os.path.join(tmp, "runs"),
                            ignore=shutil.ignore_patterns("*.trail"))
            for rid, edit in edits.items():
                path = os.path.join(tmp, "runs", rid + ".out")
                if edit is None:
                    os.remove(path)
                    continue
                text = open(path).read()
                open(path, "w").write(edit(text))
            r = subprocess.run([os.path.join(HERE, "qrcu-all-report.py")], capture_output=True,
                               text=True, env=dict(os.environ, OUT=tmp))
            if r.returncode == 1 and want in r.stdout:
                print(f"ok: {name}: fails, with {want!r}")
            else:
                print(f"NOT CAUGHT: {name}: exit {r.returncode}, expected 1 and {want!r}")
                bad += 1
    if bad:
        sys.exit(f"qrcu-all-selftest: {bad} broken case(s) not caught")
    print("qrcu-all-selftest: the report passes on the runs, and every broken case fails it")


main()
