#!/usr/bin/python3
"""checker-selftest: the runs of other checkers ({.check} blocks) must be
seen to fail.

Copies the Makefile, build/ and the fixture build/tests/fixtures/ch94-checkers.md
into a scratch project, keeps its long run (make keep-tiny-long), fills
its reports with make bless and wants make chapter-94 to pass with every
check named; then breaks one thing at a time and wants each break to be
a counted failure whose line names what to fix: a changed field of a
report (the states, the trace's length, the error), a verdict other than
the block's, a model no chapter defines, a set= the model cannot take, a
tool with no adapter, a tool that cannot run, a kept report made from
another model, one whose figures were edited, one without its
provenance, a kept run's summary with a field edited, missing, unknown
or absent, a report pasted into a kept run's block (which holds only its
summary), and a derive that does not apply.  make keep-ID must write
the summary and keep the report without its progress lines; make bless
must refuse a run whose verdict is not the block's."""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from build.tests import scratch

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.dirname(HERE)
ROOT = os.path.dirname(BUILD)
FIXTURE = "chapters/ch94-checkers.md"
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


def make(proj, *goals, env=None):
    return sh(proj, "make", "--no-print-directory", *goals, env=env)


def expect(name, ok, detail="", shown=None):
    results.append(bool(ok))
    print(("ok     " if ok else "NOT OK ") + name + ("" if ok else ": " + detail))
    if ok and shown:
        line = next((l for l in shown[0].splitlines() if shown[1] in l), None)
        if line:
            print("         " + line.strip())


def edit(proj, pattern, repl, path=FIXTURE):
    path = os.path.join(proj, path)
    text = open(path).read()
    new, n = re.subn(pattern, repl, text, count=1, flags=re.S | re.M)
    assert n, f"checker-selftest: pattern {pattern!r} not in {path}"
    open(path, "w").write(new)
    return text


def counted_failure(out):
    return re.search(r"^\d+ passed, [1-9]\d* failed$", out, re.M)


def broken(proj, name, want, pattern=None, repl=None, path=FIXTURE, before=None,
           env=None, goal="chapter-94"):
    """Break the project (an edit of PATH, or BEFORE()), run make GOAL,
    put it back, and want a counted failure saying WANT."""
    old = edit(proj, pattern, repl, path) if pattern else None
    undo = before() if before else None
    code, out = make(proj, goal, env=env)
    if old is not None:
        open(os.path.join(proj, path), "w").write(old)
    if undo:
        undo()
    ok = code != 0 and want in out and (goal != "chapter-94" or counted_failure(out))
    expect(name, ok, f"wanted a failure saying {want!r}:\n{out[-1500:]}", (out, want))


def main():
    if shutil.which("rumur") is None:
        print("checker-selftest: rumur is not installed; run make deps (or: sudo apt-get install rumur)")
        return 1
    with tempfile.TemporaryDirectory() as proj:
        scratch.copy_inputs(ROOT, proj)
        os.makedirs(os.path.join(proj, "chapters"))
        os.makedirs(os.path.join(proj, "models"))
        shutil.copy(os.path.join(HERE, "fixtures", "ch94-checkers.md"), os.path.join(proj, FIXTURE))
        make(proj, "models")
        code, out = make(proj, "keep-tiny-long")
        expect("make keep-ID runs a long run and keeps it in chapters/runs/ with its provenance",
               code == 0 and os.path.exists(os.path.join(proj, "chapters/runs/tiny-long.from")),
               out[-1500:])
        block = re.search(r"#tiny-long [^\n]*\n(.*?)```", open(os.path.join(proj, FIXTURE)).read(),
                          re.S).group(1)
        expect("make keep-ID writes its block's summary (KEY: VALUE lines), never the report",
               "verdict: No error found.\nstates: 3\n" in block and "Status:" not in block, block)
        # A progress line of the fresh report (its time varies) is not kept.
        fresh = os.path.join(proj, "out/runs/tiny-long.out")
        text = open(fresh).read()
        open(fresh, "w").write(text.replace("Progress Report:\n", "Progress Report:\n\n"
                               "\t 10000 states explored in 1s, with 25790 rules fired and "
                               "5534 states in the queue.\n", 1))
        code, out = make(proj, "keep-tiny-long")
        kept = open(os.path.join(proj, "chapters/runs/tiny-long.out")).read()
        expect("make keep-ID drops the report's progress lines (rumur's steady())",
               code == 0 and "states explored in" not in kept
               and "states explored in" in open(fresh).read(), kept + out[-800:])
        code, out = make(proj, "bless")
        expect("make bless fills the empty bodies of .check blocks",
               code == 0 and "3 block(s) refreshed" in out, out[-1500:])
        want = ["models-written", "models-match-chapters", "blocks-ch94-checkers",
                "run-tiny-2", "run-tiny-over-2", "run-tiny-1", "kept-tiny-long"]
        code, out = make(proj, "chapter-94")
        passed = re.findall(r"^PASS (\S+)$", out, re.M)
        expect("the fixture passes, every check named (the chapter-only run too)",
               code == 0 and sorted(passed) == sorted(want) and "7 passed, 0 failed" in out,
               f"passed {passed}:\n{out[-1500:]}")
        expect("a target=chapter run is not among make check's checks",
               "check-run-tiny-1" not in open(os.path.join(proj, "out/rules.mk")).read()
               .split("chapter-94-checks:")[1].split("\n")[0], "")

        # A changed field of a report, each named.
        broken(proj, "a changed count of states fails, naming the field",
               "states explored (states): expected '4', got '3'",
               r"(#tiny-2 .*?)\t3 states, 3 rules", r"\1\t4 states, 3 rules")
        broken(proj, "a changed count of rules fired fails, naming the field",
               "rules fired (rules_fired): expected '4', got '3'",
               r"(#tiny-2 .*?)\t3 states, 3 rules", r"\1\t3 states, 4 rules")
        broken(proj, "an error trace one rule longer fails, naming the field",
               "rules in the error trace (trace_steps)",
               r"(#tiny-over-2 .*?)(End of the error trace)", "\\1Rule \"step\" fired.\n\\2")
        broken(proj, "another first error fails, naming the field",
               "first error (error)",
               r"(#tiny-over-2 .*?invariant \")x stays", r"\1y stays")
        broken(proj, "a verdict other than the block's verdict= fails",
               "the block's verdict= is pass",
               r"(#tiny-over-2 .*?)verdict=fail", r"\1verdict=pass")
        old = edit(proj, r"(#tiny-2 .*?rules fired in )0s", r"\g<1>7s")
        code, out = make(proj, "chapter-94")
        open(os.path.join(proj, FIXTURE), "w").write(old)
        expect("a time that differs is no difference (it varies from run to run)",
               code == 0 and "7 passed, 0 failed" in out, out[-800:])
        # The model and the tool.
        broken(proj, "a model no chapter defines fails its block",
               "model=tinny.m is a model no chapter defines",
               r"(#tiny-2 tool=rumur model=)tiny.m", r"\1tinny.m")
        broken(proj, "a Promela model given to rumur fails its block",
               "rumur runs .m files",
               r"(#tiny-2 tool=rumur model=)tiny.m", r"\1tiny.spin")
        broken(proj, "a set= the model has no constant for fails, naming it",
               "set=M=... needs one line `M: N;`",
               r'(#tiny-2 .*?)set="N=2"', r'\1set="M=2"')
        broken(proj, "a tool with no adapter fails its block",
               "tool=rumor has no adapter build/checkers/rumor.py",
               r"(#tiny-2 )tool=rumur", r"\1tool=rumor")
        broken(proj, "an attribute .check does not take fails its block",
               "unknown attribute symmetry= on a .check block",
               r"(#tiny-2 tool=rumur)", r"\1 symmetry=off")
        fake = os.path.join(proj, "fakebin")
        os.makedirs(fake)
        with open(os.path.join(fake, "rumur"), "w") as f:
            f.write("#!/bin/sh\n[ \"$1\" = --version ] && { echo 'Rumur version broken'; exit 0; }\n"
                    "echo 'rumur: cannot run here' >&2\nexit 1\n")
        os.chmod(os.path.join(fake, "rumur"), 0o755)
        broken(proj, "a rumur that does not run fails every run, saying why",
               "rumur rejects models/tiny.m: rumur: cannot run here",
               env={"PATH": fake + os.pathsep + os.environ["PATH"]})
        # The kept long run.
        broken(proj, "a kept report made from another model fails (stale)",
               "was made from another model-sha256 than today's; make keep-tiny-long",
               r"(-- A counter that wraps at N)", r"\1, edited")
        broken(proj, "a kept report with an edited count fails, naming the field",
               "states explored (states): the summary says '3', the kept report '5'",
               r"\t3 states, 3 rules", "\t5 states, 3 rules", path="chapters/runs/tiny-long.out")
        broken(proj, "a kept run's summary with an edited count fails, naming the field",
               "states explored (states): the summary says '4', the kept report '3'",
               r"(#tiny-long .*?)^states: 3$", r"\1states: 4")
        broken(proj, "a kept run's summary with an edited verdict line fails, naming the field",
               "verdict (verdict): the summary says '1 error(s) found.'",
               r"(#tiny-long .*?)^verdict: No error found\.$", r"\1verdict: 1 error(s) found.")
        broken(proj, "a kept run's summary missing a field fails, naming it",
               "rules fired (rules_fired): the summary says '(none)', the kept report '3'",
               r"(#tiny-long .*?)^rules_fired: 3\n", r"\1")
        broken(proj, "a kept run's summary naming a field make check does not compare fails",
               "time: not a field make check compares",
               r"(#tiny-long [^\n]*\n)", r"\1time: 0\n")
        broken(proj, "a kept run's block holding no summary fails",
               "the chapter's block holds no summary of chapters/runs/tiny-long.out",
               r"(#tiny-long [^\n]*\n).*?```", r"\1```")
        fence = next(n for n, line in enumerate(open(os.path.join(proj, FIXTURE)), 1)
                     if "#tiny-long " in line)
        broken(proj, "a report pasted into a kept run's block fails its blocks, naming the line",
               f"chapters/ch94-checkers.md:{fence + 1}: run tiny-long is kept in "
               "chapters/runs/tiny-long.out",
               r"(#tiny-long [^\n]*\n)", "\\1Status:\n\n\tNo error found.\n")
        kept_from = os.path.join(proj, "chapters/runs/tiny-long.from")

        def hide():
            os.rename(kept_from, kept_from + ".x")
            return lambda: os.rename(kept_from + ".x", kept_from)
        broken(proj, "a kept report without its provenance fails",
               "(no chapters/runs/tiny-long.from)", before=hide)
        # Mutants are derived, never kept by hand.
        broken(proj, "a derive whose script changes nothing fails make's models step",
               "changes nothing in tiny.m",
               r"s/if x < N then/if x <= N then/", "s/if x < M then/if x <= M then/")
        # Bless keeps the verdict.
        old = edit(proj, r"(#tiny-over-2 .*?)verdict=fail", r"\1verdict=pass")
        edit(proj, r"(```\{\.check #tiny-over-2 [^\n]*\n).*?\n```", "\\1```")
        code, out = make(proj, "bless")
        open(os.path.join(proj, FIXTURE), "w").write(old)
        expect("make bless refuses a report whose verdict is not the block's",
               "tiny-over-2: not refreshed: the run says fail, the block's verdict= is pass" in out,
               out[-1500:], (out, "not refreshed"))
    failed = results.count(False)
    print(f"checker-selftest: {len(results) - failed} cases passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main())
