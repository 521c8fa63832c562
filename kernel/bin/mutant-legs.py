#!/usr/bin/python3
"""mutant-legs.py MUTANTS.TSV OUT.md | --runs | --relacy | --lkmm

The book's table of mutants against the legs that check them, one row per
kernel scenario of a mutant of chapters/mutants.tsv (the busted_qrcu_*
flavours: each a Promela mutant that is a code change, or a planted bug
with no Promela model), written to OUT.md from the runs alone:

  - Spin on the original model (chapters 5 and 6, and chapter 9's runs
    of it), on the reduced model r7 (chapter 8) and on the all-sizes
    model (chapter 9): the reports out/runs/ID.out (or the kept
    chapters/runs/ID.out) of the runs the mutant's row names;
  - rumur (chapter 13): its runs of the Murphi model's mutants, likewise;
  - LTSmin (chapter 15): its runs of the same Promela mutants, likewise,
    each cell saying the back-end (from the report) and the size (from
    the run's .from);
  - relacy (chapter 12): out/relacy/runs/NAME.out of every row of
    kernel/relacy/checks whose mutant the row names;
  - LKMM (chapter 11): herd7's report of the row's litmus variant;
  - the kernel: MUTANTS.TSV, the kept soak boots judged by
    kernel/bin/mutant-table.sh.

A run named there without a report, or a report that gives no verdict,
is one line naming it and the make target that makes it, and exit 1:
the table is never written with a hole.  The chapters may add runs and
mutants of their own; only the runs named there are read.  --runs,
--relacy and --lkmm print the run IDs, the relacy checks and the litmus
tests it reads, for make.
"""

import os
import re
import sys

from build.lib import panreport
from build.lib import runstore
from build.checkers import ltsmin
from build.checkers import rumur
from build.lib import mutants


# The rows: one per kernel scenario of chapters/mutants.tsv, the one list
# of the mutants and of each one's runs in every leg.
try:
    ROWS = mutants.kernel_rows(mutants.read())
except mutants.Bad as e:
    sys.exit(f"mutant-legs: {e}")

problems = []


# The Spin and rumur legs: the field of chapters/mutants.tsv, and the
# target that makes its runs.
SPIN_LEGS = {"spin-orig": "make chapter-6", "spin-r7": "make chapter-8",
             "spin-all": "make chapter-9", "rumur": "make chapter-13"}


def size(rid):
    m = re.search(r"-(\d+)x(\d+)$", rid) or re.search(r"-(?:orig|r7)-(\d+)-(\d+)$", rid)
    if m:
        return f"{m.group(1)}x{m.group(2)}"
    m = re.search(r"-all-(\d+)$", rid)
    return f"K={m.group(1)}" if m else rid


def spin_cell(rids, make, first):
    if not first:
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


def ltsmin_cell(rids, first):
    if not first:
        return "as above"
    if not rids:
        return "no model"
    out, models = [], set()
    for rid in rids:
        path, _ = runstore.report(rid)
        if path is None:
            problems.append(f"mutant-legs: run {rid} has no report in {runstore.OUT}/runs/; "
                            f"make {runstore.OUT}/runs/{rid}.out (or make chapter-15) first")
            continue
        f = ltsmin.parse(open(path).read())
        v = ltsmin.verdict(f)
        sets, model = {}, "?"
        src = path[:-len(".out")] + ".from"
        if os.path.exists(src):
            for line in open(src):
                if line.startswith("set="):
                    sets = dict(w.split("=", 1) for w in line[4:].split() if "=" in w)
                elif line.startswith("model="):
                    model = line[len("model="):].strip()
        at = (f"{sets['N_QRCU_UPDATERS']}x{sets['N_QRCU_READERS']}"
              if "N_QRCU_UPDATERS" in sets and "N_QRCU_READERS" in sets else None)
        if v is None or "tool" not in f or at is None:
            problems.append(f"mutant-legs: {path}: no verdict, tool or size (set= of its .from) "
                            f"in the run; run {rid} again")
            continue
        what = f"passes at {at}" if v == "pass" else f"**fails at {at}**"
        out.append((model, f"{what} ({f['tool'].replace('prom2lts-', '')})"))
        models.add(model)
    # A row whose runs are of several models names each run's model.
    return "; ".join(f"`{m}`: {c}" if len(models) > 1 else c for m, c in out)


def relacy_cell(names, first):
    if not first:
        return "as above"
    if not names:
        return "no mutant"
    return "; ".join(relacy_mutant_cell(m, len(names) > 1) for m in names)


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


def lkmm_cell(variants, first):
    if not first:
        return "as above"
    out = []
    for v in variants:
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
    shown = [m for m, _, _, first in ROWS if first]
    if argv == ["--runs"]:
        print(" ".join(r for m in shown for leg in list(SPIN_LEGS) + ["ltsmin"]
                       for r in m.items(leg)))
        return 0
    if argv == ["--lkmm"]:
        print(" ".join(sorted({v.rsplit("+", 1)[0] for m in shown for v in m.items("herd7")})))
        return 0
    if argv == ["--relacy"]:
        print(" ".join(n for m in shown for r in m.items("relacy") for n in relacy_names(r)))
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
             "| LTSmin | relacy | LKMM | kernel (kept soak boots) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for m, scen, what, first in ROWS:
        lines.append("| " + " | ".join(
            [f"`{m.name}` (`{scen}`): {what}"]
            + [spin_cell(m.items(leg), make, first) for leg, make in SPIN_LEGS.items()]
            + [ltsmin_cell(m.items("ltsmin"), first)]
            + [relacy_cell(m.items("relacy"), first), lkmm_cell(m.items("herd7"), first),
               kernel_cell(krows, scen)]) + " |")
    if problems:
        for p in problems:
            print(p, file=sys.stderr)
        return 1
    runstore.put(dest, "\n".join(lines) + "\n\n: Each busted flavour of the kernel against every "
                 "leg: Spin's runs (sizes are updaters x readers, or the all-sizes model's "
                 "bound K), rumur's, LTSmin's (its back-end in brackets), relacy's checks (updaters x readers), and the kept soak boots (times from "
                 "the start of the test), herd7 on the variant of a chapter 11 litmus test that "
                 "plants the same bug (the other flavours change code no test models). Written by `kernel/bin/mutant-legs.py` from the runs.\n")
    print(f"mutant-legs: {dest}: {len(ROWS)} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
