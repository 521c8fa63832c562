#!/usr/bin/python3
"""mutant-list.py [--table TSV] [--configs DIR] [--relacy-checks FILE]
                  [--relacy-mutants DIR] [--litmus DIR] [--out DIR]

Checks the legs' own lists of QRCU's mutants against chapters/mutants.tsv,
the one list of them (build/lib/mutants.py reads it):

  - every kernel scenario a mutant names exists in kernel/configs (its
    three files), is booted by make kernel-soak (SOAKLIST), and plants
    that mutant's bug: its torture type is busted_qrcu_MUTANT;
  - every scenario of kernel/configs whose torture type is
    busted_qrcu_NAME (a bug planted in the series' qrcu.c) is a kernel
    scenario of mutant NAME in the table; a BUSTED-* scenario is one of
    those or rcutorture's own busted_qrcu, which waits for nothing and
    plants no bug in qrcu.c;
  - every relacy mutant a row names has its script in
    kernel/relacy/mutants/ and a check in kernel/relacy/checks, and
    every mutant of kernel/relacy/checks is named by a row of the
    table, or only by checks of chapter 11's barrier table
    (kernel/bin/barrier-legs.py --relacy), whose mutants take a barrier
    away rather than change the algorithm;
  - every herd7 variant a row names is a broken variant of its test in
    kernel/litmus/;
  - every LTSmin run a row names is a {.check tool=ltsmin} block of a
    chapter (as extracted into OUT/extract/, which any make brings up to
    date) on a mutant, named by that row alone, and every such block on
    a model other than the correct qrcu.spin is named by a row.

Each thing wrong is one line naming the mutant (or the file) and the
fix; exit 1 then.  The options point it at other copies (its self-test,
kernel/tests/mutant-list-selftest.sh, gives broken ones)."""

import argparse
import os
import subprocess
import sys

from build.lib import blockformat
from build.lib import mutants
from build.lib import runstore
from kernel.bin import litmuslib

HERE = os.path.dirname(os.path.abspath(__file__))

TABLE = mutants.PATH


def scenarios(*args):
    """kernel/bin/scenarios.sh's answer (the one reader of the scenario
    files): (its lines, or None and its complaint)."""
    r = subprocess.run([os.path.join(HERE, "scenarios.sh"), *args], capture_output=True, text=True)
    if r.returncode != 0:
        return None, (r.stderr.strip() or r.stdout.strip()).replace("scenarios: ", "")
    return r.stdout.splitlines(), None


def barrier_checks():
    r = subprocess.run([sys.executable, os.path.join(HERE, "barrier-legs.py"), "--relacy"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"mutant-list: kernel/bin/barrier-legs.py --relacy failed: {r.stderr.strip()}")
    return set(r.stdout.split())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", default=TABLE)
    ap.add_argument("--configs", default=os.path.join("kernel", "configs"))
    ap.add_argument("--relacy-checks", default=os.path.join("kernel", "relacy", "checks"))
    ap.add_argument("--relacy-mutants", default=os.path.join("kernel", "relacy", "mutants"))
    ap.add_argument("--litmus", default=os.path.join("kernel", "litmus"))
    ap.add_argument("--out", default=runstore.OUT, help="where the chapters are extracted")
    a = ap.parse_args()
    try:
        rows = mutants.read(a.table)
    except mutants.Bad as e:
        print(f"mutant-list: {e}")
        return 1
    problems = []
    byname = {m.name: m for m in rows}

    # The kernel: the table's scenarios, and the busted flavours of the
    # configurations.
    soak, why = scenarios("soaklist", a.configs)
    if soak is None:
        problems.append(f"{a.configs}/SOAKLIST cannot be read: {why}")
        soak = []
    soaked = {line.split()[0] for line in soak}
    claimed = {}
    for m in rows:
        for scen, _ in m.scenarios():
            claimed[scen] = m.name
            path = os.path.join(a.configs, scen)
            t, why = scenarios("type", path)
            if t is None:
                problems.append(f"mutant {m.name}: its kernel scenario {scen} cannot be read ({why}); "
                                f"add {path}, {scen}.boot and {scen}.expect (busted_qrcu_{m.name}), "
                                f"or write none: WHY in its kernel field of {a.table}")
                continue
            if t[0] != f"busted_qrcu_{m.name}":
                problems.append(f"mutant {m.name}: its kernel scenario {scen} boots {t[0]}, "
                                f"not busted_qrcu_{m.name}; fix {path}.boot or the row's kernel field")
            if scen not in soaked:
                problems.append(f"mutant {m.name}: its kernel scenario {scen} is not in "
                                f"{a.configs}/SOAKLIST, so no kept boot judges it; add a line "
                                f"{scen} BOOTS SECONDS")
    names = sorted({f[:-len(".boot")] for f in os.listdir(a.configs) if f.endswith(".boot")})
    for scen in names:
        t, why = scenarios("type", os.path.join(a.configs, scen))
        if t is None:
            continue  # scenario-list.sh names it
        flavour = t[0]
        if flavour.startswith("busted_qrcu_"):
            name = flavour[len("busted_qrcu_"):]
            if name not in byname:
                problems.append(f"mutant {name}: {a.configs}/{scen} plants busted_qrcu_{name}, which "
                                f"no row of {a.table} names; add a row {name} (its bug and each "
                                f"leg's counterpart, or none: WHY) with {scen} in its kernel field")
            elif claimed.get(scen) != name:
                problems.append(f"mutant {name}: {a.configs}/{scen} plants busted_qrcu_{name}, but "
                                f"the row of {name} in {a.table} does not name {scen}; add it to "
                                "its kernel field")
        elif scen.startswith("BUSTED-") and flavour != "busted_qrcu":
            problems.append(f"{a.configs}/{scen}: a BUSTED scenario that boots {flavour}, neither a "
                            f"mutant (busted_qrcu_NAME, a row of {a.table}) nor rcutorture's "
                            "busted_qrcu; rename it or plant a mutant")

    # relacy.
    try:
        checks = mutants.relacy_checks(a.relacy_checks)
    except OSError as e:
        problems.append(f"{a.relacy_checks}: {e.strerror}")
        checks = []
    by_mutant = {}
    for name, mut in checks:
        by_mutant.setdefault(mut, []).append(name)
    named = {}
    for m in rows:
        for r in m.items("relacy"):
            named[r] = m.name
            if not os.path.exists(os.path.join(a.relacy_mutants, r + ".sed")):
                problems.append(f"mutant {m.name}: its relacy mutant {r} has no script "
                                f"{a.relacy_mutants}/{r}.sed; add it, or write none: WHY in its "
                                f"relacy field of {a.table}")
            if r not in by_mutant:
                problems.append(f"mutant {m.name}: its relacy mutant {r} has no check in "
                                f"{a.relacy_checks}; add a row NAME {r} ... (make relacy-bless "
                                f"NAME=... fills in what it reports), or write none: WHY in its "
                                f"relacy field of {a.table}")
    barrier = barrier_checks()
    for mut, names_ in sorted(by_mutant.items()):
        if mut == "-" or mut in named:
            continue
        if all(n in barrier for n in names_):
            continue
        problems.append(f"mutant {mut}: {a.relacy_checks} runs relacy mutant {mut} "
                        f"({', '.join(names_)}), which no row of {a.table} names; add it to "
                        "the relacy field of the mutant it plants, or a row of its own")

    # herd7.
    for m in rows:
        for v in m.items("herd7"):
            test, variant = v.rsplit("+", 1)
            path = os.path.join(a.litmus, test + ".litmus")
            if not os.path.exists(path):
                problems.append(f"mutant {m.name}: its herd7 variant {v}: no test {path}; "
                                f"name a test of {a.litmus}, or write none: WHY")
                continue
            try:
                variants = litmuslib.Test(path).variants
            except litmuslib.Problem as e:
                problems.append(f"mutant {m.name}: {e}")
                continue
            if variant not in variants:
                problems.append(f"mutant {m.name}: its herd7 variant {v}: {path} has no broken "
                                f"variant {variant} (it has {', '.join(sorted(variants)) or 'none'})")

    # LTSmin: the chapters' {.check} blocks, as extracted.
    runs = {}
    for flags in runstore.defined_everywhere("check", a.out):
        spec, _ = blockformat.read_spec(flags)
        runs[spec.get("id", "")] = spec
    lt = [r for m in rows for r in m.items("ltsmin")]
    if lt and not runstore.extract_dirs(a.out):
        problems.append(f"no chapter is extracted in {a.out}/extract/, so the LTSmin runs of "
                        f"{a.table} cannot be checked; make chapter-15 extracts them")
    else:
        problems += mutants.ltsmin_problems(rows, runs, a.table)

    for p in problems:
        print(f"mutant-list: {p}")
    if problems:
        return 1
    print(f"mutant-list: {len(rows)} mutants in {a.table}; their kernel scenarios "
          f"({len(claimed)}), relacy mutants ({len(named)}), herd7 variants and LTSmin runs "
          f"({len(lt)}) agree with {a.configs}, {a.relacy_checks}, {a.litmus} and the "
          f"chapters' blocks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
