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

from build.lib import mutants
from build.lib import panreport
from build.lib import runstore

OUT = runstore.OUT
REPORT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      "per-chapter", "qrcu-all-sizes", "qrcu-all-report.py")
MUTANTS = mutants.chapter9_rows(mutants.read())


def failing(text):
    """A pan report turned into one with an assertion failure."""
    text = re.sub(r"errors: 0", "errors: 1", text)
    return "pan:1: assertion violated  !((readerstart&&(readerprogress==1))) (at depth 9)\n" + text


def passing(text):
    text = re.sub(r"errors: \d+", "errors: 0", text)
    return re.sub(r"^pan:\d*:?\s*assertion violated.*\n", "", text, flags=re.M)


# The edit of the table itself (in place of a run's report): the last
# mutant of chapter 9's table loses its label.
TABLE = "chapters/mutants.tsv"


def unlisted(text):
    name = MUTANTS[-1][0]
    return "".join(re.sub(r"\t[^\t]*$", "\tnone: left out\n", line) if line.startswith(name + "\t")
                   else line for line in text.splitlines(True))


def outcomes(out):
    """{run id: pass, fail (the safety assertion) or assume} of the
    chapter's mutant runs, mut-MUTANT-..., kept in OUT."""
    names = [m for m, _ in MUTANTS]
    got = {}
    for f in os.listdir(os.path.join(out, "runs")):
        m = re.match(r"^mut-(.+?)-(orig|r7|all|noanonr|noanonu|noothers|noenv)-[\d-]+\.out$", f)
        if not m or m.group(1) not in names:
            continue
        fields = panreport.parse(open(os.path.join(out, "runs", f)).read())
        v = fields.get("violation", "").replace(" ", "")
        got[f[:-4]] = ("pass" if fields.get("errors") == "0" else
                       "fail" if "readerstart" in v or "sum==0" in v else "assume")
    return got


def smallest_case(got):
    """A run below a mutant's smallest failure in the original model,
    turned into a failure whose own smaller configurations were not run."""
    for m, _ in MUTANTS:
        runs = {}
        for rid, o in got.items():
            x = re.match(rf"^mut-{re.escape(m)}-orig-(\d+)-(\d+)$", rid)
            if x:
                runs[(int(x.group(1)), int(x.group(2)))] = o
        fails = sorted((c for c, o in runs.items() if o != "pass"), key=lambda c: (sum(c), c))
        if not fails:
            continue
        f = fails[0]
        for p in [(f[0], f[1] - 1), (f[0] - 1, f[1])]:
            below = [b for b in [(p[0] - 1, p[1]), (p[0], p[1] - 1)] if min(b) >= 1]
            if runs.get(p) == "pass" and any(b not in runs for b in below):
                return {f"mut-{m}-orig-{p[0]}-{p[1]}": failing}
    return None


def cases(got, clean):
    """The broken cases, each (name, {run id: edit, or None to delete
    its report}, what the report must say), from the mutants of chapter
    9's table (chapters/mutants.tsv) and what their runs say."""
    def first(model, want):
        return next((f"mut-{m}-{model}-2" for m, _ in MUTANTS
                     if got.get(f"mut-{m}-{model}-2") == want), None)
    caught, outside = first("all", "fail"), first("all", "assume")
    exact = re.findall(r"^qrcu-all: abstract counterexample (\S+) reproduced by the exact run (\S+)$",
                       clean, re.M)
    missing = sorted(r for r in got if re.match(rf"^mut-{re.escape(MUTANTS[-1][0])}-orig-", r))
    out = [
        # Every run that a broken reduction (or abstraction) lets
        # through made a failure: then it lets nothing through.
        ("negative control", {r: failing for r, o in got.items()
                              if "-noanonr-" in r and o == "pass"}, "lets no mutant through"),
        ("smallest configuration", smallest_case(got), "is not shown to be the smallest"),
        ("all-sizes model fails", {"all-k-2": failing}, "should pass"),
        # The chapter's verdict (verdict=) of each run, which make bless
        # never changes, judges it.
        ("mutant no longer caught", caught and {caught: passing},
         f"run {caught}: the chapter's verdict is"),
        ("outside the assumptions yet passing", outside and {outside: passing},
         f"run {outside}: the chapter's verdict is"),
        ("missing report", missing and {missing[-1]: None}, "no report"),
        # The all-sizes model's own broken abstractions, and the exact run
        # beside each abstract counterexample.
        ("abstraction without other readers noticed by nothing",
         {r: failing for r, o in got.items() if r.endswith("-noothers-2") and o == "pass"},
         "the broken abstraction noothers"),
        ("abstraction without environment noticed by nothing",
         {r: failing for r, o in got.items() if r.endswith("-noenv-2") and o == "pass"},
         "the broken abstraction noenv"),
        ("exact run that does not reproduce", exact and {exact[-1][1]: passing},
         exact and f"does not reproduce {exact[-1][0]}'s failure"),
        # A mutant the chapter runs, taken out of chapters/mutants.tsv.
        ("mutant left out of the table", {TABLE: unlisted},
         f"mutant {MUTANTS[-1][0]}: chapter 9 runs it"),
    ]
    return out


def main():
    if not runstore.extract_dirs(OUT, "ch[0-9][0-9]-qrcu-all-sizes"):
        sys.exit("qrcu-all-selftest: no extracted chapter 9 in " + OUT + "; run make chapter-9")
    bad = 0
    clean = subprocess.run([REPORT], capture_output=True,
                           text=True, env=dict(os.environ, OUT=OUT))
    if clean.returncode != 0:
        sys.exit("qrcu-all-selftest: the report fails on the real runs; fix that first:\n"
                 + clean.stdout)
    for name, edits, want in cases(outcomes(OUT), clean.stdout):
        if not edits:
            print(f"NOT MADE: {name}: no run of the mutants of chapters/mutants.tsv "
                  "can be broken this way")
            bad += 1
            continue
        print(f"{name}: breaking {', '.join(sorted(edits))}")
        with tempfile.TemporaryDirectory() as tmp:
            for d in (runstore.extract_dirs(OUT, "ch[0-9][0-9]-shrinking-qrcu")
                      + runstore.extract_dirs(OUT, "ch[0-9][0-9]-qrcu-all-sizes")):
                if os.path.isdir(d):
                    shutil.copytree(d, runstore.extract_dir(os.path.basename(d), tmp))
            shutil.copytree(runstore.run_dir(), os.path.join(tmp, "runs"),
                            ignore=shutil.ignore_patterns("*.trail"))
            env = dict(os.environ, OUT=tmp)
            for rid, edit in edits.items():
                if rid == TABLE:
                    env["MUTANTS_TSV"] = os.path.join(tmp, "mutants.tsv")
                    open(env["MUTANTS_TSV"], "w").write(edit(open(mutants.PATH).read()))
                    continue
                path = os.path.join(tmp, "runs", rid + ".out")
                if edit is None:
                    os.remove(path)
                    continue
                text = open(path).read()
                open(path, "w").write(edit(text))
            r = subprocess.run([REPORT], capture_output=True,
                               text=True, env=env)
            if r.returncode == 1 and want in r.stdout:
                print(f"ok: {name}: fails, with {want!r}")
            else:
                print(f"NOT CAUGHT: {name}: exit {r.returncode}, expected 1 and {want!r}")
                bad += 1
    if bad:
        sys.exit(f"qrcu-all-selftest: {bad} broken case(s) not caught")
    print("qrcu-all-selftest: the report passes on the runs, and every broken case fails it")


main()
