#!/usr/bin/python3
"""selftest-mutants: the self-test must itself fail when the harness is
broken.  For each mutant below (a deliberate break of one tool), copies
the project into a scratch directory, applies it, runs build/tests/selftest.py
there (only the group of cases that holds the case, after the fixture's
baseline: selftest.py --only GROUP) and expects it to fail naming the
right case.  Slow (one self-test per mutant), so make check runs only
--applies: in seconds, every mutant's text is still in its file and its
group is still a group of the self-test, so that no mutant silently
stops applying.  Run the whole of it after changing build/tests/selftest.py
or a tool it breaks.  Names of mutants as arguments run only those."""

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
    ("provenance not compared", "build/lib/provenance.py", "return [k for k in keys_compared if a.get(k) != b.get(k)]",
     "return []", "a recorded report from another model fails", "recorded"),
    ("block errors not counted", "build/pipeline/check-blocks.sh", 'if [ -n "$errors" ]; then', "if false; then",
     "a malformed block is a counted failure: an unknown attribute", "blocks"),
    ("an unknown attribute read as text", "build/lib/blocks.lua", "    local d = def[k] or M.any[k]\n",
     "    local d = def[k] or M.any[k] or {value = 'text'}\n",
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
    ("report lines beyond the fields not compared", "build/pipeline/check-run.py",
     "        if want and not problems:", "        if False:",
     "a wrong report line is caught: hash conflicts", "fields"),
    ("times not named as varying", "build/lib/panreport.py",
     '    ("time", r"^pan: elapsed time .*$", "the seconds the search took"),\n', "",
     "a report whose only change is its time still passes (times are named as varying)", "fields"),
    ("a fresh run's time quoted", "build/book/run-figures.py",
     "if fresh and key in panreport.VARYING_FIELDS:", "if False:",
     "the book refuses a varying figure of a fresh run (a sweep row's time), not a shown run's", "fields"),
    ("bless keeps a report whose lines differ", "build/pipeline/bless.py",
     "panreport.FIELDS) and bool(b) and \\", "panreport.FIELDS) and bool(b) or \\",
     "make bless refreshes a report whose hash conflicts differs", "fields"),
    ("require= reads comments", "build/workbench/grade.py",
     "if d[\"require\"] not in (text if comment else code_of(text)):", "if d[\"require\"] not in text:",
     "exercise: an assertion kept only in a comment does not meet require=", "exercise"),
    ("as-given= not compared", "build/workbench/grade.py", "            why = as_given(d, text)",
     "            why = None", "exercise: a proctype changed where as-given= keeps it is rejected", "exercise"),
    ("an exercise in progress is a failure", "build/pipeline/sync-models.py",
     "if check and name in exercises and", "if False and",
     "exercise: a student's exercise file in progress is reported as such, not as a failure", "exercise"),
    ("every edited model is an exercise in progress", "build/pipeline/sync-models.py",
     "if check and name in exercises and", "if check and",
     "exercise: an edit of a solution (not the student's file) still fails models-match-chapters", "exercise"),
    ("-d called a pan with no report", "build/lib/panrun.py",
     'if returncode == 0 and "State-vector" not in text and \\', 'if False and \\',
     "make verify: RUNFLAGS=-d shows what pan prints, the state tables", "workbench"),
    ("the printed command without its budgets", "build/workbench/verify.py",
     "flags, (seconds, mb), formula)", "flags, None, formula)",
     "make verify: the command printed is the one that runs, budgets and all", "workbench"),
    ("-DCOLLAPSE suggested for pan's hash table", "build/lib/panrun.py",
     "        fixed = fixed_memory(text, runflags)", "        fixed = None",
     "make verify: a MEMLIM below pan's hash table names the table and what helps", "workbench"),
    ("a block's cflags appended to the default", "build/lib/searchflags.py",
     "    return [w for w in own if w not in words] + words", "    return own + words",
     "cflags: '-O2 -DSAFETY -DCOLLAPSE' compiles as 'cc -O2 -DSAFETY -DCOLLAPSE', in a block and in make verify alike",
     "cflags"),
    ("cflags in place of the default", "build/lib/searchflags.py",
     "    return [w for w in own if w not in words] + words", "    return words or own",
     "cflags: '-DCOLLAPSE' compiles as 'cc -DSAFETY -DCOLLAPSE', in a block and in make verify alike", "cflags"),
    ("make verify adds the default by a rule of its own", "build/workbench/verify.py",
     "        cflags, runflags = searchflags.search_flags(cflags, runflags, where=model, **opts)",
     "        own = [] if searchflags.is_liveness(runflags, **opts) else [\"-DSAFETY\"]\n"
     "        cflags = \" \".join(own + [w for w in shlex.split(cflags) if w not in own])\n"
     "        cflags, runflags = searchflags.search_flags(cflags, runflags, where=model, **opts)",
     "cflags: '-O2 -DSAFETY -DCOLLAPSE' compiles as 'cc -O2 -DSAFETY -DCOLLAPSE', in a block and in make verify alike",
     "cflags"),
    ("the book's command without the search's own flags", "build/book/search-command.py",
     "    cflags, runflags = searchflags.spec_flags(spec)",
     "    cflags, runflags = spec.get(\"cflags\", \"\"), spec.get(\"runflags\", \"\")",
     "cflags: '-DCOLLAPSE' compiles as 'cc -DSAFETY -DCOLLAPSE', in a block and in make verify alike", "cflags"),
    ("the extractor fills in -DSAFETY", "build/pipeline/format.tsv",
     "pan\tcflags\toptional\ttext\t\t", "pan\tcflags\toptional\ttext\t-DSAFETY\t",
     "the liveness fixture passes cleanly, each of its 7 checks", "liveness"),
    ("a failure's log cut to its last line", "build/harness/record.sh",
     '[ -z "$quiet" ] || cat "$dir/$name.fail"', '[ -z "$quiet" ] || tail -n 1 "$dir/$name.fail"',
     "record: under make check a failure prints its whole log, then FAIL NAME", "loops"),
    ("a pass printed under make check", "build/harness/record.sh",
     '[ -n "$quiet" ] || echo "PASS $name"', 'echo "PASS $name"',
     "record: under make check a pass prints nothing, and keeps its log and seconds", "loops"),
    ("a folder's files named, not hashed", "build/harness/cached.sh",
     '-print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum >>"$inputs"', '-print0 | LC_ALL=C sort -z | xargs -0 -r ls >>"$inputs"',
     "cached: a changed file in a folder it reads (with an old time) runs the command again", "loops"),
    ("a run's kept pass not made after its chapter's extraction", "build/pipeline/mkrules.py",
     '            said = (f"{os.path.dirname(flags)}.stamp" if', '            said = ("" if',
     "loops: a chapter that now expects another report compares the run again (and fails)", "loops"),
    ("a run's kept pass not made after check-run.py", "build/pipeline/mkrules.py",
     "$(RUN_DEPS) $(CHECK_RUN_DEPS)", "$(RUN_DEPS)",
     "loops: a changed check-run.py compares the run again", "loops"),
    ("a run's comparison never kept", "build/pipeline/mkrules.py",
     'return (f"{passed}: {deps}', 'return (f"{passed}: FORCE {deps}',
     "loops: a run's comparison passed before is not made again, and its pass is filed", "loops"),
    ("cached.sh keeps the outputs' hashes from before the run", "build/harness/cached.sh",
     'key >"$dir/$name.sum"', 'echo "$sum" >"$dir/$name.sum"',
     "cached -o: a second run, its output as the first left it, is not run again", "loops"),
    ("cached.sh -o not hashed", "build/harness/cached.sh",
     'while IFS= read -r o; do digest "$o"; done <"$outputs"', ':',
     "cached -o: an output deleted since runs the command again", "loops"),
    ("keep rewrites a report that differs only in its time", "build/lib/runstore.py",
     "            if kept(f.read()) == kept(text):", "            if f.read() == text:",
     "keep: a report the same but for its time is left as it was (its time stamp too)", "loops"),
    ("keep leaves a report that differs beyond its time", "build/lib/runstore.py",
     "            if kept(f.read()) == kept(text):", "            if f.read():",
     "keep: a report that differs beyond its time is written", "loops"),
    ("hash-sources keeps a changed file's old hash", "build/harness/hash-sources.py",
     "                    if f.read() == text:", "                    if f.read():",
     "hash-sources: a file changed (with an old time) gets its new hash, and a new time", "loops"),
    ("hash-sources rewrites every hash", "build/harness/hash-sources.py",
     "                    if f.read() == text:", "                    if False:",
     "hash-sources: an unchanged file's hash is not rewritten (its time stays)", "loops"),
    ("chapter-sources does not follow from=", "build/harness/chapter-sources.py",
     'elif key in ("model", "from"):', 'elif key == "model":',
     "chapter-sources: a chapter's own source, its answers, and every source its models come from", "loops"),
    ("chapter-sources leaves the answers out", "build/harness/chapter-sources.py",
     'rf"(chapters|quizzes)/ch{n:02d}-"', 'rf"chapters/ch{n:02d}-"',
     "chapter-sources: a chapter's own source, its answers, and every source its models come from", "loops"),
    ("out/rules.mk -include'd", "Makefile", "\ninclude $(OUT)/rules.mk\n", "\n-include $(OUT)/rules.mk\n",
     "a failure while out/rules.mk is remade is told as itself, not as 'No rule to make target'", "concurrency"),
    ("a second make refused the lock", "build/harness/locked.sh", "\tflock 9\n", "\texit 1\n",
     "make verify and make chapter-91 beside a make that rewrites out/rules.mk all work", "concurrency"),
    ("a run's compile left out of ran.sh", "build/lib/panrun.py",
     "    p = ranlog.run(cc, cwd=workdir,", "    p = subprocess.run(cc, cwd=workdir,",
     "ran.sh: run tiny-racy's commands (spin -a, cc, ./pan), replayed by hand, store its states", "loops"),
    ("a run's trail replay left out of ran.sh", "build/lib/panrun.py",
     '        p = ranlog.run(["spin"] + shlex.split(defs) + claim', '        p = subprocess.run(["spin"] + shlex.split(defs) + claim',
     "ran.sh: the trail's replay (spin -t -p) is among the commands, and prints the violation", "loops"),
    ("a run's log not begun afresh", "build/lib/panrun.py", "    ranlog.start(workdir)\n", "",
     "ran.sh: run tiny-racy's commands (spin -a, cc, ./pan), replayed by hand, store its states", "loops"),
    ("a grader that stops graded fail", "build/workbench/grade.py", "        code = None\n", "        code = 1\n",
     "exercise: a grader that stops on an error is no grade, not the fail a wrong solution wants", "exercise"),
]


def applies():
    """Every mutant's text is in its file, once at least, and its group
    is one of the self-test's: a mutant that no longer applies would test
    nothing."""
    groups = open(os.path.join(HERE, "selftest.py")).read()
    bad = 0
    for name, path, text, _, case, group in MUTANTS:
        try:
            src = open(os.path.join(ROOT, path)).read()
        except OSError:
            src = ""
        why = (f"its text is not in {path}" if text not in src else
               f"build/tests/selftest.py has no group {group!r}" if f'("{group}", ' not in groups else None)
        if why:
            print(f"NOT OK mutant '{name}': {why} (update build/tests/selftest-mutants.py)")
            bad += 1
    if not bad:
        print(f"all {len(MUTANTS)} mutants of build/tests/selftest-mutants.py still apply, "
              "each to its file, each named case in a group of the self-test")
    return 1 if bad else 0


def main():
    if sys.argv[1:] == ["--applies"]:
        sys.exit(applies())
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
            env["PYTHONPATH"] = proj  # the mutated copy's build/, not this one's
            p = subprocess.run([os.path.join(proj, "build", "tests", "selftest.py"), "--only", group], cwd=proj,
                               capture_output=True, text=True, env=env)
            caught = p.returncode != 0 and f"NOT OK {case}" in p.stdout
            print(("ok     " if caught else "NOT OK ") + f"mutant '{name}' fails the self-test"
                  + ("" if caught else f" at '{case}':\n{p.stdout[-1500:]}"))
            bad += not caught
    sys.exit(1 if bad else 0)


main()
