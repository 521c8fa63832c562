#!/usr/bin/python3
"""workbench-selftest [--root TREE]: make verify, simulate, replay,
interactive TRAIL=1 and automaton held to what Spin and pan print, on
the models of build/tests/fixtures/corpus/ copied to a scratch directory
(never models/ or out/).  Each case is a defect the workbench once had:
its case fails on the tools as they were, which --root TREE (a checkout
of an older commit) shows, and passes on these.

A case: its name, the make goal and variables, the standard input (None:
an empty one), whether make must pass or fail, lines that must be
printed and text that must not.  One line per case, "ok: NAME" or
"WRONG: NAME: why", then "workbench-selftest: N cases, K wrong"; exits 1
when one is wrong."""

import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(HERE, "fixtures", "corpus")

# (name, goal, variables, stdin, how make must end, must print, must not
# print).  Make ends with 2 whenever the tool fails, so a case tells a
# pass (PASS) from a failure (FAIL) and the lines say which failure.
PASS, FAIL, ANY = "pass", "fail", "either"
# M/ stands for the scratch copy of the corpus.
CASES = [
    # DEFS against the model's own #define: refused with the file, the
    # line and the fix; a guarded #define lets DEFS through (N=3 passes,
    # the default N=4 would fail).
    ("DEFS overridden by the model's #define is refused (verify)",
     "verify", ["MODEL=M/defs-collide.spin", "DEFS=-DN=3"], None, FAIL,
     ["M/defs-collide.spin:2: '#define N 4' overrides DEFS=-DN=3",
      "guard the line (#ifndef N ... #endif)"], ["States", "no errors"]),
    ("DEFS overridden by the model's #define is refused (simulate)",
     "simulate", ["MODEL=M/defs-collide.spin", "DEFS=-DN=3", "SEED=1"], None, FAIL,
     ["'#define N 4' overrides DEFS=-DN=3"], ["processes created"]),
    ("DEFS overridden by the model's #define is refused (automaton)",
     "automaton", ["MODEL=M/defs-collide.spin", "DEFS=-DN=3"], None, FAIL,
     ["'#define N 4' overrides DEFS=-DN=3"], ["state machines of"]),
    ("DEFS of a macro the model guards with #ifndef is applied",
     "verify", ["MODEL=M/defs-guarded.spin", "DEFS=-DN=3"], None, PASS,
     ["M/defs-guarded.spin: no errors in"], ["overrides"]),
    # Every line of spin -a: the ltl formula it translated, its warnings.
    ("the ltl line Spin prints is shown",
     "verify", ["MODEL=M/ltl-blocks.spin", "LTL=trivial"], None, PASS,
     ["ltl trivial: [] ((at==at))", "no acceptance cycles of trivial (without fairness) in"], []),
    ("a warning pan prints is shown",
     "verify", ["MODEL=M/never-unnamed.spin", "RUNFLAGS=-a"], None, FAIL,
     ["warning: for p.o. reduction to be valid the never claim must be stutter-invariant",
      "acceptance cycle"], []),
    # A passing LTL run lists the claim's unreached code, read where
    # Spin wrote it, with no false error.
    ("a passing LTL run: no false message on Spin's claim file",
     "verify", ["MODEL=M/ltl-blocks.spin", "LTL=comes_back"], None, PASS,
     ["_spin_nvr.tmp:", "no acceptance cycles of comes_back"], ["cannot be read"]),
    ("a passing non-progress run: no false message",
     "verify", ["MODEL=M/channels.spin", "NP=1"], None, ANY,
     ["non-progress"], ["cannot be read"]),
    # Includes as the preprocessor finds them.
    ("a header in a subdirectory, and includes in comments ignored",
     "verify", ["MODEL=M/subdir-header.spin"], None, PASS,
     ["M/subdir-header.spin: no errors in 10 states"], ["nor/this", "no/such"]),
    ("a header one directory up (../)",
     "verify", ["MODEL=M/nested/parent-header.spin"], None, PASS,
     ["M/nested/parent-header.spin: no errors in 10 states"], []),
    ("the state machines of a model with a header in a subdirectory",
     "automaton", ["MODEL=M/subdir-header.spin"], None, PASS,
     ["--- the state machines of M/subdir-header.spin:"], []),
    # How a simulation ended.
    ("simulate: errors in statements at the step limit are not a rejection",
     "simulate", ["MODEL=M/bad-index.spin", "SEED=1", "STEPS=12"], None, FAIL,
     ["it stopped at the step limit; on the way Spin reported 1 error(s) in statements"],
     ["rejects"]),
    ("simulate: a deadlock (timeout) is not an end",
     "simulate", ["MODEL=M/deadlock.spin", "SEED=3"], None, FAIL,
     ["it stopped in a deadlock: no process can move"], ["ran to its end"]),
    ("simulate: blocked at valid end states is no deadlock",
     "simulate", ["MODEL=M/channels.spin", "SEED=2"], None, PASS,
     ["each left at a valid end state, which is no deadlock"], ["stopped in a deadlock"]),
    ("simulate: without SEED, Spin chooses the seed and it is printed",
     "simulate", ["MODEL=M/channels.spin", "STEPS=5"], None, PASS,
     ["$ spin -p -u5 -h channels.spin", "(chosen by Spin)"], ["-n"]),
    # pan -c0 writes no trail, pan -e several.
    ("RUNFLAGS=-c0: errors counted, no trail claimed",
     "verify", ["MODEL=M/many-errors.spin", "RUNFLAGS=-c0"], None, FAIL,
     ["pan found 24 error(s) (assertion violated (bumps<2)) but wrote no trail"],
     ["the trail above shows how"]),
    ("replay after -c0 says pan wrote no trail, not that it found no error",
     "replay", ["MODEL=M/many-errors.spin"], None, FAIL,
     ["the last search found 24 error(s) but pan wrote no trail"], ["found no error"]),
    ("RUNFLAGS=-e: several trails, the first shown",
     "verify", ["MODEL=M/many-errors.spin", "RUNFLAGS=-e"], None, FAIL,
     ["spin -t1 -p", "and wrote 24 trails (many-errors.spin1.trail to many-errors.spin24.trail)"],
     []),
    ("replay after -e replays the first trail",
     "replay", ["MODEL=M/many-errors.spin"], None, PASS,
     ["--- replayed ", "many-errors.spin1.trail"], []),
    # A path with a space, a $ and a quote; the repeat command quoted.
    ("a path with a space, $ and a quote works, the repeat command quoted",
     "simulate", ["MODEL=M/we ird$x\"q/channels.spin", "SEED=4", "STEPS=3"], None, PASS,
     ["the same run again: make simulate 'MODEL=M/we ird$x\"q/channels.spin' SEED=4 STEPS=3"], []),
    ("verify of a path with a space, $ and a quote",
     "verify", ["MODEL=M/we ird$x\"q/channels.spin"], None, PASS,
     ["M/we ird$x\"q/channels.spin: no errors in"], []),
    # Standard input: a replay inside make verify never reads it; a
    # simulation that reads it gets it, and its lines as they come.
    ("simulate: a model reading standard input gets it",
     "simulate", ["MODEL=M/reads-stdin.spin", "SEED=1"], "hi\n", PASS,
     ["--- M/reads-stdin.spin reads standard input (STDIN): it reads what was piped in",
      "[((c==10))]", "it ran to its end"], []),
    ("verify of a model that reads STDIN: pan's error named, simulate suggested",
     "verify", ["MODEL=M/reads-stdin.spin"], None, FAIL,
     ["(ref to uninitialized chan name (len))",
      "the model reads standard input (STDIN), which only a simulation gives it"], []),
    # A named never claim chosen with LTL=; an unknown one lists them.
    ("LTL= chooses a named never claim",
     "verify", ["MODEL=M/never-named.spin", "LTL=reaches_3"], None, FAIL,
     ["./pan -a -N reaches_3", "(end state in claim reached)"], []),
    ("an unknown claim lists the model's claims, never claims too",
     "verify", ["MODEL=M/never-named.spin", "LTL=nosuch"], None, FAIL,
     ["the model's claims are: small_forever, reaches_3"], []),
    # Approximate searches say so in the verdict line.
    ("a bitstate pass is called approximate",
     "verify", ["MODEL=M/bitstate.spin", "CFLAGS=-DBITSTATE", "RUNFLAGS=-w18"], None, PASS,
     ["a bitstate search stored: an approximate search"], []),
    # One meaning for CFLAGS, a block's cflags= too (searchflags.pan_cflags):
    # added to the search's own flags, those it lacks put first, so that
    # flags naming them compile as typed (chapter 5's command), never twice.
    ("CFLAGS adds to a safety search's -DSAFETY",
     "verify", ["MODEL=M/subdir-header.spin", "CFLAGS=-DCOLLAPSE"], None, PASS,
     ["; cc -DSAFETY -DCOLLAPSE -DMEMLIM="], []),
    ("CFLAGS that name -DSAFETY compile as typed",
     "verify", ["MODEL=M/subdir-header.spin", "CFLAGS=-O2 -DSAFETY -DCOLLAPSE"], None, PASS,
     ["; cc -O2 -DSAFETY -DCOLLAPSE -DMEMLIM="], []),
    ("-DSAFETY typed again is not compiled twice",
     "verify", ["MODEL=M/subdir-header.spin", "CFLAGS=-DSAFETY -DCOLLAPSE"], None, PASS,
     ["; cc -DSAFETY -DCOLLAPSE -DMEMLIM="], ["-DSAFETY -DSAFETY"]),
    ("a liveness search adds nothing to CFLAGS",
     "verify", ["MODEL=M/noreduce.spin", "LTL=turns", "FAIR=1", "CFLAGS=-DNOREDUCE"], None, ANY,
     ["; cc -DNOREDUCE -DMEMLIM="], ["-DSAFETY"]),
    # The trail page names what was violated.
    ("the trail page names the violated assertion",
     "verify", ["MODEL=M/elided-break.spin"], None, FAIL,
     ["@page:the assertion assert((total==4))"], []),
    # make interactive TRAIL=1 past the break that leaves a loop.
    ("interactive TRAIL=1 follows the trail past an elided break",
     "interactive", ["MODEL=M/elided-break.spin", "TRAIL=1"], "\n" * 200, PASS,
     ["--- the run has reached the trail's error, its step 25",
      "--- 25 of the trail's 25 steps taken as the trail took them"], []),
    ("the trail page names the claim of an acceptance cycle",
     "verify", ["MODEL=M/never-named.spin", "LTL=small_forever"], None, FAIL,
     ["@page:acceptance cycle (the claim small_forever)"], []),
    # The memory budget: pan's own report is shown with the line.
    ("a search stopped by the memory budget shows pan's report",
     "verify", ["MODEL=M/bitstate.spin", "MEMLIM=130"], None, FAIL,
     ["pan: reached -DMEMLIM bound", "search stopped at the memory budget"], []),
    # A model that needs -DNOREDUCE: pan's own line shown, and with it, a pass.
    ("fairness with rendezvous: pan's demand for -DNOREDUCE is shown",
     "verify", ["MODEL=M/noreduce.spin", "LTL=turns", "FAIR=1"], None, FAIL,
     ["p.o. reduction not compatible with fairness", "recompile with -DNOREDUCE"], []),
    # A model with embedded C: spin -t only prints the C code, so its
    # trail is replayed by the pan that made it (./pan -r), which runs it.
    ("a search of a model with embedded C that fails",
     "verify", ["MODEL=M/embedded-c-fails.spin"], None, FAIL,
     ["pan found 1 error(s) (assertion violated ( now.tally == 3 ))"], []),
    ("replay of a model with embedded C runs ./pan -r, and says why",
     "replay", ["MODEL=M/embedded-c-fails.spin"], None, PASS,
     ["holds embedded C (c_code, c_expr, ...), which spin -t only prints: the trail is "
      "replayed by ./pan -r", "$ ./pan -r\n", "tally 2", "assertion violated ( now.tally == 3 )"],
     ["c_code1:"]),
    # A claim from a formula typed on the command line (spin -a -f): the
    # property that must hold, negated for Spin, its acceptance cycles
    # searched; the claim Spin makes shown, the formula in the verdict.
    ("FORMULA= checks a formula typed on the command line",
     "verify", ["MODEL=M/ltl-blocks.spin", "FORMULA=[] <> (at == 0)"], None, PASS,
     ["spin -a -f '!([] <> (at == 0))' ltl-blocks.spin",
      "never  {    /* !([] <> (at == 0)) */", "./pan -a -N never_0",
      "ltl stays_small: [] ((at<3))", "the formula [] <> (at == 0) holds"],
     ["cannot be read"]),
    ("FORMULA= that fails: the acceptance cycle, the formula's claim picked by name",
     "verify", ["MODEL=M/never-named.spin", "FORMULA=<> (count == 3)"], None, FAIL,
     ["./pan -a -N never_2", "never claim         \t+ (never_2)",
      "pan found 1 error(s) (acceptance cycle) against the formula <> (count == 3)"],
     ["+ (small_forever)"]),
    ("replay of a FORMULA= trail uses the same claim",
     "replay", ["MODEL=M/never-named.spin"], None, PASS,
     ["$ spin -t -p -g -l -s -r -f '!(<> (count == 3))' never-named.spin",
      "(never_2:1) never-named.spin.nvr:", "<<<<<START OF CYCLE>>>>>"], []),
    # CORES=N: pan's multi-core search, compiled with -DNCORE=N; refused
    # for a liveness search, which the book runs on one core.
    ("CORES=2 compiles and runs pan's multi-core search",
     "verify", ["MODEL=M/defs-guarded.spin", "DEFS=-DN=3", "CORES=2"], None, PASS,
     ["-DNCORE=2", "+ Multi-Core (NCORE=2", "M/defs-guarded.spin: no errors in"], []),
    ("CORES=2 with a liveness search is refused, saying why",
     "verify", ["MODEL=M/ltl-blocks.spin", "LTL=trivial", "CORES=2"], None, FAIL,
     ["CORES=2 asks for pan's multi-core search, which this book runs for safety only"],
     ["Multi-Core"]),
    # BFSPAR=1: pan's parallel breadth-first search (-DBFS_PAR, -uN with
    # CORES=N), not the multi-core depth-first one; refused for liveness.
    ("BFSPAR=1 CORES=2 compiles and runs pan's parallel breadth-first search",
     "verify", ["MODEL=M/defs-guarded.spin", "DEFS=-DN=3", "BFSPAR=1", "CORES=2"], None, PASS,
     ["-DBFS_PAR", "-u2", "+ Breadth-First Search", "+ Multi-Core (using 2 cores)",
      "a hash-compact search stored: an approximate search"], ["-DNCORE"]),
    ("BFSPAR=1 with a liveness search is refused, saying why",
     "verify", ["MODEL=M/ltl-blocks.spin", "LTL=trivial", "BFSPAR=1"], None, FAIL,
     ["BFSPAR=1 asks for pan's parallel breadth-first search, which checks safety only"],
     ["Breadth-First"]),
    ("FORMULA= with FAIR=1: weak fairness",
     "verify", ["MODEL=M/noreduce.spin", "FORMULA=[] <> (rounds == 0)", "FAIR=1",
                "CFLAGS=-DNOREDUCE"], None, PASS,
     ["./pan -a -f", "(under weak fairness)", "the formula [] <> (rounds == 0) holds"], []),
    ("FORMULA= with LTL= is refused in one line naming the fix",
     "verify", ["MODEL=M/ltl-blocks.spin", "FORMULA=[] <> (at == 0)", "LTL=trivial"], None, FAIL,
     ["FORMULA= and LTL=trivial ask for two claims", "drop LTL=trivial"], ["State-vector"]),
    ("FORMULA= with NP=1 is refused in one line naming the fix",
     "verify", ["MODEL=M/ltl-blocks.spin", "FORMULA=[] <> (at == 0)", "NP=1"], None, FAIL,
     ["FORMULA= and NP=1 ask for two claims", "drop NP=1"], ["State-vector"]),
    ("a formula Spin cannot parse: Spin's line and ours, naming the fix",
     "verify", ["MODEL=M/ltl-blocks.spin", "FORMULA=[] <> (at == 0"], None, FAIL,
     ["tl_spin: parentheses not balanced",
      "Spin cannot use FORMULA='[] <> (at == 0': tl_spin: parentheses not balanced; write it"],
     ["spin rejects the model"]),
]

# A model whose index goes out of bounds at its fifth step: Spin prints
# the error and goes on.
BAD_INDEX = """byte a[2];
byte i;
active proctype p() { do :: i < 5 -> a[i] = 1; i++ od }
"""


def page_text(out):
    """The text of the trail page whose path OUT prints, tags removed."""
    import html
    import re
    m = re.search(r"--- the trail as a timeline and a table of the variables: (\S+)", out)
    if not m:
        return ""
    try:
        return html.unescape(re.sub(r"<[^>]*>", "", open(m.group(1)).read()))
    except OSError:
        return ""


def main():
    args = sys.argv[1:]
    root = ROOT
    if args[:1] == ["--root"] and len(args) == 2:
        root = os.path.abspath(args[1])
    elif args:
        sys.exit("usage: build/tests/workbench-selftest.py [--root TREE]")
    tmp = tempfile.mkdtemp(prefix="workbench-selftest.")
    wrong = 0
    try:
        models = os.path.join(tmp, "M")
        shutil.copytree(CORPUS, models)
        shutil.copytree(CORPUS, os.path.join(models, 'we ird$x"q'))
        with open(os.path.join(models, "bad-index.spin"), "w") as f:
            f.write(BAD_INDEX)
        env = {k: v for k, v in os.environ.items()
               if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MEMLIM", "TIME", "DEFS",
                            "CFLAGS", "RUNFLAGS", "HARNESS_LOCK_HELD")}
        env["OUT"] = os.path.join(tmp, "out")
        for name, goal, variables, stdin, codes, must, mustnot in CASES:
            variables = [v.replace("M/", models + "/", 1) if "=M/" in v else v
                         for v in variables]
            try:
                p = subprocess.run(["make", "--no-print-directory", "-s", "-C", root, goal]
                                   + variables, input=stdin or "", capture_output=True,
                                   text=True, env=env, timeout=300)
                out, code = p.stdout + p.stderr, p.returncode
            except subprocess.TimeoutExpired as e:
                out, code = f"(no end after {e.timeout} s)", None
            out = out.replace(models + "/", "M/")
            why = None
            got = "pass" if code == 0 else "fail"
            if codes != ANY and got != codes:
                why = f"make says {got} (status {code}), must say {codes}"
            for want in must:
                where, text = (page_text(out), want[len("@page:"):]) if want.startswith("@page:") \
                    else (out, want)
                if not why and text not in where:
                    why = f"no {text!r} in what it printed" + (" (its trail page)" if where is not out else "")
            for bad in mustnot:
                if not why and bad in out:
                    why = f"it printed {bad!r}"
            if why:
                wrong += 1
                print(f"WRONG: {name}: {why}")
                print("    " + "\n    ".join(out.strip().splitlines()[-8:]))
            else:
                print(f"ok: {name}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"workbench-selftest: {len(CASES)} cases, {wrong} wrong")
    sys.exit(1 if wrong else 0)


main()
