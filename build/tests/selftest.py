#!/usr/bin/python3
"""selftest: the checks must be seen to fail.

Copies the Makefile, build/ and the fixture chapters build/tests/fixtures/*.md
into a scratch project (never the real out/ or models/), fills their
expectations with `make bless` and checks that `make chapter-90` passes
cleanly, every check named; then breaks one thing at a time and checks
that each break is reported as a failure, with a line that names what to
fix: every compared field of a report in turn, a mutant, a trail line, a
sweep count, a listing, an incomplete search, a model that does not
compile, the budgets and the user's ceilings over them, each malformed
block, a stale recorded report, a model put back with an old time, two
makes at once, files left by root, make clean and make bless beside a
reader's edit, the lint, the fast loop's tools (a quiet record.sh,
cached.sh over a folder, hash-sources.py, chapter-sources.py), and the
misleading lines of make verify; the
liveness runs (build/tests/fixtures/ch92-liveness.md) and the workbench (make
verify LTL= FAIR= NP=, simulate, replay, interactive, list).

Most cases are data: the tables below (BREAKS, VERIFY_LINES, WORKBENCH_VERIFY,
LINT_FINDINGS), each run by one loop.  The cases that need code are
functions, and GROUPS names every group of cases, in the order they run:
`--only NAME[,NAME...]` runs the fixture's baseline and then only those
groups (quicker, to see a case fail on a deliberate break)."""

import collections
import functools
import glob
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

from build.lib import panreport
from build.tests import scratch

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.dirname(HERE)
ROOT = os.path.dirname(BUILD)

FIXTURE = "chapters/ch90-harness.md"
LIVE = "chapters/ch92-liveness.md"
EXERCISE = "chapters/ch93-exercise.md"
results = []


def sh(cwd, *args, env=None):
    e = dict(os.environ)
    for k in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "HARNESS_LOCK_HELD", "MEMLIM",
              "TIME", "FORCE", "HARNESS_UID"):
        e.pop(k, None)
    e.update(env or {})
    e["OUT"] = "out"
    e["PYTHONPATH"] = os.path.abspath(cwd)  # the copy's own build/ (as defaults.mk does)
    p = subprocess.run(list(args), cwd=cwd, capture_output=True, text=True, env=e)
    return p.returncode, p.stdout + p.stderr


def expect(name, ok, detail="", shown=None):
    """Record one case.  SHOWN (output, text): on success, the line of the
    output holding text is printed under the case, the line a user sees."""
    results.append(bool(ok))
    print(("ok     " if ok else "NOT OK ") + name + ("" if ok else ": " + detail))
    if ok and shown:
        line = next((l for l in shown[0].splitlines() if shown[1] in l), None)
        if line:
            print("         " + line.strip())


def edit(proj, pattern, repl, count=1, path=FIXTURE):
    path = os.path.join(proj, path)
    text = open(path).read()
    new, n = re.subn(pattern, repl, text, count=count, flags=re.S | re.M)
    assert n, f"selftest: pattern {pattern!r} not in {path}"
    open(path, "w").write(new)
    return text


def make(proj, *goals, env=None):
    return sh(proj, "make", "--no-print-directory", *goals, env=env)


# A break: the first match of PATTERN in the chapter PATH (re.S | re.M)
# replaced by REPL, then make GOAL (with ENV added to the environment) must
# end in a counted failure ("N passed, M failed", M > 0) whose output says
# WANT; the chapter is put back after.  REPL is a re.sub template, or a
# function of the match and the fixture (the dict Fixture.parts: the
# blessed reports, say); {line} in WANT is the line of the fixture's
# tiny-good block.
Break = collections.namedtuple("Break", "name pattern repl want env path goal",
                               defaults=(None, FIXTURE, "chapter-90"))
GOOD_LINE = FIXTURE + ":{line}"
LiveBreak = functools.partial(Break, path=LIVE, goal="chapter-92")
ExerciseBreak = functools.partial(Break, path=EXERCISE, goal="chapter-93")

BREAKS = {
    "reports": [
        Break("a mutant model is caught (its report shows the error)",
              r"(\{\.pan #tiny-racy[^\n]*\n).*?(\n```)",
              lambda m, fx: m.group(1) + fx["good_body"] + m.group(2), "errors: expected '0', got '1'"),
        Break("a trail line that the replay does not print is caught",
              r"assert\(\(n==2\)\)", "assert((n==3))", "trail excerpt line not found"),
        Break("a wrong sweep count is caught",
              r"^2 \| (\d+)", lambda m, fx: "2 | " + str(int(m.group(1)) + 1), "states, stored: expected"),
        Break("a listing that drifted from its file is caught",
              r"(check-in=models/tiny.spin\}\n.*?)done == N;", r"\1done == N + 0;",
              "does not appear in models/tiny.spin"),
        Break("a model that does not compile is caught",
              r"assert\(n == N\)\n\}\n```\n\nThe", "assert(n == )\n}\n```\n\nThe", "spin rejects the model"),
        Break("a simulation's line that a fresh run does not print is caught",
              r"(\{\.sim #tiny-sim[^\n]*\n)[^\n]*\n", r"\1  0:\tplanted line\n",
              "simulation tiny-sim: line 1 '  0:\\tplanted line' of the chapter's output is"),
        Break("a simulation's line that a fresh run prints but the chapter lacks is caught",
              r"(\{\.sim #tiny-sim[^\n]*\n)[^\n]*\n", r"\1",
              "simulation tiny-sim: the run prints '  0:\\tproc  - (:root:) creates proc  0 (adder)', which the chapter's output lacks"),
        Break("a search cut at its depth limit is not a pass",
              r"\Z", "\n```{.pan #tiny-shallow model=tiny.spin runflags=-m3}\n```\n",
              "depth limit (error: max search depth too small, -m3); raise it, e.g. RUNFLAGS=-m30"),
    ],
    "budgets": [
        Break("a block's time budget is enforced",
              r"(\{\.pan #tiny-good model=tiny.spin)\}", r"\1 defs=-DN=9 timeout=1}",
              "time budget of 1 s that its block gives"),
        Break("a block's memory budget is enforced",
              r"(\{\.pan #tiny-good model=tiny.spin)\}", r"\1 memlim=16}",
              "memory budget of 16 MB that its block gives (memlim=16): pan cannot allocate its "
              "hash table (-w24: 128 MB) within 16 MB"),
        Break("MEMLIM caps a block's memlim, naming the value to raise",
              r"(\{\.pan #tiny-good model=tiny.spin)\}", r"\1 memlim=16000}",
              "memory ceiling MEMLIM=16 MB, below the 16000 MB its block allows; raise it:"
              " make ... MEMLIM=16000", env={"MEMLIM": "16"}),
        Break("TIME caps a block's timeout, naming the value to raise",
              r"(\{\.pan #tiny-good model=tiny.spin)\}", r"\1 defs=-DN=9 timeout=3600}",
              "time ceiling TIME=1 s, below the 3600 s its block allows; raise it: make ... TIME=3600",
              env={"TIME": "1"}),
    ],
    # Blocks that cannot even start are counted failures naming file and line.
    "blocks": [
        Break("a malformed block is a counted failure: an interactive simulation without its choices",
              r"#tiny-sim model=tiny.spin seed=3", "#tiny-sim model=tiny.spin mode=interactive",
              "a .sim block of mode=interactive needs choices="),
        Break("a malformed block is a counted failure: a model no chapter defines",
              r"#tiny-good model=tiny.spin", "#tiny-good model=nosuch.spin",
              GOOD_LINE + ": model=nosuch.spin is a model no chapter defines"),
        Break("a malformed block is a counted failure: a budget with a unit",
              r"#tiny-good model=tiny.spin", "#tiny-good model=tiny.spin memlim=4G",
              GOOD_LINE + ": memlim=4G must be a whole number"),
        Break("a malformed block is a counted failure: an unknown attribute",
              r"#tiny-good model=tiny.spin", "#tiny-good model=tiny.spin runflag=-m9",
              GOOD_LINE + ": unknown attribute runflag= on a .pan block"),
        Break("a malformed block is a counted failure: an unknown class",
              r"\{\.pan #tiny-good", "{.pann #tiny-good",
              GOOD_LINE + ": unknown block class .pann with attributes"),
        Break("a malformed block is a counted failure: a trail of no run",
              r"\{\.trail run=tiny-racy\}", "{.trail run=tiny-rac}",
              ".trail run=tiny-rac names no .pan run"),
        Break("a malformed block is a counted failure: two runs of one name",
              r"#tiny-racy model=tiny-racy.spin", "#tiny-good model=tiny-racy.spin",
              "a second run named tiny-good (the first is " + GOOD_LINE + ")"),
        Break("a malformed block is a counted failure: a run named like another chapter's",
              r"#tiny-good model=tiny.spin", "#second model=tiny.spin",
              "a second run named second"),
        Break("a malformed block is a counted failure: a sweep without its expect column",
              r"N \| expect \| target", "N | expected | target",
              "sweep tiny-sweep has no column 'expect'"),
        Break("a file pandoc cannot read is a counted failure", r"\A", "---\ntitle: [broken\n---\n",
              FIXTURE + ": pandoc cannot read it: YAML parse exception"),
        # A run that crashes (here run-model.py itself, for one run) leaves
        # its check unrun: the summary counts the verdict that never came.
        Break("a run that crashed before its check is a counted failure, not a gap in the count",
              r"(\n    made = provenance\.provenance\(spec\)\n)",
              r"\1    if rid == 'tiny-good':\n        raise ValueError('a crash')\n",
              "run-tiny-good: no verdict: the check never ran", path="build/pipeline/run-model.py"),
        Break("a derived model whose change does not apply is a counted failure",
              r"^-\tatomic \{ t = n; n = t \+ 1 \}", "-\tatomic { t = n; n = t + 2 }",
              "the change that makes models/tiny-racy.spin from tiny.spin does not apply"),
    ],
    # The liveness runs of chapter 92: each compared field of a liveness
    # report, fair=, a cycle's trail, and the blocks that ask the wrong thing.
    "liveness": [
        LiveBreak("a liveness report with a wrong 'error found' is caught",
                  r"(\{\.pan #live-unfair[^\n]*\n.*?)acceptance cycle \(at(.*?\n```)",
                  r"\1non-progress cycle (at\2", "error found: expected"),
        LiveBreak("a liveness report with a wrong 'cycle search' is caught",
                  r"(\{\.pan #live-fair[^\n]*\n.*?)\(fairness enabled\)(.*?\n```)",
                  r"\1(fairness disabled)\2", "cycle search: expected"),
        LiveBreak("a liveness report with a wrong 'never claim' is caught",
                  r"(\{\.pan #live-np[^\n]*\n.*?)\+ \(:np_:\)(.*?\n```)",
                  r"\1+ (eventually)\2", "never claim: expected"),
        LiveBreak("a liveness block's fair=1 is what makes the search fair",
                  r"(#live-fair model=live.spin ltl=eventually) fair=1", r"\1",
                  "errors: expected '0', got '1'"),
        LiveBreak("a cycle's trail is checked: the start of the cycle in its place",
                  r"(\{\.trail run=live-unfair\}\n)(.*?\n)(  <<<<<START OF CYCLE>>>>>\n)",
                  r"\1\3\2", "trail excerpt line not found"),
        LiveBreak("a liveness block compiled with -DSAFETY is an error saying what to drop",
                  r"(#live-np model=live.spin np=1)", r'\1 cflags="-DSAFETY"',
                  "cannot use a pan compiled with -DSAFETY (pan skips cycles then); drop -DSAFETY"),
        LiveBreak("a liveness switch other than 1 is a malformed block",
                  r"(#live-np model=live.spin) np=1", r"\1 np=yes",
                  "np=yes is a switch: give 1 or leave it out"),
        LiveBreak("ltl= and np= in one block is an error",
                  r"(#live-np model=live.spin np=1)", r"\1 ltl=eventually",
                  "ask for two searches"),
    ],
    # A graded solution is held to its block (fixture chapters/ch93-exercise.md).
    "exercise": [
        ExerciseBreak("exercise: a wrong solution that an answer says passes is a failure",
                      r"(model=ex-tiny-wrong.spin exercise=1 grade=)fail", r"\1pass",
                      "is graded FAIL against exercise 1, and the answer says it must pass"),
        ExerciseBreak("exercise: a line the grader does not print is a failure",
                      r"meets all 2 demands", "meets all 3 demands",
                      "the grader did not print, in this order, the answer's line"),
        ExerciseBreak("exercise: a demand whose bug cannot be put into the file fails the grade",
                      r"s/atomic \{ t = n; n = t \+ 1 \}/", "s/atomic { t = n; n = t + 2 }/",
                      "the lines it changes are gone"),
        ExerciseBreak("exercise: a check that catches nothing is rejected",
                      r"assert\(n == 2\)/\n```", "assert(n >= 0)/\n```",
                      "the check catches a lost increment: pan finds no assertion violated"),
    ],
}


def run_break(proj, fx, case):
    """Apply the break CASE, run its make, put the chapter back; the output."""
    repl = case.repl
    if callable(repl):
        repl = (lambda f: lambda m: f(m, fx))(repl)
    want = case.want.format_map(fx)
    old = edit(proj, case.pattern, repl, path=case.path)
    code, out = make(proj, case.goal, env=case.env)
    open(os.path.join(proj, case.path), "w").write(old)
    ok = code != 0 and want in out and re.search(r"^\d+ passed, [1-9]\d* failed$", out, re.M)
    expect(case.name, ok, f"wanted a counted failure saying {want!r}:\n{out[-1200:]}", (out, want))
    return out


def run_breaks(proj, fx, group):
    for case in BREAKS[group]:
        run_break(proj, fx, case)


# make verify's lines say what happened and what to type: (name,
# build/workbench/verify.py's arguments, environment, exit status, a line it must print).
VERIFY_LINES = [
    ("a missing model is named", ["models/missing.spin"], None, 2,
     "models/missing.spin: no such model file"),
    ("DEFS without -D is named, not blamed on the model", ["models/tiny.spin", "N=2"], None, 2,
     "DEFS word 'N=2' is not a flag: give -DN=2"),
    ("a deadlock's verdict says invalid end state", ["models/stuck.spin"], None, 1,
     "pan found 1 error(s) (invalid end state)"),
    ("a poor bitstate search warns", ["models/tiny.spin", "-DN=5", "-DSAFETY -DBITSTATE", "-w10"], None, 0,
     "warning: an approximate search with hash factor"),
    ("a small VECTORSZ is not an error of the model",
     ["models/tiny.spin", "", "-DSAFETY -DVECTORSZ=4"], None, 2,
     "not an error of the model: compile with a larger vector"),
    ("a non-numeric budget is named", ["models/tiny.spin"], {"MEMLIM": "lots"}, 1,
     "MEMLIM='lots': not a whole number"),
]

# make verify of the workbench: (name, make's arguments, environment, exit
# status (1: pan found an error, 2: refused), lines it must print, text it must not).
WORKBENCH_VERIFY = [
    ("a claim searched in safety mode is not a pass; says what to type",
     ["MODEL=models/cycle.spin", "RUNFLAGS=-N q"], None, 1,
     ["but this was a safety search: the claim q was not checked for acceptance cycles; "
      "to check it, type: make verify MODEL=models/cycle.spin LTL=q"], ["no errors"]),
    ("LTL= finds the acceptance cycle and marks prefix and cycle",
     ["MODEL=models/cycle.spin", "LTL=q"], None, 1,
     ["spin -a cycle.spin; cc -DMEMLIM=4096 -o pan pan.c; timeout 900 ./pan -a -N q", "<<<<<START OF CYCLE>>>>>",
      "--- prefix: step 2, once; cycle: from <<<<<START OF CYCLE>>>>>, step 4, repeated forever",
      "pan found 1 error(s) (acceptance cycle)"], ["-DSAFETY"]),
    ("LTL= FAIR=1 of a formula that holds",
     ["MODEL=models/cycle.spin", "LTL=r", "FAIR=1"], None, 0,
     ["./pan -a -f -N r", "models/cycle.spin: no acceptance cycles of r (under weak "
      "fairness) in"], []),
    ("NP=1 finds the non-progress cycle",
     ["MODEL=models/cycle.spin", "NP=1"], None, 1,
     ["cc -DNP -DMEMLIM=4096 -o pan pan.c; timeout 900 ./pan -l", "(non-progress cycle)"], []),
    ("an unknown formula names the model's formulas",
     ["MODEL=models/cycle.spin", "LTL=nosuch"], None, 2,
     ["cannot find claim 'nosuch'; the model's claims are: q, r"], []),
    ("pan's own reason is quoted when it stops without a report",
     ["MODEL=models/selfloop.spin", "LTL=e"], None, 2,
     ["pan ended with status 1 and no report: error: proctype 'p' line 2, state 2: has "
      "unconditional self-loop"], []),
    ("CFLAGS adds to -DSAFETY rather than replacing it",
     ["MODEL=models/tiny.spin", "CFLAGS=-DCOLLAPSE"], None, 0,
     ["cc -DSAFETY -DCOLLAPSE -DMEMLIM="], []),
    # What is printed is what runs: the memory ceiling compiled in, pan
    # under its time budget.
    ("the command printed is the one that runs, budgets and all",
     ["MODEL=models/tiny.spin", "MEMLIM=300", "TIME=60"], None, 0,
     ["spin -a tiny.spin; cc -DSAFETY -DMEMLIM=300 -o pan pan.c; timeout 60 ./pan\n"], []),
    # -d prints pan's state tables instead of searching: shown, not
    # called a pan that ended with no report.
    ("RUNFLAGS=-d shows what pan prints, the state tables",
     ["MODEL=models/tiny.spin", "RUNFLAGS=-d"], None, 2,
     ["proctype adder", "pan did not search (./pan -d): what it printed is above"],
     ["no report"]),
    # A MEMLIM below what pan allocates before its first state: raising it
    # or a smaller table/stack helps, compression cannot.
    ("a MEMLIM below pan's hash table names the table and what helps",
     ["MODEL=models/tiny.spin", "MEMLIM=64"], None, 2,
     ["search stopped at the memory budget MEMLIM=64 MB: pan cannot allocate its hash table "
      "(-w24: 128 MB) within 64 MB, before storing any state (compression such as -DCOLLAPSE "
      "cannot help); raise it, make ... MEMLIM=129, or give a smaller table (RUNFLAGS=-w20)"],
     ["or compile with -DCOLLAPSE"]),
    ("a MEMLIM below pan's DFS stack names the stack and what helps",
     ["MODEL=models/tiny.spin", "MEMLIM=200", "RUNFLAGS=-m100000000"], None, 2,
     ["pan cannot allocate its DFS stack (-m100000000) within 200 MB",
      "or give a shallower stack (RUNFLAGS=-m10000000)"], ["or compile with -DCOLLAPSE"]),
    ("-DSAFETY with a search for cycles is refused, saying what to drop",
     ["MODEL=models/cycle.spin", "CFLAGS=-DSAFETY", "RUNFLAGS=-a"], None, 2,
     ["drop -DSAFETY from the C flags"], []),
    ("CFLAGS, DEFS, RUNFLAGS of the environment do not reach the run",
     ["MODEL=models/tiny.spin"], {"CFLAGS": "-DBOGUS", "DEFS": "-DN=9", "RUNFLAGS": "-x"}, 0,
     ["spin -a tiny.spin; cc -DSAFETY -DMEMLIM=4096 -o pan pan.c; timeout 900 ./pan\n",
      "make verify: ignored DEFS CFLAGS RUNFLAGS from your environment"], ["BOGUS"]),
]

# The lint sees a finding in each language: (a tool, a line that is a finding there).
LINT_FINDINGS = [
    ("build/pipeline/mkrules.py", "import json\n"),
    ("build/harness/record.sh", "echo $undefined_x\n"),
    ("build/pipeline/extract.lua", "local unused_here = 1\n"),
]

# A model whose ltl formula q fails (x stays 0 forever); r holds.
CYCLE_MODEL = """bit x;
active proctype p() {
	do
	:: x = 0
	:: x = 0; progress: skip
	od
}
ltl q { []<> x }
ltl r { [] (x == 0) }
"""


def perturb(report, key, value):
    """REPORT with the value of field KEY changed."""
    if key == "errors":
        return report.replace(f"errors: {value}", f"errors: {int(value) + 1}", 1)
    if key == "violation":
        return report.replace(value, value.replace("n==2", "n==3"), 1)
    if key == "state_vector":
        return report.replace(f"State-vector {value} byte", f"State-vector {int(value) + 4} byte", 1)
    if key == "depth":
        return report.replace(f"depth reached {value},", f"depth reached {int(value) + 1},", 1)
    if key in ("stored", "matched", "transitions"):
        word = {"stored": "states, stored", "matched": "states, matched"}.get(key, key)
        return re.sub(rf"^(\s*){value} {word}", rf"\g<1>{int(value) + 1} {word}", report,
                      count=1, flags=re.M)
    first = value.splitlines()[0]
    return report.replace(first, first + "x", 1)


def replayed(proj, folder):
    """FOLDER's ran.sh (the commands a tool ran there, build/lib/ranlog.py)
    replayed by hand as make bench-loops does: in a folder of its own
    holding the inputs its first line names.  (its lines, what they
    printed); ([], why) when there is no log to replay."""
    log = os.path.join(proj, folder, "ran.sh")
    if not os.path.isfile(log):
        return [], f"no {folder}/ran.sh"
    lines = open(log).read().splitlines()
    if not lines or not lines[0].startswith("# inputs: "):
        return [], f"{folder}/ran.sh: no inputs line: {lines[:1]}"
    with tempfile.TemporaryDirectory() as hand:
        for name in lines[0][len("# inputs: "):].split():
            shutil.copy(os.path.join(proj, folder, name), hand)
        shutil.copy(log, hand)
        p = subprocess.run(["sh", "./ran.sh"], cwd=hand, capture_output=True, text=True)
    return lines, p.stdout + p.stderr


def baseline(proj):
    """Fill the fixture's expectations from real runs (sweep counts from a
    verify) and see it pass cleanly.  The parts of the blessed fixture the
    cases use."""
    fixture = os.path.join(proj, FIXTURE)
    make(proj, "models")
    for n in ("1", "2", "3"):
        _, out = sh(proj, "build/workbench/verify.py", "models/tiny.spin", f"-DN={n}")
        states = re.search(r"(\d+) states, stored", out).group(1)
        edit(proj, f"TINY{n}", states)
    code, out = make(proj, "bless")
    expect("make bless fills the fixture's reports", code == 0 and "8 block(s) refreshed" in out
           and "tiny-racy: expected output refreshed" in out, out)
    code, out = make(proj, "sweep-tiny-sweep-full")
    expect("a full sweep row is kept with its provenance",
           code == 0 and os.path.exists(os.path.join(proj, "chapters/runs/tiny-sweep-3.from")), out)
    base = open(fixture).read()
    checks = ["models-written", "models-match-chapters", "blocks-ch90-harness", "run-tiny-good", "run-tiny-racy",
              "run-tiny-sweep-1", "run-tiny-sweep-2", "recorded-tiny-sweep-3", "sim-tiny-sim",
              "check-in-ch90-harness-1"]
    code, out = make(proj, "chapter-90")
    passed = re.findall(r"^PASS (\S+)$", out, re.M)
    expect(f"the fixture passes cleanly, each of its {len(checks)} checks",
           code == 0 and sorted(passed) == sorted(checks)
           and f"{len(checks)} passed, 0 failed" in out, f"passed {passed}:\n{out[-1500:]}")
    return {"base": base, "checks": len(checks),
            "racy": re.search(r"\{\.pan #tiny-racy[^\n]*\n(.*?)\n```", base, re.S).group(1),
            "good_body": re.search(r"\{\.pan #tiny-good[^\n]*\n(.*?)\n```", base, re.S).group(1),
            "line": base[:base.index("{.pan #tiny-good")].count("\n") + 1}


def fields_cases(proj, fx):
    """Every field the check compares, perturbed in turn in a report that
    holds it (the racy run's has the error, the good run's the unreached
    lines)."""
    racy, good_body = fx["racy"], fx["good_body"]
    # The fields pan prints that must be compared, listed here and not
    # taken from panreport, so that dropping one there is caught.
    compared = ["errors", "violation", "state_vector", "depth", "stored", "matched",
                "transitions", "unreached"]
    labels = dict(panreport.FIELDS)
    missing = [k for k in compared
               if k not in panreport.parse(racy) and k not in panreport.parse(good_body)]
    expect("the fixture's reports hold every compared field", not missing, f"missing {missing}")
    for key in compared:
        label = labels.get(key, key)
        rid, body = ("tiny-racy", racy) if key in panreport.parse(racy) else ("tiny-good", good_body)
        value = panreport.parse(body).get(key, "")
        new = perturb(body, key, value)
        expect(f"(the perturbed '{label}' parses to another value)",
               panreport.parse(new).get(key) != value and new != body)
        out = run_break(proj, fx, Break(f"a wrong '{label}' is caught",
                                        rf"(\{{\.pan #{rid}[^\n]*\n).*?(\n```)",
                                        lambda m, _, new=new: m.group(1) + new + m.group(2),
                                        f"{label}: expected"))
    fail_line = re.search(r"^  run-tiny-(?:racy|good): (.*)$", out, re.M)
    expect("the failure summary quotes the first cause, not the last line",
           fail_line and "unreached in proctype: expected" in fail_line.group(1),
           fail_line.group(0) if fail_line else out[-600:])
    # Every other line of the report is compared too, but for what
    # panreport.VARYING names: the figures the book quotes beyond the
    # fields above (the error's depth, atomic steps, hash conflicts, -w,
    # memory) were once changed in a chapter and passed.
    for label, pattern in [("the error's depth", r"\(at depth (\d+)\)"),
                           ("atomic steps", r"^\s*(\d+) atomic steps"),
                           ("hash conflicts", r"^hash conflicts:\s+(\d+)"),
                           ("the hash table's -w", r"memory used for hash table \(-w(\d+)\)"),
                           ("the memory used for states", r"^\s*[\d.]+\s+equivalent memory usage"
                            r" for states.*\n\s*(\d)[\d.]*\s+actual memory usage for states")]:
        m = re.search(pattern, racy, re.M)
        expect(f"(the racy run's report shows {label})", m, racy)
        if not m:
            continue
        new = racy[:m.start(1)] + str(int(m.group(1)) + 1) + racy[m.end(1):]
        run_break(proj, fx, Break(f"a wrong report line is caught: {label}",
                                  r"(\{\.pan #tiny-racy[^\n]*\n).*?(\n```)",
                                  lambda mm, _, new=new: mm.group(1) + new + mm.group(2),
                                  "report line "))
    # ... but a time, which no two runs share, is no difference.
    slow = re.sub(r"^pan: elapsed time .*$", "pan: elapsed time 99.5 seconds", racy, flags=re.M)
    old = edit(proj, r"(\{\.pan #tiny-racy[^\n]*\n).*?(\n```)",
               lambda mm: mm.group(1) + slow + mm.group(2))
    code, out = make(proj, "chapter-90")
    open(os.path.join(proj, FIXTURE), "w").write(old)
    expect("a report whose only change is its time still passes (times are named as varying)",
           code == 0 and slow != racy and re.search(r"^\d+ passed, 0 failed$", out, re.M), out[-900:])
    # make bless refreshes a report that differs only in such a line (it
    # once kept the page whenever the compared fields agreed), and keeps
    # one whose only change is its time.
    for what, body, want in (("hash conflicts", re.sub(r"^(hash conflicts:\s+)(\d+)",
                                                       lambda mm: mm.group(1) + str(int(mm.group(2)) + 1),
                                                       racy, count=1, flags=re.M), True),
                             ("time", slow, False)):
        edit(proj, r"(\{\.pan #tiny-racy[^\n]*\n).*?(\n```)", lambda mm, b=body: mm.group(1) + b + mm.group(2))
        code, out = make(proj, "bless")
        blessed = re.search(r"\{\.pan #tiny-racy[^\n]*\n(.*?)\n```", open(os.path.join(proj, FIXTURE)).read(), re.S)
        open(os.path.join(proj, FIXTURE), "w").write(old)
        refreshed = "tiny-racy: expected output refreshed" in out
        expect(f"make bless {'refreshes' if want else 'keeps'} a report whose {what} differs",
               code == 0 and refreshed == want and blessed
               and (blessed.group(1) != body) == want, out[-900:],
               (out, "tiny-racy: expected output refreshed") if want else None)
    make(proj, "models")
    # A figure that varies is quoted only from a report the page shows or
    # one kept: a sweep row's fresh run gives none.
    code, out = sh(proj, "build/book/run-figures.py", "out")
    rows = dict(((r[0], r[1]), r[2]) for r in (l.split("\t") for l in out.splitlines()) if len(r) == 4)
    expect("the book refuses a varying figure of a fresh run (a sweep row's time), not a shown run's",
           rows.get(("tiny-sweep-2", "time"), "").startswith("!time varies from run to run")
           and re.fullmatch(r"[\d.e+]+", rows.get(("tiny-good", "time"), "")),
           out[-900:], (out, "tiny-sweep-2\ttime"))


def incomplete_cases(proj, fx):
    report = re.sub(r"errors: 1", "errors: 0", fx["racy"]) + "\nWarning: Search not completed\n"
    expect("'Search not completed' without an error is not a verdict",
           panreport.incomplete(report, panreport.parse(report)) is not None)


def liveness_cases(proj, fx):
    """The liveness runs of chapter 92: ltl=, fair=, np= blocks, their
    reports compared field by field, a cycle's trail and its timeline."""
    live = open(os.path.join(proj, LIVE)).read()
    checks = ["models-written", "models-match-chapters", "blocks-ch92-liveness", "run-live-unfair",
              "run-live-fair", "run-live-np", "run-live-safety"]
    code, out = make(proj, "chapter-92")
    passed = re.findall(r"^PASS (\S+)$", out, re.M)
    expect(f"the liveness fixture passes cleanly, each of its {len(checks)} checks",
           code == 0 and sorted(passed) == sorted(checks), f"passed {passed}:\n{out[-1500:]}")
    expect("a liveness block runs pan -a -f -N, compiled without -DSAFETY",
           "cflags=\nrunflags=-a -f -N eventually\n" in
           open(os.path.join(proj, "out/runs/live-fair.from")).read(), out[-800:])
    expect("a safety run of a model with a claim says the claim was not checked",
           "live-safety: 6 states, errors: 0, as the chapter says (a safety search: the claim "
           "eventually was not checked for acceptance cycles)" in out, out[-800:],
           (out, "was not checked"))
    reports = {rid: panreport.parse(re.search(rf"\{{\.pan #{rid}[^\n]*\n(.*?)\n```", live, re.S).group(1))
               for rid in ("live-unfair", "live-fair", "live-np")}
    expect("pan's liveness verdicts are read",
           reports["live-unfair"].get("violation") == "acceptance cycle"
           and reports["live-np"].get("violation") == "non-progress cycle"
           and reports["live-np"].get("claim") == ":np_:"
           and reports["live-fair"].get("cycles") == "acceptance cycles + (fairness enabled)",
           str(reports))
    run_breaks(proj, fx, "liveness")
    make(proj, "chapter-92")
    code, html = sh(proj, "build/book/trail-timeline.py", "out/runs/live-unfair.trail")
    rows = re.findall(r'<tr class="([^"]*)"><td[^>]*>([^<]*)</td>', html)
    start = [i for i, (c, _) in enumerate(rows) if c == "cycle-start"]
    expect("the trail's timeline marks where the cycle starts, the prefix unmarked",
           code == 0 and len(start) == 1 and rows[start[0] - 1][0] != "cycle"
           and rows[start[0] + 1][0] == "cycle" and rows[-1][0] == "cycle",
           html[-1200:], (html, "cycle-start"))


def goal_cases(proj, fx):
    """make chapter-NN: the number as the file names it; anything else stops."""
    code, out = make(proj, "chapter-090")
    expect("make chapter-090 runs chapter 90", code == 0 and f"{fx['checks']} passed, 0 failed" in out,
           out[-600:])
    for goal in ("chapter-9x", "chapter-abc"):
        code, out = make(proj, goal)
        expect(f"make {goal} is an error naming the chapters", code == 2 and
               f"make {goal}: '{goal[8:]}' is not a chapter number; type make chapter-N, N one of: 90 91"
               in out and "passed" not in out, out[-600:], (out, "is not a chapter number"))


def recorded_cases(proj, fx):
    """A recorded report is read only against the model and flags it came from."""
    model = os.path.join(proj, "models", "tiny.spin")
    original = open(model).read()
    open(model, "a").write("/* a comment of mine */\n")
    code, out = make(proj, "chapter-90")
    expect("a recorded report from another model fails, saying which target re-runs it",
           code != 0 and "chapters/runs/tiny-sweep-3.out: recorded from a different model/flags "
           "(model-sha256 differs); re-run make sweep-tiny-sweep-full" in out, out[-800:],
           (out, "  recorded-tiny-sweep-3: "))
    reran = re.findall(r"^spin: (\S+)$", out, re.M)
    expect("an edited model re-runs only its own runs, and is kept",
           sorted(reran) == ["tiny-good", "tiny-sweep-1", "tiny-sweep-2"] and "your edit is kept" in out
           and open(model).read().endswith("/* a comment of mine */\n"), f"re-ran {reran}")
    open(model, "w").write(original)
    os.rename(os.path.join(proj, "chapters/runs/tiny-sweep-3.from"), os.path.join(proj, "from"))
    code, out = make(proj, "chapter-90")
    expect("a recorded report without its provenance fails", code != 0 and
           "no chapters/runs/tiny-sweep-3.from" in out, out[-800:], (out, "  recorded-tiny-sweep-3: "))
    os.rename(os.path.join(proj, "from"), os.path.join(proj, "chapters/runs/tiny-sweep-3.from"))


def freshness_cases(proj, fx):
    """Freshness by content: a mutant put in place with an old time is run."""
    model = os.path.join(proj, "models", "tiny.spin")
    make(proj, "chapter-90")
    original = open(model).read()
    mutant = open(os.path.join(proj, "models", "tiny-racy.spin")).read()
    for text, want_fail in ((mutant, True), (original, False)):
        tmp = model + ".new"
        open(tmp, "w").write(text)
        os.utime(tmp, (946684800, 946684800))  # 2000-01-01
        os.replace(tmp, model)
        code, out = make(proj, "chapter-90")
        if want_fail:
            expect("a model replaced by one with an older time is re-run (by content)",
                   code != 0 and "errors: expected '0', got '1'" in out, out[-800:],
                   (out, "errors: expected '0', got '1'"))
        else:
            expect("putting the original back with an old time passes again",
                   code == 0 and "0 failed" in out, out[-800:])
    make(proj, "models", env={"FORCE": "1"})  # the sums again


def concurrency_cases(proj, fx):
    """Two makes at once in one clone, and make -j2 of two chapters."""
    shutil.rmtree(os.path.join(proj, "out", "runs"))
    env = dict(os.environ, OUT="out")
    for k in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "HARNESS_LOCK_HELD"):
        env.pop(k, None)
    procs = [subprocess.Popen(["make", "--no-print-directory", "chapter-90"], cwd=proj, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
             for _ in range(2)]
    outs = [(p.communicate()[0], p.returncode) for p in procs]
    expect("two make chapter-90 at once both pass, each counting each check once",
           all(c == 0 and out.strip().endswith(f"{fx['checks']} passed, 0 failed") for out, c in outs),
           "\n---\n".join(o[-600:] for o, _ in outs), (outs[1][0], "passed, "))
    # A make verify (and a make chapter-91) while another make rewrites
    # the extraction and out/rules.mk, again and again: each works, none
    # says "No rule to make target", the chapter waits its turn.
    # The rewriter adds a run to the fixture and takes it away again, so
    # that every round changes out/rules.mk (a blank line would not), and
    # logs the hash of out/rules.mk after each round: the case counts the
    # rewrites that overlapped the makes under test, since a rewriter
    # that rewrote nothing would prove nothing.
    fixture = os.path.join(proj, FIXTURE)
    base = open(fixture).read()
    extra = os.path.join(proj, "out", "fixture-extra.md")
    open(extra, "w").write(base + "\n```{.pan #tiny-extra model=tiny.spin}\n```\n")
    plain = os.path.join(proj, "out", "fixture-plain.md")
    open(plain, "w").write(base)
    stop = os.path.join(proj, "out", "stop-rewriting")
    hashes = os.path.join(proj, "out", "rules-hashes")
    rewriter = subprocess.Popen(
        ["sh", "-c", f'i=0; : >{hashes}; while [ ! -e "{stop}" ] && [ $i -lt 200 ]; do i=$((i+1)); '
         f'if [ $((i % 2)) -eq 1 ]; then cp {extra} {FIXTURE}; else cp {plain} {FIXTURE}; fi; '
         f'make -s out/rules.mk >/dev/null 2>&1; sha256sum < out/rules.mk >> {hashes}; done'],
        cwd=proj, env=env)
    bad = []
    for i in range(12):
        p = subprocess.run(["make", "--no-print-directory", "-s", "verify", "MODEL=models/tiny.spin"],
                           cwd=proj, env=env, capture_output=True, text=True)
        if p.returncode != 0 or "No rule" in p.stdout + p.stderr:
            bad.append(p.stdout[-300:] + p.stderr[-300:])
        if i == 5:
            p = subprocess.run(["make", "--no-print-directory", "chapter-91"], cwd=proj, env=env,
                               capture_output=True, text=True)
            if p.returncode != 0 or "No rule" in p.stdout + p.stderr:
                bad.append(p.stdout[-600:] + p.stderr[-300:])
    still = rewriter.poll() is None
    open(stop, "w").close()
    rewriter.wait()
    os.remove(stop)
    open(fixture, "w").write(base)
    seen = open(hashes).read().split("\n")
    rewrites = sum(1 for a, b in zip(seen, seen[1:]) if b and a != b)
    print(f"         out/rules.mk rewritten {rewrites} times around 12 make verify and a make chapter-91")
    expect("the rewriter rewrote out/rules.mk again and again, and was still at it when the makes ended",
           still and rewrites >= 4, f"rewrites: {rewrites}, still running: {still}")
    expect("make verify and make chapter-91 beside a make that rewrites out/rules.mk all work",
           not bad, "\n---\n".join(bad))
    # A recipe that fails while make remakes out/rules.mk is told as
    # itself.  With "-include", GNU make 4.3 said instead "No rule to
    # make target 'out/rules.mk', needed by 'chapter-90'" (or, when the
    # extraction or the old deps step failed on the way, the same of
    # that file), which is what a second make saw when the first one
    # held what it needed.
    mkrules = os.path.join(proj, "build", "pipeline", "mkrules.py")
    real = open(mkrules).read()
    open(mkrules, "w").write("#!/usr/bin/python3\nimport sys\n"
                             "sys.exit('mkrules: a stand-in that fails, for the self-test')\n")
    open(fixture, "a").write("\nA paragraph added so that out/rules.mk is made again.\n")
    code, out = make(proj, "chapter-90")
    open(mkrules, "w").write(real)
    open(fixture, "w").write(base)
    expect("a failure while out/rules.mk is remade is told as itself, not as 'No rule to make target'",
           code != 0 and "a stand-in that fails" in out and "No rule to make target" not in out,
           out[-600:], (out, "a stand-in that fails"))
    code, out = make(proj, "-j2", "chapter-90", "chapter-91")
    lines = re.findall(r"^\d+ passed, \d+ failed$", out, re.M)
    expect("make -j2 chapter-90 chapter-91 counts each chapter once",
           code == 0 and sorted(lines) == sorted([f"{fx['checks']} passed, 0 failed",
                                                  "4 passed, 0 failed"]), out[-1200:],
           (out, "4 passed"))


def owner_cases(proj, fx):
    """Files of another owner (a make run as root) stop make with the fix."""
    code, out = make(proj, "chapter-90", env={"HARNESS_UID": str(os.getuid() + 1)})
    expect("files left by root stop make with the command that gives them back",
           code == 2 and "not to you (left by a make run as root, e.g. sudo make); give the "
           "files back with: sudo chown -R" in out and "Permission denied" not in out, out[-600:],
           (out, "sudo chown"))


def edit_cases(proj, fx):
    """A reader's edit: never overwritten, never blessed, kept through clean."""
    fixture = os.path.join(proj, FIXTURE)
    model = os.path.join(proj, "models", "tiny.spin")
    original = open(model).read()
    open(model, "a").write("/* my change */\n")
    code, out = make(proj, "bless")
    expect("make bless refuses while a model holds an edit",
           code != 0 and "make bless: models/tiny.spin holds an edit of yours" in out
           and open(fixture).read() == fx["base"], out[-600:], (out, "make bless: "))
    edit(proj, r"byte done = 0;", "byte done = 0;\t/* completed adders */")
    code, out = make(proj, "models")
    kept = open(model).read().endswith("/* my change */\n")
    expect("make models refuses to overwrite a reader's edit",
           code != 0 and kept and "models/tiny.spin has edits of yours" in out and "FORCE=1" in out, out)
    code, out = sh(proj, "build/pipeline/sync-models.py", "--check")
    expect("a model that differs from its chapter is reported",
           code != 0 and f"models/tiny.spin differs from the model in {FIXTURE}" in out, out)
    code, out = make(proj, "models", env={"FORCE": "1"})
    saved_dir = os.path.join(proj, "out", "saved")
    saved = os.listdir(saved_dir) if os.path.isdir(saved_dir) else []
    expect("FORCE=1 takes the chapter's model and keeps a copy of the edit",
           code == 0 and "completed adders" in open(model).read() and saved
           and open(os.path.join(saved_dir, saved[0])).read() == original + "/* my change */\n", out)
    code, out = make(proj, "clean")
    expect("make clean keeps the saved edits",
           code == 0 and os.listdir(saved_dir) == saved and not os.path.exists(
               os.path.join(proj, "out", "runs")) and "kept out/saved/" in out, out, (out, "kept out/saved/"))
    open(fixture, "w").write(fx["base"])


def verify_cases(proj, fx):
    """make verify's lines (VERIFY_LINES)."""
    open(os.path.join(proj, "models", "stuck.spin"), "w").write(
        "byte x;\nactive proctype p() { x == 1 }\n")
    for name, args, env, code_want, want in VERIFY_LINES:
        code, out = sh(proj, "build/workbench/verify.py", *args, env=env)
        expect(f"verify: {name}", code == code_want and want in out and "Traceback" not in out,
               f"exit {code}:\n{out[-600:]}", (out, want))


def verify_depth_cases(proj, fx):
    """A search cut at its depth suggests the -m the book's own runs of
    that model use, when that is more than ten times the one given."""
    edit(proj, r"\{\.pan #tiny-good model=tiny.spin\}", "{.pan #tiny-good model=tiny.spin runflags=-m5000}")
    make(proj, "models")
    code, out = sh(proj, "build/workbench/verify.py", "models/tiny.spin", "", "", "-m3")
    open(os.path.join(proj, FIXTURE), "w").write(fx["base"])
    make(proj, "models")
    expect("verify: a search cut at its depth suggests the book's own -m for that model",
           code == 1 and "raise it, e.g. RUNFLAGS=-m5000" in out, f"exit {code}:\n{out[-600:]}",
           (out, "RUNFLAGS=-m5000"))


def exercise_cases(proj, fx):
    """A graded solution is held to its block, and make exercise-N grades
    the reader's file (fixture chapters/ch93-exercise.md)."""
    want = ["models-written", "models-match-chapters", "blocks-ch93-exercise",
            "grade-ex-tiny-solution", "grade-ex-tiny-wrong", "grade-ex-tiny2-solution",
            "grade-ex-tiny2-comment", "grade-ex-tiny3-solution", "grade-ex-tiny3-weak"]
    code, out = make(proj, "chapter-93")
    passed = re.findall(r"^PASS (\S+)$", out, re.M)
    expect("exercise: a solution that meets the demands and a wrong one that is rejected both pass",
           code == 0 and sorted(passed) == sorted(want), f"passed {passed}:\n{out[-1200:]}")
    # A weakened assertion with the given one left in a comment passed
    # require= when it read the comments too; a weakened proctype where
    # the exercise keeps it as given passed when nothing compared it.
    expect("exercise: an assertion kept only in a comment does not meet require=",
           "PASS grade-ex-tiny2-comment" in out, out[-1200:], (out, "ex-tiny2-comment.spin: graded"))
    expect("exercise: a proctype changed where as-given= keeps it is rejected",
           "PASS grade-ex-tiny3-weak" in out, out[-1200:], (out, "ex-tiny3-weak.spin: graded"))
    # The grader's searches leave the commands they ran too, replayed by
    # hand to pan's report.
    runs = sorted(glob.glob(os.path.join(proj, "out", "grade", "exercise-*", "*", "run-*")))
    lines, said = replayed(proj, os.path.relpath(runs[0], proj)) if runs else ([], "no grader run folder")
    expect("ran.sh: a grader's search leaves the commands it ran, which replay to pan's report",
           [line.split()[:1] for line in lines[1:3]] == [["spin"], ["cc"]] and "State-vector" in said,
           f"{runs[:1]} {lines}\n{said[-600:]}")
    # A grader that stops on an error of its own is no grade, never a
    # wrong solution's expected fail.
    tool = os.path.join(proj, "build", "workbench", "grade.py")
    kept = open(tool).read()
    open(tool, "w").write(kept.replace("def run_demand(n, k, d, path, text):\n",
                                       "def run_demand(n, k, d, path, text):\n    raise RuntimeError('planted')\n", 1))
    code, out = sh(proj, "build/workbench/grade.py", "--check", "out/extract/ch93-exercise/graded.ex-tiny-wrong.spin")
    open(tool, "w").write(kept)
    expect("exercise: a grader that stops on an error is no grade, not the fail a wrong solution wants",
           code != 0 and "could not be graded (the grader stopped)" in out and "planted" in out,
           out[-800:], (out, "could not be graded"))
    # The student's file is theirs: an exercise in progress is said to be
    # one, not a model to copy into the chapter; an edit of any other
    # model (a solution) still fails the check.
    mine = os.path.join(proj, "models", "ex-tiny.spin")
    given = open(mine).read()
    open(mine, "w").write(given.replace("skip\t/* check here */", "assert(n == 2)"))
    code, out = make(proj, "chapter-93")
    expect("exercise: a student's exercise file in progress is reported as such, not as a failure",
           code == 0 and "models/ex-tiny.spin: exercise 1 in progress" in out
           and "copy it into the chapter" not in out and re.search(r"^\d+ passed, 0 failed$", out, re.M),
           out[-1200:], (out, "in progress"))
    solution = os.path.join(proj, "models", "ex-tiny-solution.spin")
    theirs = open(solution).read()
    open(solution, "a").write("/* edited */\n")
    code, out = make(proj, "chapter-93")
    open(mine, "w").write(given)
    open(solution, "w").write(theirs)
    expect("exercise: an edit of a solution (not the student's file) still fails models-match-chapters",
           code != 0 and "models/ex-tiny-solution.spin differs from the model in" in out
           and re.search(r"^\d+ passed, [1-9]\d* failed$", out, re.M), out[-1200:],
           (out, "ex-tiny-solution.spin differs"))
    run_breaks(proj, fx, "exercise")
    code, out = make(proj, "exercise-1")
    expect("exercise: make exercise-N grades the reader's starting file and says what to try",
           code != 0 and "NOT MET exercise 1: models/ex-tiny.spin: the check catches a lost increment" in out
           and "assert that every increment counted" in out, out[-800:], (out, "NOT MET exercise 1"))
    code, out = make(proj, "exercise-7")
    expect("exercise: an exercise that does not exist is named as such",
           code != 0 and "there is no exercise 7" in out and "Traceback" not in out, out[-600:],
           (out, "there is no exercise 7"))


def cached_cases(proj, fx):
    """build/harness/cached.sh keeps a pass, never a failure, and sees a
    changed input by its content, even put back with an old time."""
    inp = os.path.join(proj, "cached-input")
    open(inp, "w").write("one\n")
    runs = os.path.join(proj, "cached-runs")
    cmd = ["build/harness/cached.sh", "t", "cached-input", "--", "sh", "-c",
           'echo ran >> cached-runs; grep -q one cached-input']
    sh(proj, *cmd)
    code, out = sh(proj, *cmd)
    expect("cached: a pass on the same inputs is not run again, and says so",
           code == 0 and "passed before on these same inputs" in out
           and open(runs).read() == "ran\n", out, (out, "passed before"))
    open(inp, "w").write("two\n")
    os.utime(inp, (946684800, 946684800))
    code, out = sh(proj, *cmd)
    expect("cached: a changed input (with an old time) runs the command again",
           code != 0 and open(runs).read() == "ran\nran\n", out)
    code, out = sh(proj, *cmd)
    expect("cached: a failure is never kept",
           code != 0 and open(runs).read() == "ran\nran\nran\n", out)


def loops_cases(proj, fx):
    """The fast loop's tools: record.sh quiet (a pass prints nothing, a
    failure its whole log), cached.sh over a folder and with an output
    it writes (-o), runstore.keep leaving a report that differs only in
    its varying line as it was, hash-sources.py
    seeing a changed file by content, chapter-sources.py following the
    models a chapter runs to the sources that define them."""
    results_dir = os.path.join(proj, "out", "results")
    os.makedirs(results_dir, exist_ok=True)
    quiet = {"RECORD_QUIET": os.path.realpath(results_dir)}
    code, out = sh(proj, "build/harness/record.sh", "loop-pass", "--", "sh", "-c", "echo said-on-pass",
                   env=quiet)
    expect("record: under make check a pass prints nothing, and keeps its log and seconds",
           code == 0 and out == "" and os.path.exists(os.path.join(results_dir, "loop-pass.pass"))
           and re.fullmatch(r"\d+\.\d\d\n", open(os.path.join(results_dir, "loop-pass.secs")).read()), out)
    code, out = sh(proj, "build/harness/record.sh", "loop-fail", "--", "sh", "-c",
                   "echo first-cause; seq 1 300; echo last-line; exit 3", env=quiet)
    lines = out.splitlines()
    expect("record: under make check a failure prints its whole log, then FAIL NAME",
           code == 3 and lines[:1] == ["first-cause"] and "last-line" in lines and len(lines) == 303
           and lines[-1] == "FAIL loop-fail", out[-600:], (out, "FAIL loop-fail"))
    code, out = sh(proj, "build/harness/record.sh", "loop-pass", "--", "sh", "-c", "echo said-on-pass",
                   env={"RECORD_QUIET": "/elsewhere/results"})
    expect("record: V=1 (or another clone's results) shows the output and PASS NAME",
           code == 0 and out == "said-on-pass\nPASS loop-pass\n", out)
    # A failed self-test is quoted by its wrong verdict, not by an "ok:"
    # line that quotes a failure it wanted.
    sh(proj, "build/harness/record.sh", "loop-selftest", "--", "sh", "-c",
       "echo \"ok: a: fail, with 'the error it wanted'\"; echo 'WRONG: b: passes, must fail'; exit 1", env=quiet)
    code, out = sh(proj, "build/harness/summary.sh")
    expect("summary: a failed self-test is quoted by its WRONG line",
           re.search(r"^  loop-selftest: WRONG: b: passes, must fail$", out, re.M), out[-600:])

    # cached.sh over a folder: a kept log changed (with an old time), or
    # one added, runs the command again.
    os.makedirs(os.path.join(proj, "loop-logs"), exist_ok=True)
    log = os.path.join(proj, "loop-logs", "a.log")
    open(log, "w").write("boot one\n")
    cmd = ["build/harness/cached.sh", "loop", "loop-logs", "--", "sh", "-c", "echo ran >> loop-runs"]
    sh(proj, *cmd)
    sh(proj, *cmd)
    runs = os.path.join(proj, "loop-runs")
    once = open(runs).read() == "ran\n"
    open(log, "w").write("boot two\n")
    os.utime(log, (946684800, 946684800))
    sh(proj, *cmd)
    expect("cached: a changed file in a folder it reads (with an old time) runs the command again",
           once and open(runs).read() == "ran\nran\n", open(runs).read())
    open(os.path.join(proj, "loop-logs", "b.log"), "w").write("boot three\n")
    sh(proj, *cmd)
    expect("cached: a file added to a folder it reads runs the command again",
           open(runs).read() == "ran\nran\nran\n", open(runs).read())

    # hash-sources.py: a changed file's hash rewritten (with an old time
    # put on the file), an unchanged one's left as it was, a removed one
    # "missing", a file under OUT left to make.
    for name, text in (("loop-a.txt", "a\n"), ("loop-b.txt", "b\n"), ("loop-c.txt", "c\n")):
        open(os.path.join(proj, name), "w").write(text)
    make(proj, "out/sha/loop-a.txt", "out/sha/loop-b.txt", "out/sha/loop-c.txt")
    sha = os.path.join(proj, "out", "sha")
    for name in ("loop-a.txt", "loop-b.txt", "loop-c.txt"):
        os.utime(os.path.join(sha, name), (946684800, 946684800))
    open(os.path.join(proj, "loop-a.txt"), "w").write("a, changed\n")
    os.utime(os.path.join(proj, "loop-a.txt"), (946684800, 946684800))
    os.remove(os.path.join(proj, "loop-c.txt"))
    os.makedirs(os.path.join(sha, "out"), exist_ok=True)
    open(os.path.join(sha, "out", "loop-made"), "w").write("kept\n")
    code, out = sh(proj, "build/harness/hash-sources.py", "out")
    want_a = hashlib.sha256(b"a, changed\n").hexdigest() + "  -\n"
    expect("hash-sources: a file changed (with an old time) gets its new hash, and a new time",
           code == 0 and open(os.path.join(sha, "loop-a.txt")).read() == want_a
           and os.path.getmtime(os.path.join(sha, "loop-a.txt")) > 946684800, out)
    expect("hash-sources: an unchanged file's hash is not rewritten (its time stays)",
           os.path.getmtime(os.path.join(sha, "loop-b.txt")) == 946684800, out)
    expect("hash-sources: a removed file's hash says missing",
           open(os.path.join(sha, "loop-c.txt")).read() == "missing\n", out)
    expect("hash-sources: a file under OUT is left to make (hashed when made)",
           open(os.path.join(sha, "out", "loop-made")).read() == "kept\n", out)

    # ran.sh: each run leaves the exact commands it ran beside its output
    # (build/lib/ranlog.py); replayed by hand, they print its report (the
    # states it stored) and its trail.  make bench-loops replays these.
    # (the groups before may have left either run out of date: make them)
    make(proj, "out/runs/tiny-racy.out", "out/runs/tiny-sweep-1.out")
    for rid in ("tiny-racy", "tiny-sweep-1"):
        lines, said = replayed(proj, os.path.join("out", "work", rid))
        report = open(os.path.join(proj, "out", "runs", rid + ".out")).read()
        stored = re.search(r"(\d+) states, stored", report)
        again = re.search(r"(\d+) states, stored", said)
        words = [line.split()[:1] for line in lines[1:]]
        expect(f"ran.sh: run {rid}'s commands (spin -a, cc, ./pan), replayed by hand, store its states",
               words[:2] == [["spin"], ["cc"]] and any("./pan" in line for line in lines)
               and stored and again and again.group(1) == stored.group(1), f"{lines}\n{said[-600:]}")
    lines, said = replayed(proj, os.path.join("out", "work", "tiny-racy"))
    expect("ran.sh: the trail's replay (spin -t -p) is among the commands, and prints the violation",
           any(re.match(r"spin .*-t ", line) for line in lines) and said.count("assertion violated") >= 2,
           f"{lines}\n{said[-600:]}")

    # A run's comparison with its chapter is kept (RUNS_DIR/ID.pass): a
    # second make compares nothing (no record.sh, no Python) and still
    # files the pass; a changed check-run.py, or a chapter that now says
    # something else, compares again.
    res = os.path.join(proj, "out", "results", "run-tiny-racy.pass")
    make(proj, "check-run-tiny-racy")
    if os.path.exists(res):
        os.remove(res)
    code, out = make(proj, "check-run-tiny-racy")
    expect("loops: a run's comparison passed before is not made again, and its pass is filed",
           code == 0 and "PASS run-tiny-racy" not in out and os.path.exists(res), out[-600:])
    tool = os.path.join(proj, "build", "pipeline", "check-run.py")
    code_text = open(tool).read()
    open(tool, "a").write("# changed\n")
    code, out = make(proj, "check-run-tiny-racy")
    open(tool, "w").write(code_text)
    expect("loops: a changed check-run.py compares the run again",
           code == 0 and "PASS run-tiny-racy" in out, out[-600:])
    make(proj, "check-run-tiny-racy")  # (the tool put back is a change too)
    # (one figure of its report changed in place: the run's flags, its
    # line included, stay as they were)
    saved = edit(proj, r"(\{\.pan #tiny-racy[^\n]*\n(?:(?!```).)*?\s)(\d+)( transitions)",
                 lambda m: m.group(1) + str(int(m.group(2)) + 1) + m.group(3))
    code, out = make(proj, "check-run-tiny-racy")
    open(os.path.join(proj, FIXTURE), "w").write(saved)
    expect("loops: a chapter that now expects another report compares the run again (and fails)",
           code != 0 and "transitions: expected" in out, out[-600:], (out, "transitions: expected"))
    make(proj, "check-run-tiny-racy")

    # A make that changed nothing does nothing: cached.sh keeps a pass
    # with the output (-o) the command wrote, so a second run is not run
    # again for having written it; an output deleted since, or a changed
    # input, runs it again.
    open(os.path.join(proj, "loop-in"), "w").write("in one\n")
    ocmd = ["build/harness/cached.sh", "loop-o", "loop-in", "-o", "loop-made.md", "--", "sh", "-c",
            "echo ran >> loop-o-runs; cat loop-in > loop-made.md"]
    oruns = os.path.join(proj, "loop-o-runs")
    sh(proj, *ocmd)
    code, out = sh(proj, *ocmd)
    expect("cached -o: a second run, its output as the first left it, is not run again",
           code == 0 and "passed before" in out and open(oruns).read() == "ran\n", out,
           (out, "passed before"))
    os.remove(os.path.join(proj, "loop-made.md"))
    sh(proj, *ocmd)
    expect("cached -o: an output deleted since runs the command again",
           open(oruns).read() == "ran\nran\n" and os.path.exists(os.path.join(proj, "loop-made.md")),
           open(oruns).read())
    open(os.path.join(proj, "loop-in"), "w").write("in two\n")
    sh(proj, *ocmd)
    expect("cached -o: a changed input runs the command again",
           open(oruns).read() == "ran\nran\nran\n", open(oruns).read())

    # runstore.keep: a tool's report rewritten with the same content but
    # for its varying line (herd7's Time) is left as it was, time stamp
    # included, so that the book made from it is not made again; a
    # report that differs otherwise is written.
    rep = os.path.join(proj, "loop-herd.out")
    keep = ("from build.lib import runstore; import sys; "
            "print(runstore.keep('loop-herd.out', sys.argv[1], varying=r'Time \\S+ [0-9.]+$'))")
    open(rep, "w").write("Test T Allowed\nObservation T Never 0 10\nTime T 0.12\n")
    os.utime(rep, (946684800, 946684800))
    code, out = sh(proj, "python3", "-c", keep, "Test T Allowed\nObservation T Never 0 10\nTime T 0.31\n")
    expect("keep: a report the same but for its time is left as it was (its time stamp too)",
           code == 0 and out == "False\n" and os.path.getmtime(rep) == 946684800
           and "0.12" in open(rep).read(), out)
    code, out = sh(proj, "python3", "-c", keep, "Test T Allowed\nObservation T Sometimes 1 9\nTime T 0.31\n")
    expect("keep: a report that differs beyond its time is written",
           code == 0 and out == "True\n" and "Sometimes 1 9" in open(rep).read(), out)

    # chapter-sources.py: chapter 96 runs a model chapter 95 derives from
    # one chapter 97 defines; chapter 98 is unrelated.
    docs = {
        "chapters/ch95-derives.md": "```{.derive file=loop-d.spin from=loop-base.spin}\n```\n",
        "chapters/ch96-runs.md": "```{.pan #loop-run model=loop-d.spin}\n```\n",
        "chapters/ch97-defines.md": "```{.promela file=loop-base.spin}\n```\n",
        "chapters/ch98-other.md": "```{.promela file=loop-other.spin}\n```\n",
        "quizzes/ch96-ex1.md": "An answer.\n",
    }
    for path, text in docs.items():
        open(os.path.join(proj, path), "w").write(text)
    code, out = sh(proj, "build/harness/chapter-sources.py", "96")
    for path in docs:
        os.remove(os.path.join(proj, path))
    expect("chapter-sources: a chapter's own source, its answers, and every source its models come from",
           code == 0 and out.split() == ["chapters/ch95-derives.md", "chapters/ch96-runs.md",
                                         "chapters/ch97-defines.md", "quizzes/ch96-ex1.md"], out)


def interrupt_cases(proj, fx):
    """Ctrl-C during a search: one line, no traceback."""
    env = dict(os.environ, OUT="out")
    # As a reader's Ctrl-C at a terminal: SIGINT at its default, even when
    # this self-test runs where it is ignored (a background job of a shell
    # without job control), which the search would inherit and so never end.
    p = subprocess.Popen(["build/workbench/verify.py", "models/tiny.spin", "-DN=9"], cwd=proj, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        p.wait(timeout=3)
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGINT)
    out = p.communicate()[0]
    expect("verify: Ctrl-C ends in one line, not a traceback",
           p.returncode != 0 and "interrupted" in out and "Traceback" not in out,
           f"exit {p.returncode}:\n{out[-600:]}", (out, "interrupted"))


def lint_cases(proj, fx):
    """The lint sees a finding in each language (LINT_FINDINGS)."""
    for path, line in LINT_FINDINGS:
        old = open(os.path.join(proj, path)).read()
        open(os.path.join(proj, path), "a").write(line)
        code, out = sh(proj, "build/tests/lint.sh")
        open(os.path.join(proj, path), "w").write(old)
        expect(f"the lint fails on a finding in {path}", code != 0 and path in out, out[-600:],
               (out, path))


def format_doc_cases(proj, fx):
    code, out = sh(proj, "build/pipeline/format-doc.py", "--check")
    expect("build/README.md shows the format as build/pipeline/format.tsv defines it", code == 0, out)
    old = edit(proj, r"`cflags=`", "`cflag=`", path="build/README.md")
    code, out = sh(proj, "build/pipeline/format-doc.py", "--check")
    open(os.path.join(proj, "build/README.md"), "w").write(old)
    expect("a README that drifted from build/pipeline/format.tsv is caught", code != 0 and
           "build/README.md" in out, out, (out, "build/README.md"))


def workbench_cases(proj, fx):
    """make verify (liveness, flags added to the defaults, the
    environment: WORKBENCH_VERIFY), simulate, replay, interactive, list
    and the index."""
    open(os.path.join(proj, "models", "cycle.spin"), "w").write(CYCLE_MODEL)
    open(os.path.join(proj, "models", "selfloop.spin"), "w").write(
        "bit y;\nactive proctype p() { do :: skip od }\nltl e { <> y }\n")
    for name, args, env, code_want, wants, unwanted in WORKBENCH_VERIFY:
        code, out = make(proj, "-s", "verify", *args, env=env)
        code = code and (1 if "Error 1" in out else 2)  # make's own status is 2
        bad = [w for w in wants if w not in out] + [u for u in unwanted if u in out]
        expect(f"make verify: {name}", code == code_want and not bad and "Traceback" not in out,
               f"exit {code}, wanted {code_want}; {bad}:\n{out[-900:]}", (out, wants[-1][-40:]))

    # simulate: a seed and a step limit, repeatable.
    code, out = make(proj, "-s", "simulate", "MODEL=models/tiny.spin", "SEED=3", "STEPS=5")
    code2, out2 = make(proj, "-s", "simulate", "MODEL=models/tiny.spin", "SEED=3", "STEPS=5")
    expect("make simulate: a seeded run with a step limit, the same run again",
           code == 0 and out == out2 and "$ spin -p -u5 -n3 tiny.spin" in out
           and "depth-limit (-u5 steps) reached" in out and "the same run again: make simulate "
           "MODEL=models/tiny.spin SEED=3 STEPS=5" in out, out[-900:], (out, "the same run again"))
    code, out = make(proj, "-s", "simulate", "MODEL=models/tiny.spin", "SIMFLAGS=-g")
    expect("make simulate: without SEED, Spin chooses the seed, which is printed",
           code == 0 and re.search(r"with seed \d+ \(chosen by Spin\)", out)
           and "$ spin -p -u1000 -h -g tiny.spin" in out, out[-900:],
           (out, "chosen by Spin"))
    code, out = make(proj, "-s", "simulate", "MODEL=models/tiny-racy.spin", "SEED=7", "STEPS=50")
    expect("make simulate: a run that violates an assertion says so",
           code != 0 and "this run violates an assertion; make verify MODEL=models/tiny-racy.spin"
           in out, out[-900:], (out, "violates"))

    # replay: the trail of make verify, or of a chapter's run.
    make(proj, "-s", "verify", "MODEL=models/tiny-racy.spin")
    code, out = make(proj, "-s", "replay", "MODEL=models/tiny-racy.spin")
    expect("make replay: the trail of make verify, with globals, locals, messages",
           code == 0 and "$ spin -t -p -g -l -s -r tiny-racy.spin" in out
           and "assert((n==2))" in out and re.search(r"adder\(\d\):t = \d", out)
           and re.search(r"--- replayed out/verify/tiny-racy\.spin-[0-9a-f]{10}/tiny-racy\.spin\.trail", out),
           out[-900:], (out, "--- replayed"))
    # A model of the same name elsewhere keeps a search of its own: its
    # trail is never replayed for models/tiny-racy.spin.
    os.makedirs(os.path.join(proj, "elsewhere"), exist_ok=True)
    shutil.copy(os.path.join(proj, "models", "tiny-racy.spin"), os.path.join(proj, "elsewhere"))
    make(proj, "-s", "verify", "MODEL=elsewhere/tiny-racy.spin")
    code, out = make(proj, "-s", "replay", "MODEL=models/tiny-racy.spin")
    expect("make replay: two models of one name keep their own trails",
           code == 0 and "has changed since the trail was made" not in out
           and re.search(r"--- replayed out/verify/tiny-racy\.spin-[0-9a-f]{10}/", out)
           and "elsewhere" not in out, out[-900:], (out, "--- replayed"))
    shutil.rmtree(os.path.join(proj, "elsewhere"))
    # A model spin cannot read is named as such, not as a violated assertion.
    with open(os.path.join(proj, "models", "tiny-syntax.spin"), "w") as f:
        f.write("active proctype p() { int x; x = ; }\n")
    code, out = make(proj, "-s", "simulate", "MODEL=models/tiny-syntax.spin", "SEED=1")
    os.remove(os.path.join(proj, "models", "tiny-syntax.spin"))
    expect("make simulate: a syntax error is named as spin rejecting the model",
           code != 0 and "spin rejects the model" in out and "syntax error" in out
           and "violates an assertion" not in out, out[-900:], (out, "rejects"))
    for goal, want in (("exercise-", "give the exercise's number"), ("chapter-", "give the chapter's number")):
        code, out = make(proj, goal)
        expect(f"make {goal} says what to type", code != 0 and want in out and ".o" not in out,
               out[-600:], (out, want))
    make(proj, "chapter-92")
    code, out = make(proj, "-s", "replay", "RUN=live-unfair")
    expect("make replay RUN=id: a chapter's cycle trail, prefix and cycle marked",
           code == 0 and "<<<<<START OF CYCLE>>>>>" in out and "prefix: step 2, once; cycle: "
           "from <<<<<START OF CYCLE>>>>>, steps 4 to 6, repeated forever" in out,
           out[-900:], (out, "prefix: "))
    code, out = make(proj, "-s", "replay", "MODEL=models/tiny.spin")
    expect("make replay: no trail is one line saying what to run",
           code != 0 and "no trail to replay" in out and "make verify MODEL=models/tiny.spin first"
           in out and "Traceback" not in out, out[-600:], (out, "no trail"))
    e = dict(os.environ, OUT="out")
    for k in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS"):
        e.pop(k, None)
    try:
        p = subprocess.run(["make", "-s", "interactive", "MODEL=models/cycle.spin"], cwd=proj,
                           env=e, input="1\n2\nq\n", capture_output=True, text=True, timeout=60)
        out = p.stdout + p.stderr
    except subprocess.TimeoutExpired as t:
        out = f"still running after 60 s, asking nothing: {t.output!r:.600}"
    expect("make interactive: spin -i asks for each choice",
           "$ spin -i -p -g cycle.spin" in out and out.count("Select [0-2]") >= 3, out[-900:],
           (out, "spin -i"))

    # make list and models/README.md.
    code, out = make(proj, "-s", "list")
    expect("make list: each model, its chapter, its base and its -D parameters",
           code == 0 and re.search(r"^tiny-racy\.spin\s+ch90-harness\.md\s+tiny\.spin\s+N=2$",
                                   out, re.M) and re.search(r"^live\.spin\s+ch92-liveness\.md\s+-", out, re.M),
           out[-900:], (out, "tiny-racy.spin"))
    code, out = make(proj, "-s", "models-index")
    code, out = make(proj, "-s", "check-models-index")
    expect("models/README.md as make models-index writes it passes", code == 0
           and "PASS models-index" in out, out[-600:])
    old = edit(proj, r"#define N 2", "#define N 3")
    make(proj, "-s", "models", env={"FORCE": "1"})
    code, out = make(proj, "-s", "check-models-index")
    open(os.path.join(proj, FIXTURE), "w").write(old)
    make(proj, "-s", "models", env={"FORCE": "1"})
    expect("a models/README.md that differs from the chapters fails the check",
           code != 0 and "models/README.md differs from the chapters' models; run make "
           "models-index" in out, out[-600:], (out, "models/README.md differs"))
    code, out = make(proj, "help")
    expect("make help lists the workbench's targets", all(
        re.search(rf"^  {t} ", out, re.M) for t in ("verify", "simulate", "replay", "interactive",
                                                     "list", "models-index")), out)


# One meaning for C flags (build/lib/searchflags.py's pan_cflags): a
# block's cflags= and make verify's CFLAGS= are added to the search's own
# flags, the ones they lack put first, so that flags naming them compile as
# written.  (the flags given, ltl=, the cc line the book's command and make
# verify must both show.)
CFLAGS_CASES = [
    ("-DCOLLAPSE", "", "cc -DSAFETY -DCOLLAPSE "),
    ("-O2 -DSAFETY -DCOLLAPSE", "", "cc -O2 -DSAFETY -DCOLLAPSE "),
    ("-DSAFETY -DBFS", "", "cc -DSAFETY -DBFS "),
    ("-O2", "q", "cc -O2 "),
]


def cflags_cases(proj, fx):
    """cflags= and CFLAGS= mean one thing: the command the book shows for a
    block (build/book/search-command.py, from the flags file the extractor
    writes) and make verify's printed command compile pan alike."""
    d = os.path.join(proj, "out", "cflags-cases")
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "cycle.spin"), "w").write(CYCLE_MODEL)
    for i, (given, ltl, want) in enumerate(CFLAGS_CASES):
        model = "models/tiny.spin" if not ltl else "out/cflags-cases/cycle.spin"
        flags = os.path.join(d, f"run.cf{i}.flags")
        open(flags, "w").write(f"chapter=x\nid=cf{i}\nmodel={model}\ndefs=\ncflags={given}\n"
                               f"runflags=\nltl={ltl}\nfair=\nnp=\ntimeout=\nmemlim=\n")
        code, book = sh(proj, "build/book/search-command.py", flags)
        code2, verify = sh(proj, "build/workbench/verify.py", model, "", given, "",
                           *([f"ltl={ltl}"] if ltl else []))
        cc = re.search(r"; (cc [^;]*?)(?:-DMEMLIM=\d+ )?-o pan", verify)
        expect(f"cflags: {given!r}{' (ltl=' + ltl + ')' if ltl else ''} compiles as {want.strip()!r}, "
               "in a block and in make verify alike",
               code == 0 and f"; {want}-o pan pan.c" in book and cc and cc.group(1) == want,
               f"the book shows {book.strip()!r}; make verify ran "
               f"{cc.group(1) if cc else verify[-400:]!r}", (book, "cc "))


# Every group of cases after the baseline, in the order they run: (name,
# function of the scratch project and the fixture's parts).
GROUPS = [
    ("fields", fields_cases),
    ("reports", lambda proj, fx: run_breaks(proj, fx, "reports")),
    ("incomplete", incomplete_cases),
    ("budgets", lambda proj, fx: run_breaks(proj, fx, "budgets")),
    ("blocks", lambda proj, fx: run_breaks(proj, fx, "blocks")),
    ("liveness", liveness_cases),
    ("goals", goal_cases),
    ("recorded", recorded_cases),
    ("freshness", freshness_cases),
    ("concurrency", concurrency_cases),
    ("owner", owner_cases),
    ("edits", edit_cases),
    ("verify", verify_cases),
    ("verify-depth", verify_depth_cases),
    ("cflags", cflags_cases),
    ("exercise", exercise_cases),
    ("cached", cached_cases),
    ("loops", loops_cases),
    ("interrupt", interrupt_cases),
    ("lint", lint_cases),
    ("format-doc", format_doc_cases),
    ("workbench", workbench_cases),
]


def main():
    names = [n for n, _ in GROUPS]
    only = None
    if sys.argv[1:2] == ["--only"] and len(sys.argv) == 3:
        only = sys.argv[2].split(",")
    if sys.argv[1:] and (only is None or not set(only) <= set(names)):
        sys.exit("usage: build/tests/selftest.py [--only NAME[,NAME...]]; NAME is one of: "
                 + " ".join(names))
    with tempfile.TemporaryDirectory() as proj:
        scratch.copy_inputs(ROOT, proj)
        for d in ("chapters", "models", "quizzes"):
            os.makedirs(os.path.join(proj, d))
        # This test's own fixtures (ch94-checkers.md is checker-selftest.py's).
        for f in sorted(os.listdir(os.path.join(HERE, "fixtures"))):
            if re.match(r"ch9[0-3]-", f):
                shutil.copy(os.path.join(HERE, "fixtures", f), os.path.join(proj, "chapters", f))
        fx = baseline(proj)
        for name, cases in GROUPS:
            if only is None or name in only:
                cases(proj, fx)
    failed = results.count(False)
    print(f"selftest: {len(results) - failed} of {len(results)} harness checks behave")
    sys.exit(1 if failed else 0)


main()
