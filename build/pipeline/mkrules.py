#!/usr/bin/python3
"""mkrules: write out/rules.mk, the make rules for every run the chapters
define (read from out/extract/chNN/).

Each run is a file target, its report in the run store (ID.out, as
build/lib/runstore.py's make_file spells it for make), that depends on
the content (out/sha/PATH, see the Makefile) of the model and what it includes, on
the run's flags, the Spin version and the tools; each check is a phony
target that compares that report with the chapter.  A sweep (a table of
runs) becomes one run per row; its rows marked "full" go to the target
sweep-ID-full instead of the chapter's checks.

Each source file also gets the check blocks-chNN-topic, which fails
listing its blocks that break the format (found by build/pipeline/extract.lua, or
here: a model no chapter defines, a run name used twice in the book, a
sweep table without its columns); the runs of such blocks are left out,
so the error is a counted failure, never a make error or a silent pass.
A solution an answer grades ({.graded} block) becomes the check
grade-NAME (build/workbench/grade.py --check)."""

import os

from build.lib import blockformat
from build.lib import checkers
from build.lib import modelfiles
from build.lib import runstore

OUT = runstore.OUT


def write_if_changed(path, text):
    if not os.path.exists(path) or open(path).read() != text:
        runstore.put(path, text)


def sha(path):
    return f"$(OUT)/sha/{path}"


def kept_pass(name, passed, cmd, deps, target=None):
    """The rules of check NAME (make target check-NAME, or TARGET) whose
    pass is kept as the file PASSED, made after DEPS, every file CMD
    reads: a make that changed nothing files the kept pass without
    starting a process (make's file function, FILE_PASS); a failure keeps
    nothing, so it is judged again."""
    target = target or f"check-{name}"
    return (f"{passed}: {deps}\n"
            f"\t@rm -f $@\n"
            f"\t@build/harness/record.sh {name} -- {cmd}\n"
            f"\t@mkdir -p $(@D) && cp $(OUT)/results/{name}.pass $@\n"
            f"{target}: {passed} | $(OUT)/results\n"
            f"\t@$(call FILE_PASS,{passed},{name})\n"
            f".PHONY: {target}\n")


def sources():
    """(tag, dir, chapter file) of each extracted source that still exists."""
    found = []
    for d in runstore.extract_dirs():
        tag = os.path.basename(d)
        if not os.path.isdir(d) or not os.path.exists(os.path.join(d, "chapter")):
            continue
        chapter = open(os.path.join(d, "chapter")).read().strip()
        if os.path.exists(chapter):  # else left by a file renamed or removed
            found.append((tag, d, chapter))
    return found


def checker_rules(d, tag, n, where, claim, known_model, errors, checks):
    """The rules of chapter TAG's runs of other checkers ({.check}
    blocks): a file target per run, its report ID.out, and a check per
    run.  target=check: make check's (CHECKS); target=chapter: make
    chapter-N's only (CHAPTER_N_ONLY); target=full: make keep-ID runs it
    and keeps it in chapters/runs/, and the check check-kept-ID (make
    check's) compares that kept report, which must be today's."""
    lines, only, full = [], [], []
    for flags in runstore.defined("check", d):
        spec, _ = blockformat.read_spec(flags)
        rid, tool = spec["id"], spec["tool"]
        loc = where(rid)
        if tool not in checkers.tools():
            errors.append(f"{loc}: tool={tool} has no adapter build/checkers/{tool}.py;"
                          f" the tools are: {' '.join(checkers.tools())}")
            continue
        suffix = checkers.adapter(tool).SUFFIX
        if not spec["model"].endswith(suffix):
            errors.append(f"{loc}: model={spec['model']}: {tool} runs {suffix} files"
                          f" (a {{.{'murphi' if suffix == '.m' else 'litmus'} file=...}}"
                          " fragment or a .derive of one)")
            continue
        if not (known_model(spec, loc) and claim(rid, loc)):
            continue
        model = os.path.join("models", spec["model"])
        report = runstore.make_file(rid, 'out')
        deps = (f"{flags} {sha(model)} $(OUT)/tool-version/{tool} "
                f"$(CHECKER_DEPS) {sha('build/checkers/' + tool + '.py')}")
        # Its comparison's pass kept as a Spin run's is (ID.pass, below).
        passed = runstore.make_file(rid, 'pass')
        lines.append(
            f"{report}: {deps}\n"
            f"\t@echo '{tool}: {rid}'\n"
            f"\t@build/pipeline/run-checker.py {flags}\n"
            + kept_pass(f"run-{rid}", passed, f"build/pipeline/check-checker.py {flags}",
                        f"{report} {deps} {os.path.dirname(flags)}.stamp $(CHECK_CHECKER_DEPS)"))
        target = spec.get("target") or "check"
        if target == "check":
            checks.append(f"check-run-{rid}")
            lines.append(f"ALL_RUNS += {report}\n")
        elif target == "chapter":
            only.append(f"check-run-{rid}")
            lines.append(f"CHAPTER_ONLY_RUNS += {report}\n")
        else:
            full.append(f"keep-{rid}")
            checks.append(f"check-kept-{rid}")
            lines.append(f"keep-{rid}: {report}\n"
                         f"\t@build/pipeline/bless.py --keep {rid}\n"
                         + kept_pass(f"kept-{rid}", runstore.make_file(rid, "kept-pass"),
                                     f"build/pipeline/check-checker.py --kept {flags}",
                                     f"{sha(runstore.kept_file(rid, 'out'))} {sha(runstore.kept_file(rid, 'from'))} "
                                     f"{deps} {os.path.dirname(flags)}.stamp $(CHECK_CHECKER_DEPS)")
                         + f".PHONY: keep-{rid}\n")
    lines.append(f"CHAPTER_{n}_ONLY := {' '.join(only)}\n")
    if full:
        lines.append(f"chapter-{n}-full: {' '.join(full)}\n.PHONY: chapter-{n}-full\n")
    return "".join(lines)


# The verdict a check target files (build/harness/record.sh's NAME).
VERDICT_PREFIXES = (("check-run-", "run-"), ("check-recorded-", "recorded-"),
                    ("check-kept-", "kept-"), ("check-sim-", "sim-"))


def verdict_of(check):
    for target, verdict in VERDICT_PREFIXES:
        if check.startswith(target):
            return verdict + check[len(target):]
    return check


def main():
    lines = ["# Generated by build/pipeline/mkrules.py from the chapters; do not edit.\n"]
    chapters = set()
    verdicts = {}  # chapter number -> the verdicts its checks file
    sweepdir = runstore.sweeps_dir()
    errdir = os.path.join(OUT, "rules-errors")
    os.makedirs(sweepdir, exist_ok=True)
    os.makedirs(errdir, exist_ok=True)
    os.makedirs(os.path.join(OUT, "expected"), exist_ok=True)
    srcs = sources()
    models = set()
    for _, d, _ in srcs:
        for line in runstore.index(d):
            kind, *rest = line.split()
            if kind in ("model", "derive"):
                models.add(rest[0])
    # Run names are unique over the book: a name two files use is an
    # error in both, and neither run is made.
    defined = {}  # run id -> [where it is defined]
    for tag, d, chapter in srcs:
        for flags in runstore.defined("run", d):
            rid = blockformat.read_spec(flags)[0]["id"]
            defined.setdefault(rid, []).append(blockformat._where(flags, rid, chapter))
        for flags in runstore.defined("check", d):
            rid = runstore.check_stem(flags)
            defined.setdefault(rid, []).append(blockformat._where(flags, rid, chapter))
        for spec_path in runstore.defined("sim", d):
            rid = os.path.basename(spec_path)[len("sim."):]
            defined.setdefault(rid, []).append(blockformat._where(spec_path, rid, chapter))
        for sweep in runstore.defined("sweep", d):
            sid = os.path.basename(sweep)[len("sweep."):]
            try:
                for rid, *_ in blockformat.sweep_rows(sweep, chapter):
                    defined.setdefault(rid, []).append(
                        f"{blockformat._where(sweep, sid, chapter)} (a row of sweep {sid})")
            except blockformat.FormatError:
                pass
    for tag, d, chapter in srcs:
        n = int(tag[2:4])
        errors = []

        def where(rid, flags_dir=d):
            return blockformat._where(os.path.join(flags_dir, "x"), rid, chapter)

        def claim(rid, loc):
            others = [w for w in defined.get(rid, []) if w != loc]
            if others:
                errors.append(f"{loc}: a second run named {rid} (also {others[0]});"
                              " give each run its own #id")
                return False
            return True

        def known_model(spec, loc):
            if spec["model"] not in models:
                errors.append(f"{loc}: model={spec['model']} is a model no chapter "
                              "defines (no {.promela file=...} or {.derive file=...}"
                              " block makes it); name one of: "
                              + " ".join(sorted(m for m in models if not m.endswith(".h"))))
                return False
            return True

        runs = []  # (flags path, target)
        for flags in sorted(runstore.defined("run", d)):
            spec, _ = blockformat.read_spec(flags)
            loc = where(spec["id"])
            if known_model(spec, loc) and claim(spec["id"], loc):
                runs.append((flags, "check"))
        for sweep in sorted(runstore.defined("sweep", d)):
            sid = os.path.basename(sweep)[len("sweep."):]
            spec, _ = blockformat.read_spec(sweep)
            loc = where(sid)
            if not known_model(spec, loc):
                continue
            full = []
            try:
                rows = list(blockformat.sweep_rows(sweep, chapter))
            except blockformat.FormatError as e:
                errors.append(str(e.code))
                continue
            for rid, flags, row, target, _ in rows:
                if not claim(rid, f"{loc} (a row of sweep {sid})"):
                    continue
                fpath = os.path.join(sweepdir, f"run.{rid}.flags")
                write_if_changed(fpath, flags)
                write_if_changed(os.path.join(sweepdir, f"run.{rid}.row"), row)
                runs.append((fpath, target))
                if target == "full":
                    full.append(rid)
            saves = "".join(f"\t@build/pipeline/keep-run.sh {rid}\n" for rid in full)
            lines.append(f"sweep-{sid}-full: {' '.join('check-run-' + r for r in full)}\n"
                         f"{saves}.PHONY: sweep-{sid}-full\n")
        checks = [f"blocks-{tag}"]
        lines.append(checker_rules(d, tag, n, where, claim, known_model, errors, checks))
        for flags, target in runs:
            spec, _ = blockformat.read_spec(flags)
            rid = spec["id"]
            model = os.path.join("models", spec["model"])
            deps = " ".join([flags] + [sha(p) for p in [model] + modelfiles.includes(model)])
            report = runstore.make_file(rid, 'out')
            # The comparison's pass is kept as ID.pass, made after every
            # file check-run.py reads: the run's report, its flags, the
            # chapter's extraction (what the report must say; for a
            # sweep's row, its row and every extraction, through
            # rules.mk), the model and its includes, Spin's version and
            # the tools.  A make that changed nothing files the kept
            # pass without a process (FILE_PASS); a failure keeps
            # nothing, so it is compared again.
            passed = runstore.make_file(rid, 'pass')
            said = (f"{os.path.dirname(flags)}.stamp" if not flags.startswith(sweepdir)
                    else f"{flags[:-len('.flags')]}.row $(OUT)/rules.mk")
            lines.append(
                f"{report}: {deps} $(RUN_DEPS)\n"
                f"\t@echo 'spin: {rid}'\n"
                f"\t@build/pipeline/run-model.py {flags}\n"
                + kept_pass(f"run-{rid}", passed, f"build/pipeline/check-run.py {flags}",
                            f"{report} {deps} {said} $(RUN_DEPS) $(CHECK_RUN_DEPS)"))
            if target == "full" and os.path.exists(runstore.kept_file(rid, "out")):
                lines.append(kept_pass(f"recorded-{rid}", runstore.make_file(rid, "recorded-pass"),
                                       f"build/pipeline/check-run.py --recorded {flags}",
                                       f"{sha(runstore.kept_file(rid, 'out'))} {sha(runstore.kept_file(rid, 'from'))} "
                                       f"{deps} {said} $(RUN_DEPS) $(CHECK_RUN_DEPS)"))
                checks.append(f"check-recorded-{rid}")
            if target == "check":
                checks.append(f"check-run-{rid}")
                lines.append(f"ALL_RUNS += {report}\n")
        # A simulation ({.sim} block): its output made by the workbench's
        # own code (build/workbench/simulate.py, as make simulate runs
        # it), and a check that compares it, and a second fresh run,
        # with the chapter: kept while the output and what made it are
        # unchanged.
        for spec_path in runstore.defined("sim", d):
            spec, _ = blockformat.read_spec(spec_path)
            sid = spec["id"]
            if not (known_model(spec, where(sid)) and claim(sid, where(sid))):
                continue
            model = os.path.join("models", spec["model"])
            trail = f" {runstore.make_file(spec['run'], 'out')}" if spec.get("mode") == "replay" else ""
            deps = " ".join([spec_path] + [sha(p) for p in [model] + modelfiles.includes(model)])
            output = runstore.make_file(sid, 'sim')
            lines.append(
                f"{output}: {deps}{trail} $(SIM_DEPS)\n"
                f"\t@echo 'spin: {sid} (simulation)'\n"
                f"\t@build/workbench/simulate.py block {spec_path}\n"
                f"ALL_RUNS += {output}\n")
            lines.append(kept_pass(f"sim-{sid}", runstore.make_file(sid, "sim-pass"),
                                   f"build/workbench/simulate.py check {spec_path}",
                                   f"{output} {deps}{trail} $(SIM_DEPS)"))
            checks.append(f"check-sim-{sid}")
        for line in runstore.index(d):
            if line.startswith("generated "):
                lines.append(f"BOOK_GENERATED += {line.split()[1]}\n")
        # A listing checked against a file of the repository: kept while
        # the listing, that file and the tool are unchanged.
        for ci in sorted(runstore.defined("checkin", d)):
            name = f"check-in-{tag}-{ci.rsplit('.', 1)[1]}"
            keys, _ = blockformat.read_spec(ci)
            lines.append(kept_pass(name, runstore.make_file(name, "kept-pass"),
                                   f"build/pipeline/check-in.py {ci}",
                                   f"{ci} {sha(keys['path'])} {os.path.dirname(ci)}.stamp "
                                   f"$(call SHA,build/pipeline/check-in.py $(LIB))", target=name))
            checks.append(name)
        # A solution an answer keeps for an exercise is graded as the
        # answer says (build/workbench/grade.py --check): a reference one passes, a
        # wrong one is rejected.
        for line in runstore.index(d):
            if line.startswith("graded "):
                model = line.split()[1]
                name = f"grade-{model.rsplit('.', 1)[0]}"
                # Graded again only when a model, the demands (the
                # extracted chapters), the grader or Spin has changed.
                # Its pass is kept while those are: the extractions' stamps,
                # the content stamps of the solution's model (the one it
                # grades, models/NAME) and of what that includes.
                spec = os.path.join(d, 'graded.' + model)
                graded = os.path.join("models", blockformat.read_spec(spec)[0]["model"])
                graded_deps = " ".join(sha(p) for p in [graded] + modelfiles.includes(graded))
                lines.append(kept_pass(name, runstore.make_file(name, "kept-pass"),
                                       f"build/workbench/grade.py --check {spec}",
                                       f"{spec} $(wildcard $(OUT)/extract/*.stamp) {graded_deps} $(OUT)/spin-version "
                                       f"$(call SHA,build/workbench/grade.py $(LIB))", target=name))
                checks.append(name)
        write_if_changed(os.path.join(errdir, tag), "".join(e + "\n" for e in errors))
        # The format's verdict on the chapter: kept while its extraction
        # (the stamp), the rules' errors of it and the tools are unchanged.
        lines.append(kept_pass(f"blocks-{tag}", runstore.make_file(f"blocks-{tag}", "kept-pass"),
                               f"build/pipeline/check-blocks.sh {tag}",
                               f"{d}.stamp {os.path.join(errdir, tag)} "
                               f"$(call SHA,build/pipeline/check-blocks.sh build/lib/runstore.py)",
                               target=f"blocks-{tag}"))
        lines.append(f"chapter-{n}-checks: {' '.join(checks)}\n"
                     f".PHONY: chapter-{n}-checks\n")
        # The verdicts these checks file (build/harness/summary.sh counts
        # one that never came, e.g. after its run crashed, as a failure).
        verdicts.setdefault(n, []).extend(
            verdict_of(c) for c in checks)
        chapters.add(n)
    for n, names in verdicts.items():
        write_if_changed(os.path.join(OUT, "expected", f"chapter-{n}"),
                         "".join(name + "\n" for name in sorted(set(names))))
    lines.append("CHAPTER_CHECKS += "
                 + " ".join(f"chapter-{n}-checks" for n in sorted(chapters)) + "\n")
    lines.append("CHAPTER_NUMBERS := " + " ".join(str(n) for n in sorted(chapters)) + "\n")
    rules = os.path.join(OUT, "rules.mk")
    write_if_changed(rules, "".join(lines))
    # Newer than what it is made from, even when its text came out the
    # same: else every later make would run this again (make starts over
    # once, having seen it remade).
    os.utime(rules)


main()
