#!/usr/bin/python3
"""selftest-mutants: the self-test must itself fail when the harness is
broken.  For each mutant below (a deliberate break of one tool), copies
the project into a scratch directory, applies it, runs build/tests/selftest.py
there (only the group of cases that holds the case, after the fixture's
baseline: selftest.py --only GROUP) and expects it to fail naming the
right case.  Slow (one self-test per mutant), so not part of make check:
run it after changing build/tests/selftest.py.  Names of mutants as
arguments run only those."""

import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.dirname(HERE)
ROOT = os.path.dirname(BUILD)

MUTANTS = [
    # (name, file, text, replacement, a case the self-test must fail, the
    # group of build/tests/selftest.py that holds that case)
    ("transitions not compared", "build/lib/panreport.py", '    ("transitions", "transitions"),\n', "",
     "a wrong 'transitions' is caught", "fields"),
    ("unreached not compared", "build/lib/panreport.py", '    ("unreached", "unreached in proctype"),\n', "",
     "a wrong 'unreached' is caught", "fields"),
    ("assertion text not read", "build/lib/panreport.py", 'f["violation"] = m.group(1).strip()', "pass",
     "a wrong 'error found' is caught", "fields"),
    ("'Search not completed' ignored", "build/lib/panreport.py",
     'if "Search not completed" in text and', "if False and",
     "'Search not completed' without an error is not a verdict", "incomplete"),
    ("check-in always passes", "build/pipeline/check-in.py", "    for i in range(len(text) - len(want) + 1):",
     "    return\n    for i in range(len(text) - len(want) + 1):",
     "a listing that drifted from its file is caught", "reports"),
    ("provenance not compared", "build/lib/provenance.py", "return [k for k in PROVENANCE_KEYS if a.get(k) != b.get(k)]",
     "return []", "a recorded report from another model fails", "recorded"),
    ("block errors not counted", "build/pipeline/check-blocks.sh", 'if [ -n "$errors" ]; then', "if false; then",
     "a malformed block is a counted failure: an unknown attribute", "blocks"),
    ("ceiling not applied", "build/lib/searchflags.py", "return min(t or TIME_S, TIME_S), min(m or MEMLIM_MB, MEMLIM_MB), which",
     "return t or TIME_S, m or MEMLIM_MB, which", "MEMLIM caps a block's memlim", "budgets"),
    ("graded solution's verdict ignored", "build/workbench/grade.py", "    if got != want:", "    if False:",
     "exercise: a wrong solution that an answer says passes is a failure", "exercise"),
    ("graded lines ignored", "build/workbench/grade.py", "        if pos == len(lines):", "        if False:",
     "exercise: a line the grader does not print is a failure", "exercise"),
    ("a variant that changes nothing is run", "build/workbench/grade.py", "        if variant == text:",
     "        if False:", "exercise: a demand whose bug cannot be put into the file fails the grade", "exercise"),
    ("verify ignores the book's depth", "build/workbench/verify.py",
     'best = max(best, searchflags.depth_flag(spec["runflags"]))', "pass",
     "verify: a search cut at its depth suggests the book's own -m for that model", "verify-depth"),
]


def main():
    only = sys.argv[1:]
    bad = 0
    for name, path, text, repl, case, group in MUTANTS:
        if only and name not in only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            proj = os.path.join(tmp, "p")
            os.makedirs(proj)
            shutil.copy(os.path.join(ROOT, "Makefile"), proj)
            shutil.copytree(BUILD, os.path.join(proj, "build"))
            f = os.path.join(proj, path)
            src = open(f).read()
            if text not in src:
                print(f"NOT OK {name}: the mutant's text is not in {path} (update this list)")
                bad += 1
                continue
            open(f, "w").write(src.replace(text, repl, 1))
            env = {k: v for k, v in os.environ.items()
                   if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "HARNESS_LOCK_HELD")}
            p = subprocess.run([os.path.join(proj, "build", "tests", "selftest.py"), "--only", group], cwd=proj,
                               capture_output=True, text=True, env=env)
            caught = p.returncode != 0 and f"NOT OK {case}" in p.stdout
            print(("ok     " if caught else "NOT OK ") + f"mutant '{name}' fails the self-test"
                  + ("" if caught else f" at '{case}':\n{p.stdout[-1500:]}"))
            bad += not caught
    sys.exit(1 if bad else 0)


main()
