#!/usr/bin/env python3
"""mutant-legs.py MUTANTS.TSV OUT.md | --runs | --relacy

The book's table of mutants against the legs that check them, one row per
busted_qrcu_* flavour of the kernel (each a Promela mutant that is a code
change, or a planted bug with no Promela model), written to OUT.md from
the runs alone:

  - Spin on the original model (chapters 5 and 6, and chapter 9's runs
    of it), on the reduced model r7 (chapter 8) and on the all-sizes
    model (chapter 9): the reports out/runs/ID.out (or the kept
    chapters/runs/ID.out) of the runs named in LEGS below;
  - rumur (chapter 13): its runs of the Murphi model's mutants, likewise;
  - relacy (chapter 12): out/relacy/runs/NAME.out of every row of
    kernel/relacy/checks whose mutant is the one named below;
  - the kernel: MUTANTS.TSV, the kept soak boots judged by
    kernel/bin/mutant-table.sh.

A run named below without a report, or a report that gives no verdict,
is one line naming it and the make target that makes it, and exit 1:
the table is never written with a hole.  The chapters may add runs and
mutants of their own; only the runs named here are read.  --runs and
--relacy print the run IDs and the relacy checks it reads, for make.
"""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "build", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "build", "checkers"))
import panreport  # noqa: E402
import runstore  # noqa: E402
import rumur  # noqa: E402

# The models have one mutant for two kernel rows: "as above".
SAME = "same"

# Row: (kernel flavour, the scenario of its kept boots, what it is, the
# Spin runs on the original model, on r7, on the all-sizes model, the
# rumur runs, the relacy mutants: the one that plants the flavour's own
# bug first, then any other form of it).  A run list is empty where the leg has
# no model of the mutant.
LEGS = [
    ("onesum", "BUSTED-ONESUM", "one sum (chapter 6's *noresum*)",
     ["qrcu-noresum-1x2", "qrcu-noresum-2x1"], ["shrink-noresum-1x2", "shrink-noresum-2x1"],
     ["mut-noresum-all-2"], ["rumur-noresum-1x2", "rumur-noresum-2x1"], ["onesum"]),
    ("nowait", "BUSTED-NOWAIT", "a flip that does not wait",
     ["qrcu-nowait-1x1"], ["shrink-nowait-1x1"], ["mut-nowait-all-2"], ["rumur-nowait-1x1"], ["nowait"]),
    ("incany", "BUSTED-INCANY", "the increment without the not-zero test, reader window open",
     ["mut-incany-orig-1-1", "mut-incany-orig-1-2"], ["mut-incany-r7-1-1", "mut-incany-r7-1-2"],
     ["mut-incany-all-2"], ["rumur-incany-1x1", "rumur-incany-1x2"], ["incany-fallback", "incany-ordered"]),
    ("incany", "BUSTED-INCANY-PLAIN", "the same, no reader window",
     SAME, SAME, SAME, SAME, SAME),
    ("earlyout", "BUSTED-EARLYOUT", "the early exit tested before the mutex",
     ["mut-earlyout-orig-1-2", "mut-earlyout-orig-2-1"], ["mut-earlyout-r7-1-2", "mut-earlyout-r7-2-1"],
     ["mut-earlyout-all-2"], ["rumur-earlyout-1x2", "rumur-earlyout-2x1"], ["earlyout"]),
    ("loose", "BUSTED-LOOSE", "the fastpath's threshold at two",
     ["qrcu-loose-1x1"], ["shrink-loose-1x1"], ["mut-loose-all-2"], ["rumur-loose-1x1"], ["loose"]),
    ("swap", "BUSTED-SWAP", "the flip's decrement before its increment (chapter 6's (d))",
     ["qrcu-swap-1x2", "qrcu-swap-2x1"], ["shrink-swap-1x2", "shrink-swap-2x1"],
     ["mut-swap-all-2"], ["rumur-swap-1x2", "rumur-swap-2x1"], ["swap"]),
    ("drain1", "BUSTED-DRAIN1", "the wait that ends at one (no Promela model)",
     [], [], [], [], ["drain-le1"]),
    ("oneunlock", "BUSTED-ONEUNLOCK", "the wait for one unlock (chapter 9's (j))",
     ["mut-oneunlock-orig-1-1", "mut-oneunlock-orig-2-1", "mut-oneunlock-orig-1-2"],
     ["mut-oneunlock-r7-1-1", "mut-oneunlock-r7-2-1", "mut-oneunlock-r7-1-2"],
     ["mut-oneunlock-all-2"], ["rumur-oneunlock-1x1", "rumur-oneunlock-2x1", "rumur-oneunlock-1x2"],
     ["oneunlock"]),
    ("unlockwait", "BUSTED-UNLOCKWAIT", "the mutex released before the wait (no Promela model)",
     [], [], [], [], ["unlockwait"]),
]

problems = []


def size(rid):
    m = re.search(r"-(\d+)x(\d+)$", rid) or re.search(r"-(?:orig|r7)-(\d+)-(\d+)$", rid)
    if m:
        return f"{m.group(1)}x{m.group(2)}"
    m = re.search(r"-all-(\d+)$", rid)
    return f"K={m.group(1)}" if m else rid


def spin_cell(rids, make):
    if rids == SAME:
        return "as above"
    if not rids:
        return "no model"
    out = []
    for rid in rids:
        path, _ = runstore.report(rid)
        if path is None:
            problems.append(f"mutant-legs: run {rid} has no report in {runstore.OUT}/runs/; "
                            f"make {runstore.OUT}/runs/{rid}.out (or {make}) first")
            continue
        text = open(path).read()
        f = rumur.parse(text) if rid.startswith("rumur-") else panreport.parse(text)
        if "errors" not in f:
            problems.append(f"mutant-legs: {path}: no verdict in the report; run {rid} again")
            continue
        out.append(f"passes at {size(rid)}" if f["errors"] == "0" else f"**fails at {size(rid)}**")
    return "; ".join(out)


def relacy_cell(mutants):
    if mutants == SAME:
        return "as above"
    if not mutants:
        return "no mutant"
    return "; ".join(relacy_mutant_cell(m, len(mutants) > 1) for m in mutants)


def relacy_mutant_cell(mutant, named):
    rows = []
    for line in open(os.path.join("kernel", "relacy", "checks")):
        f = line.split()
        if len(f) >= 8 and not line.startswith("#") and f[1] == mutant:
            rows.append((f[0], f[2], f[3], f[4], f[7]))
    assert [r[0] for r in rows] == relacy_names(mutant)
    if not rows:
        problems.append(f"mutant-legs: kernel/relacy/checks has no row of mutant {mutant}")
        return "?"
    out = []
    for name, readers, updaters, sched, data in rows:
        path = os.path.join(runstore.OUT, "relacy", "runs", f"{name}.out")
        text = open(path).read() if os.path.exists(path) else ""
        m = re.search(r"^qrcu-relacy: .* result=(.+?) iterations=(\d+)", text, re.M)
        if not m:
            problems.append(f"mutant-legs: {path}: no result line; make relacy-check first")
            continue
        what = m.group(1)
        n = f"{int(m.group(2)):,}"
        at = f"passes {n} schedules" if what == "SUCCESS" else f"**{what.lower()}** at {n}"
        how = (" marked" if data == "marked" else "") + (" random" if sched == "random" else "")
        out.append(f"{updaters}x{readers}{how}: {at}")
    return (f"`{mutant}`: " if named else "") + "; ".join(out)


def kernel_cells(tsv):
    rows = {}
    with open(tsv) as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            r = dict(zip(head, line.rstrip("\n").split("\t")))
            rows[r["scenario"]] = r
    return rows


def kernel_cell(rows, scen):
    r = rows.get(scen)
    if r is None:
        problems.append(f"mutant-legs: the kernel's table has no row of {scen}; "
                        "make kernel-soak-check writes it from the kept boots")
        return "?"
    b, c = r["boots"], r["caught"]
    if r["end"] == "HANG":
        return f"**hung** in {c} of {b} boots; hung-task report at {r['hang-report']} s"
    if c == "0":
        return f"missed in {b} of {b} boots (end: {r['end']})"
    return f"**caught** in {c} of {b} boots, at {r['first-error']} s"


# The herd7 variants that plant a flavour's bug in a litmus test of
# chapter 11 (TEST+VARIANT); the other flavours change code that no test
# models.
LKMM = {
    "incany": ["QRCU+entry-mb+inc-not-zero+incany"],
    "swap": ["QRCU+flip+two-sums+swap"],
}


def lkmm_cell(name, first):
    if not first:
        return "as above"
    out = []
    for v in LKMM.get(name, []):
        path = os.path.join(runstore.OUT, "lkmm", "herd", f"{v}.out")
        text = open(path).read() if os.path.exists(path) else ""
        m = re.search(r"^Observation \S+ (Never|Sometimes|Always) (\d+) (\d+)", text, re.M)
        if not m:
            problems.append(f"mutant-legs: {path}: no herd7 Observation line; make lkmm-check first")
            continue
        word = f"**{m.group(1).lower()}**" if m.group(1) != "Never" else "never"
        out.append(f"`{v.split('+')[-1]}` ({v.rsplit('+', 1)[0]}): {word} {m.group(2)} {m.group(3)}")
    return "; ".join(out) if out else "no test"


def relacy_names(mutant):
    return [line.split()[0] for line in open(os.path.join("kernel", "relacy", "checks"))
            if not line.startswith("#") and len(line.split()) > 1
            and line.split()[1] == mutant]


def main(argv):
    if argv == ["--runs"]:
        print(" ".join(r for row in LEGS for runs in row[3:7] if runs != SAME for r in runs))
        return 0
    if argv == ["--lkmm"]:
        print(" ".join(sorted({v.rsplit("+", 1)[0] for vs in LKMM.values() for v in vs})))
        return 0
    if argv == ["--relacy"]:
        print(" ".join(n for row in LEGS if row[7] != SAME for m in row[7] for n in relacy_names(m)))
        return 0
    if len(argv) != 2:
        print("usage: mutant-legs.py MUTANTS.TSV OUT.md", file=sys.stderr)
        return 2
    tsv, dest = argv
    if not os.path.exists(tsv):
        print(f"mutant-legs: no {tsv}; make kernel-soak-check writes it", file=sys.stderr)
        return 1
    krows = kernel_cells(tsv)
    lines = ["| kernel flavour | Spin, original | Spin, r7 | Spin, all sizes | rumur "
             "| relacy | LKMM | kernel (kept soak boots) |",
             "|---|---|---|---|---|---|---|---|"]
    seen = set()
    for name, scen, what, orig, r7, allsz, rum, rel in LEGS:
        first = name not in seen
        seen.add(name)
        lines.append("| " + " | ".join([
            f"`{name}` (`{scen}`): {what}",
            spin_cell(orig, "make chapter-6"), spin_cell(r7, "make chapter-8"),
            spin_cell(allsz, "make chapter-9"), spin_cell(rum, "make chapter-13"),
            relacy_cell(rel), lkmm_cell(name, first), kernel_cell(krows, scen)]) + " |")
    if problems:
        for p in problems:
            print(p, file=sys.stderr)
        return 1
    runstore.put(dest, "\n".join(lines) + "\n\n: Each busted flavour of the kernel against every "
                 "leg: Spin's runs (sizes are updaters x readers, or the all-sizes model's "
                 "bound K), rumur's, relacy's checks (updaters x readers), and the kept soak boots (times from "
                 "the start of the test), herd7 on the variant of a chapter 11 litmus test that "
                 "plants the same bug (the other flavours change code no test models). Written by `kernel/bin/mutant-legs.py` from the runs.\n")
    print(f"mutant-legs: {dest}: {len(LEGS)} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
