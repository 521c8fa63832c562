#!/usr/bin/python3
"""qrcu-all-report: chapter 9's verdict and tables, from its checked runs.

Reads the reports of chapter 9's runs (out/runs/ID.out, made and compared
with the chapter by make check) and writes out/qrcu-all/mutants.md (each
mutant's smallest failing configuration in the original model, in the
reduced model of chapter 8, in the all-sizes model, and in the two
broken reductions) and out/qrcu-all/figures.md (the all-sizes model's
cost beside chapter 8's 3x3 run and the published one); prints the
verdict.  The mutants are the rows of chapters/mutants.tsv that name a
row of chapter 9's table.  Run IDs follow the chapter's scheme:
mut-MUTANT-MODEL-U-R for the exact models, mut-MUTANT-all-K and all-k-K
for the all-sizes one.

Exits 1, naming what is wrong, when a run is missing or when the runs do
not say what the chapter claims: the all-sizes model must pass; each
expressible mutant must fail on its safety assertion there and each
other one on an assumption; each exact failure must be the smallest
(the configurations just below it were run and passed); and each broken
reduction must let through at least one mutant the original catches."""

import glob
import os
import re
import sys

from build.lib import blockformat
from build.lib import mutants
from build.lib import panreport
from build.lib import runstore

OUT = runstore.OUT
# The chapters are found by their topic, not their number, so that a
# chapter put in before them changes nothing here.
ALL_SIZES = "ch[0-9][0-9]-qrcu-all-sizes"
SHRINKING = "ch[0-9][0-9]-shrinking-qrcu"
DEST = os.path.join(OUT, "qrcu-all")
# The mutants of chapter 9's table and their labels, in the order of
# their letters: the rows of chapters/mutants.tsv with a chapter9 field.
try:
    MUTANTS = mutants.chapter9_rows(mutants.read())
except mutants.Bad as e:
    sys.exit(f"qrcu-all-report: {e}")
# What the all-sizes model must say of each (caught on the safety
# assertion, or outside its assumptions on which one) is the chapter's:
# the verdict= of each run, read by verdicts() below.
BROKEN = [("noanonr", "r7, other readers dropped"),
          ("noanonu", "r7, other updaters dropped")]
# The all-sizes model broken the same way: its runs are mut-MUTANT-B-2.
BROKEN_ALL = [("noothers", "all sizes, other readers never start"),
              ("noenv", "all sizes, no environment")]
# The chapter's table of abstract counterexamples, each beside the exact
# run that reproduces its failure: rows "| [run `A`]{.ref} | [run `E`]{.ref} |".
CEX_ROW = re.compile(r"^\|\s*\[run `?([\w.-]+)`?\]\{\.ref\}\s*\|\s*\[run `?([\w.-]+)`?\]\{\.ref\}\s*\|\s*$")
SAFETY = ("readerstart", "sum==0")

problems = []


def runs():
    """{id: (spec, report fields, report text)} for chapter 9's runs."""
    # The chapter's own runs and sweep rows, as extracted now (never a
    # stale flags file left by a row since removed).
    ids = []
    for path in runstore.defined("run", runstore.extract_dir(ALL_SIZES)):
        ids.append(blockformat.read_spec(path)[0]["id"])
    for sweep in runstore.defined("sweep", runstore.extract_dir(ALL_SIZES)):
        ids.extend(row[0] for row in blockformat.sweep_rows(sweep, "chapter 9"))
    found = {}
    for rid in ids:
        rep, _ = runstore.report(rid, OUT)
        if rep is None:
            problems.append(f"run {rid}: no report in {OUT}/runs/{rid}.out; "
                            f"run make chapter-9 first")
            continue
        text = open(rep).read()
        found[rid] = (None, panreport.parse(text), text)
    if not found:
        sys.exit(f"qrcu-all-report: no runs of chapter 9 under {OUT}/; "
                 "run make chapter-9 (or make models) first")
    return found


def outcome(fields):
    """'pass', 'fail' (the safety assertion), or 'assume: TEXT'."""
    if fields.get("errors") == "0":
        return "pass"
    v = fields.get("violation", "")
    if any(s in v.replace(" ", "") for s in SAFETY):
        return "fail"
    return "assume: " + (v.replace("assertion violated", "").strip() or "invalid end state")


def exact(found, mutant, model):
    """(failing config, passing configs, outcome at the failure) of one
    mutant in one exact model, or None if it has no runs."""
    pat = re.compile(rf"^mut-{mutant}-{model}-(\d+)-(\d+)$")
    res = {}
    for rid, (_, f, _) in found.items():
        m = pat.match(rid)
        if m:
            res[(int(m.group(1)), int(m.group(2)))] = outcome(f)
    if not res:
        return None
    fails = sorted((c for c, o in res.items() if o != "pass"), key=lambda c: (sum(c), c))
    passes = sorted(c for c, o in res.items() if o == "pass")
    return (fails[0] if fails else None), passes, (res[fails[0]] if fails else "pass")


def exact_at(found, mutant, model, c):
    """The outcome of one exact run, or None if it was not run."""
    rid = f"mut-{mutant}-{model}-{c[0]}-{c[1]}"
    return outcome(found[rid][1]) if rid in found else None


def cfg(c):
    return f"{c[0]}x{c[1]}"


def cell(found, mutant, model, where):
    r = exact(found, mutant, model)
    if r is None:
        problems.append(f"{where}: no runs mut-{mutant}-{model}-U-R")
        return "(not run)"
    fail, passes, what = r
    shown = ", ".join(cfg(c) for c in passes)
    if fail is None:
        return f"passes at {shown}"
    below = [(fail[0] - 1, fail[1]), (fail[0], fail[1] - 1)]
    missing = [b for b in below if min(b) >= 1 and b not in passes]
    if missing:
        problems.append(f"{where}: fails at {cfg(fail)}, but "
                        f"{', '.join(cfg(b) for b in missing)} was not run and "
                        f"seen to pass, so {cfg(fail)} is not shown to be the smallest")
    text = f"**fails at {cfg(fail)}**" if what == "fail" else \
        f"**outside its assumptions at {cfg(fail)}**: `{what[len('assume: '):]}`"
    return text + (f"; passes at {shown}" if shown else "")


def used(found, rid):
    """Other readers started and slowpaths run by the environment in the
    abstract counterexample of run RID (from its trail)."""
    trail = runstore.run_file(rid, "trail")
    if not os.path.exists(trail):
        return None
    starts = slow = 0
    for line in open(trail):
        if "(other_readers:" in line and "((idle>0))" in line:
            starts += 1
        if "(other_updaters:" in line and "((mutex==0))" in line:
            slow += 1
    return starts, slow


def verdicts(found):
    """Every run of chapters 8 and 9 printed in the chapter (a .pan block)
    carries the chapter's verdict (pass, or the assertion it stops on),
    which make bless never changes; each report must bear it out.  A
    sweep row's verdict (its verdict column, or pass) is judged by make
    check row by row.  Returns {run id: verdict} of chapter 9's runs."""
    got = {}
    for chapter in (ALL_SIZES, SHRINKING):
        d = runstore.extract_dir(chapter)
        for path in runstore.defined("run", d):
            rid = blockformat.read_spec(path)[0]["id"]
            vfile = os.path.join(os.path.dirname(path), "verdict." + rid)
            if not os.path.exists(vfile):
                problems.append(f"{blockformat._where(path, rid, chapter)}: run {rid} "
                                "has no verdict=; give what it must conclude (pass, or "
                                "violated TEXT), so that make bless cannot turn it")
                continue
            want = open(vfile).read().strip()
            got[rid] = want
            if rid in found:
                fields = found[rid][1]
            else:
                rep, _ = runstore.report(rid, OUT)
                if rep is None:
                    continue  # chapter 8's run, not made here: its check judges it
                fields = panreport.parse(open(rep).read())
            why = panreport.judge(fields, want)
            if why:
                problems.append(f"run {rid}: the chapter's verdict is {want!r}: {why}")
    return got


def listed(found):
    """Every mutant chapter 9 runs in an exact model (mut-MUTANT-orig-U-R,
    mut-MUTANT-r7-U-R) is a row of its table in chapters/mutants.tsv."""
    names = {m for m, _ in MUTANTS}
    for m in sorted({x.group(1) for x in (re.match(r"^mut-(.+)-(?:orig|r7)-\d+-\d+$", rid)
                                          for rid in found) if x}):
        if m not in names:
            problems.append(f"mutant {m}: chapter 9 runs it (mut-{m}-orig-U-R), but no row of "
                            f"{mutants.PATH} gives it a chapter9 label; add its row, or its "
                            "label \"(LETTER) words\" to its row")


def main():
    found = runs()
    verdicts(found)
    listed(found)
    os.makedirs(DEST, exist_ok=True)
    rows = ["| mutant | original (ch. 5) | reduced, r7 (ch. 8) | all sizes, K=2 "
            "| abstract counterexample's size | "
            + " | ".join(label for _, label in BROKEN + BROKEN_ALL) + " |",
            "|---|---|---|---|---|" + "---|" * len(BROKEN + BROKEN_ALL)]
    for m, label in MUTANTS:
        orig = cell(found, m, "orig", f"mutant {m}, original")
        r7 = cell(found, m, "r7", f"mutant {m}, r7")
        rid = f"mut-{m}-all-2"
        if rid not in found:
            problems.append(f"mutant {m}: no all-sizes run {rid}")
            allc, use = "(not run)", ""
        else:
            o = outcome(found[rid][1])
            allc = "**caught**" if o == "fail" else \
                ("passes" if o == "pass" else f"**outside its assumptions**: `{o[len('assume: '):]}`")
            u = used(found, rid) if o == "fail" else None
            use = ""
            if u:
                size = (1 + u[1], 1 + u[0])
                at = exact_at(found, m, "orig", size)
                use = (f"{cfg(size)} at most ({u[0]} other reader(s), {u[1]} slowpath(s) "
                       f"of the environment); the original at {cfg(size)}: "
                       + {"pass": "passes, so spurious at that size",
                          "fail": "fails, confirmed",
                          None: "not run"}.get(at, at))
        broken = []
        for b, _ in BROKEN:
            r = exact(found, m, b)
            if r is None:
                broken.append("")
                continue
            fail, passes, _ = r
            broken.append(f"fails at {cfg(fail)}" if fail else
                          "passes at " + ", ".join(cfg(c) for c in passes))
        for b, _ in BROKEN_ALL:
            o = outcome(found[f"mut-{m}-{b}-2"][1]) if f"mut-{m}-{b}-2" in found else None
            broken.append({None: "", "pass": "**passes**", "fail": "caught"}.get(
                o, f"outside: `{(o or '')[len('assume: '):]}`"))
        rows.append(f"| {label} | {orig} | {r7} | {allc} | {use} | " + " | ".join(broken) + " |")
    # The negative control: each broken reduction lets at least one
    # mutant through at a configuration where the original fails.
    for b, label in BROKEN:
        through = []
        for m, _ in MUTANTS:
            r, o = exact(found, m, b), exact(found, m, "orig")
            if r and o and o[0]:
                if any(c[0] >= o[0][0] and c[1] >= o[0][1] for c in r[1]):
                    through.append(m)
        if not through:
            problems.append(f"negative control: the broken reduction {b} ({label}) "
                            "lets no mutant through that the original catches; the "
                            "mutants are too weak to notice it")
        else:
            print(f"qrcu-all: the broken reduction {b} ({label}) is noticed: "
                  f"{', '.join(through)} pass(es) on it where the original fails")
    # The same for the all-sizes model: dropping either class of its
    # abstraction lets through a mutant the real model catches.
    for b, label in BROKEN_ALL:
        through = [m for m, _ in MUTANTS
                   if f"mut-{m}-{b}-2" in found and f"mut-{m}-all-2" in found
                   and outcome(found[f"mut-{m}-{b}-2"][1]) == "pass"
                   and outcome(found[f"mut-{m}-all-2"][1]) == "fail"]
        if not through:
            problems.append(f"negative control: the broken abstraction {b} ({label}) "
                            "lets no mutant through that the all-sizes model catches; "
                            "no mutant run needs that class of processes")
        else:
            print(f"qrcu-all: the broken abstraction {b} ({label}) is noticed: "
                  f"{', '.join(through)} pass(es) on it where the all-sizes model catches it")
    counterexamples(found)
    with open(os.path.join(DEST, "mutants.md"), "w") as f:
        f.write("\n".join(rows) + "\n\n: Each mutant's smallest failing configuration "
                "(updaters x readers), from the runs of chapter 9 that `make check` "
                "compares with the chapter; `make qrcu-all` writes this table.\n")

    # The verdict and the figures.
    fig = ["| model | configuration | states | depth | memory (MB) | time (s) |",
           "|---|---|---:|---:|---:|---:|"]
    verdict_ok = True
    for rid, what in [("all-k-1", "K=1 (below the bound)"), ("all-k-2", "K=2"),
                      ("all-k-3", "K=3"), ("all-patchexit-2", "K=2, the patch's early exit")]:
        if rid not in found:
            problems.append(f"no run {rid}")
            verdict_ok = False
            continue
        f = found[rid][1]
        if f.get("errors") != "0":
            problems.append(f"{rid}: the all-sizes model should pass, but reports "
                            f"errors: {f.get('errors')}")
            verdict_ok = False
        model = "all sizes, " + ("patch's slowpath" if "patchexit" in rid else "article's slowpath")
        fig.append(f"| {model} | every N, M; {what} | {panreport.number(f['stored']):,} | "
                   f"{f.get('depth', '?')} | {f.get('memory', '?')} | {f.get('time', '?')} |")
    for rid, model in [("qrcu-big-3-3", "reduced, r7 (ch. 8)"),
                       ("shrink-r0-2-2", "original (ch. 5)")]:
        rep, rec = runstore.report(rid, OUT)
        if rep is None:
            fig.append(f"| {model} | {rid} | not run here yet (make chapter-8) | | | |")
            continue
        f = panreport.parse(open(rep).read())
        c = rid.rsplit("-", 2)
        fig.append(f"| {model} | {c[1]}x{c[2]} | {panreport.number(f['stored']):,} | "
                   f"{f.get('depth', '?')} | {f.get('memory', '?')} | {f.get('time', '?')} |")
    pub = published()
    if pub:
        fig.append(f"| original, published (perfbook) | 3x3 | {pub[0]} | | {pub[1]} | {pub[2]} |")
    with open(os.path.join(DEST, "figures.md"), "w") as f:
        f.write("\n".join(fig) + "\n\n: The all-sizes model's cost for each bound K "
                "beside fixed-size runs; measured on this machine by the runs of "
                "chapters 5, 8 and 9, except the published row, quoted in chapter 8.\n")
    steps()
    print("\n".join(rows))
    print()
    print("\n".join(fig))
    if problems:
        for p in problems:
            print("qrcu-all: " + p)
        sys.exit(1)
    if verdict_ok:
        f = found["all-k-2"][1]
        print(f"qrcu-all: PASS for every N >= 1 readers and M >= 1 updaters "
              f"(all-sizes model, K=2: {panreport.number(f['stored']):,} states, "
              f"{f.get('memory', '?')} MB, {f.get('time', '?')} s)")


def counterexamples(found):
    """Every abstract counterexample (a run of an all-sizes model, mut-*-all-K,
    that stops on the safety assertion) has beside it, in the chapter's
    table, an exact run that make check runs and that stops on the safety
    assertion too."""
    chapter = sorted(glob.glob(os.path.join("chapters", ALL_SIZES + ".md")))
    if not chapter:
        problems.append(f"no chapter chapters/{ALL_SIZES}.md to read the table of "
                        "abstract counterexamples from")
        return
    rows = {}
    for n, line in enumerate(open(chapter[0]), 1):
        m = CEX_ROW.match(line)
        if m:
            rows[m.group(1)] = (m.group(2), f"{chapter[0]}:{n}")
    for rid, (_, f, _) in sorted(found.items()):
        if re.match(r"^mut-[\w]+-all-\d+$", rid) and outcome(f) == "fail" and rid not in rows:
            problems.append(f"abstract counterexample {rid}: no exact run beside it in "
                            f"{chapter[0]}'s table; add a row | [run `{rid}`]{{.ref}} | "
                            "[run `EXACT`]{.ref} | naming a run of an exact model that fails")
    for rid, (exact_id, where) in sorted(rows.items()):
        if rid not in found or outcome(found[rid][1]) != "fail":
            problems.append(f"{where}: {rid} is not an all-sizes run caught on the safety "
                            "assertion, so it is no abstract counterexample")
            continue
        rep, _ = runstore.report(exact_id, OUT)
        if rep is None:
            problems.append(f"{where}: the exact run {exact_id} has no report in {OUT}/runs/; "
                            "name a run the book makes (make chapter-5, -8 or -9 runs it)")
            continue
        o = outcome(panreport.parse(open(rep).read()))
        if o != "fail":
            problems.append(f"{where}: the exact run {exact_id} does not reproduce "
                            f"{rid}'s failure: it {'passes' if o == 'pass' else o}")
        else:
            print(f"qrcu-all: abstract counterexample {rid} reproduced by the exact run {exact_id}")


def steps():
    """Chapter 8's seven steps side by side: states stored by each model
    at 2x2, 2x3 and 3x2 (fresh or recorded reports of its shrink-rN
    sweeps), and how many times fewer than the original's."""
    sizes = ["2-2", "2-3", "3-2"]
    names = ["chapter 5's model", "1: forget dead values",
             "2: snapshot only what the check reads", "3: wait instead of spinning",
             "4: watch one reader, from one updater", "5: count the anonymous readers",
             "6: sums only need to reach two", "7: count the anonymous updaters"]
    base = {}
    lines = ["| step | " + " | ".join(f"{c.replace('-', 'x')} states" for c in sizes)
             + " | " + " | ".join(f"{c.replace('-', 'x')}, times fewer" for c in sizes) + " |",
             "|---|" + "---:|" * (2 * len(sizes))]
    for n, name in enumerate(names):
        got, ratio = [], []
        for c in sizes:
            rep, rec = runstore.report(f"shrink-r{n}-{c}", OUT)
            if rep is None:
                got.append("not run here yet")
                ratio.append("")
                continue
            st = panreport.number(panreport.parse(open(rep).read())["stored"])
            if n == 0:
                base[c] = st
            got.append(f"{st:,}" + (" (recorded)" if rec else ""))
            ratio.append(f"{base[c] / st:,.0f}" if c in base and n else "")
        lines.append(f"| {name} | " + " | ".join(got) + " | " + " | ".join(ratio) + " |")
    with open(os.path.join(DEST, "steps.md"), "w") as f:
        f.write("\n".join(lines) + "\n\n: States stored by chapter 8's models, each step "
                "applied to the one before, with chapter 5's flags (`-O2 -DSAFETY "
                "-DCOLLAPSE`); the rows too long for `make check` are the recorded "
                "reports of `make qrcu-crosscheck-full`.\n")


def published():
    """The published 3x3 figures chapter 8 quotes in its qrcu-big table."""
    for sweep in runstore.defined("sweep.qrcu-big", runstore.extract_dir(SHRINKING)):
        for rid, _, _, _, c in blockformat.sweep_rows(sweep, "chapter 8"):
            if rid.endswith("-3-3"):
                return (c.get("published states", ""), c.get("published memory", ""),
                        c.get("published time", ""))
    return None


main()
