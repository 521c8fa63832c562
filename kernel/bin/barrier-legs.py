#!/usr/bin/python3
"""barrier-legs.py OUT.md [CHAPTER.md...] | --relacy | --check-only OUT.md CHAPTER.md...

The book's table of QRCU's orderings against the legs that check them
(chapter 11), one row per ordering of kernel/rcu/qrcu.c, each cell made
from the runs of that leg which take the ordering away:

  - LKMM: herd7's report $OUT/lkmm/herd/TEST+VARIANT.out of each broken
    variant named below (make lkmm-check);
  - relacy: $OUT/relacy/runs/NAME.got of each check of
    kernel/relacy/checks named below (make relacy-check);
  - the kernel in QEMU: the kept LITMUS boot's count for each klitmus7
    module named below, from $OUT/lkmm/klitmus/klitmus.md
    (make lkmm-check judges the boot and writes it);
  - Spin: the runs named below (none today: Spin's memory is
    sequentially consistent, so its models have no barrier to take away);
  - the compiled code under the architectures' own models: herd7's
    report $OUT/arch/herd/TEST+VARIANT.out of each broken variant of
    the assembly tests of kernel/arch-litmus named below, run with
    aarch64.cat or ppc.cat (make arch-check).

A cell lists its runs, each with what it reported, and says "caught"
when one of them found the bug, "missed" when all of them passed, and
"no run" when the leg has no run of that ordering.  A run named below
without a result is one line naming it and the target that makes it,
and exit 1: the table is never written with a hole.

Prose is tied to the table by spans of the chapters given:

    [relacy sees it]{.leg barrier=exit-mb leg=relacy says=caught}

BARRIER is a row's key, LEG one of spin, kernel, lkmm, relacy, arch, and
SAYS what the sentence claims: caught, missed or no-run.  A span whose
claim differs from its cell, or that names an unknown row or leg, is
one line FILE:LINE naming the claim and the cell, and exit 1.  The
HTML keeps the span as it is.  --check-only reads a table written
before and checks the chapters against it; --relacy prints the relacy
checks it reads, for make.
"""

import os
import re
import sys

OUT = os.environ.get("OUT", "out")
LEGS = ("spin", "kernel", "lkmm", "relacy", "arch")
LEG_TITLE = {"spin": "Spin", "kernel": "the kernel in QEMU (klitmus7, TCG on x86)",
             "lkmm": "LKMM (herd7)", "relacy": "relacy",
             "arch": "the compiled code (herd7, AArch64 and PPC models)"}

# Row: (key, the ordering, herd7 variants as (test, variant), relacy
# checks, klitmus7 modules (TEST or TEST+VARIANT), Spin runs, variants
# of the assembly tests as (test, variant)).
ENTRY = "QRCU+entry-mb+inc-not-zero"
EXIT = "QRCU+exit-mb+dec-and-test"
FLIP = "QRCU+flip+two-sums"
MUTEX = "QRCU+mutex+handover"
RCU = "QRCU+rcu+cleanup"
WAIT = "QRCU+wait+wake"
A64_ENTRY = "QRCU-A64+entry+dmb+casal"
A64_EXIT = "QRCU-A64+exit+dmb+ldaddal"
A64_EXIT_LLSC = "QRCU-A64+exit+dmb+llsc"
PPC_ENTRY = "QRCU-PPC+entry+sync"
PPC_EXIT = "QRCU-PPC+exit+sync"
ROWS = [
    ("entry-mb", "entry `smp_mb()` of `synchronize_qrcu()`",
     [(ENTRY, "entry-wmb")], ["no-entry-mb", "no-entry-mb-marked", "entry-wmb"],
     [ENTRY + "+entry-wmb"], [], [(A64_ENTRY, "no-dmb"), (PPC_ENTRY, "no-sync")]),
    ("exit-mb", "exit `smp_mb()` of `synchronize_qrcu()`",
     [(EXIT, "exit-none")],
     ["no-exit-mb", "no-exit-mb-marked", "no-exit-mb-marked-random", "no-exit-mb-marked-2x2-random"],
     [EXIT + "+exit-none"], [], [(A64_EXIT, "no-dmb"), (A64_EXIT_LLSC, "no-dmb"), (PPC_EXIT, "no-sync")]),
    ("exit-rmb", "exit `smp_mb()` weakened to `smp_rmb()`",
     [(EXIT, "exit-rmb")], ["exit-rmb"], [], [], []),
    ("rmb", "`smp_rmb()` between the two sums",
     [(FLIP, "no-rmb")], ["no-rmb", "rmb-wmb", "no-rmb-1x1"], [FLIP + "+no-rmb"], [], []),
    ("flip-mb", "`smp_mb__after_atomic()` of the flip",
     [(FLIP, "no-after-atomic")], ["no-flip-mb", "flip-mb-late", "no-flip-mb-1x1"],
     [FLIP + "+no-after-atomic"], [], []),
    ("inc-not-zero", "`atomic_inc_not_zero()` fully ordered",
     [(ENTRY, "incnz-acquire")], [], [ENTRY + "+incnz-acquire"], [],
     [(A64_ENTRY, "cas"), (PPC_ENTRY, "no-after-sync")]),
    ("dec-and-test", "`atomic_dec_and_test()` fully ordered",
     [(EXIT, "dec-relaxed")], ["dec-relaxed", "dec-relaxed-marked"], [EXIT + "+dec-relaxed"], [],
     [(A64_EXIT, "ldadd"), (A64_EXIT_LLSC, "stxr"), (PPC_EXIT, "no-before-sync")]),
    ("mutex", "`mutex_lock()`, `mutex_unlock()` of the slowpath",
     [(MUTEX, "next-unlocked"), (MUTEX, "flipper-unlocked")], ["no-mutex", "no-mutex-1x1"],
     [MUTEX + "+next-unlocked", MUTEX + "+flipper-unlocked"], [], []),
    ("rcu", "`rcu_read_lock()` in unlock, `synchronize_rcu()` in cleanup",
     [(RCU, "no-rcu-reader"), (RCU, "no-sync")], [],
     [RCU + "+no-rcu-reader", RCU + "+no-sync"], [], []),
    ("rcuwait", "rcuwait's barriers (`set_current_state()`, `rcuwait_wake_up()`)",
     [(WAIT, "waiter-no-mb"), (WAIT, "waker-relaxed")], [],
     [WAIT + "+waiter-no-mb", WAIT + "+waker-relaxed"], [], []),
]

problems = []


def herd_cell(variants, where=("lkmm", "herd"), make="lkmm-check"):
    out, caught = [], False
    for test, var in variants:
        path = os.path.join(OUT, *where, f"{test}+{var}.out")
        text = open(path).read() if os.path.exists(path) else ""
        m = re.search(r"^Observation \S+ (Never|Sometimes|Always) (\d+) (\d+)", text, re.M)
        if not m:
            problems.append(f"barrier-legs: {path}: no herd7 Observation line; make {make} first")
            continue
        caught |= m.group(1) != "Never"
        arch = "" if where[0] == "lkmm" else ("PPC " if "-A64+" not in test else
                                              "AArch64 LL/SC " if "+llsc" in test else "AArch64 LSE ")
        out.append(f"{arch}`{var}`: {m.group(1)} {m.group(2)} {m.group(3)}")
    return out, caught


def relacy_cell(names):
    rows = {}
    for line in open(os.path.join("kernel", "relacy", "checks")):
        f = line.split()
        if len(f) == 12 and not line.startswith("#"):
            rows[f[0]] = f
    out, caught = [], False
    for name in names:
        if name not in rows:
            problems.append(f"barrier-legs: kernel/relacy/checks has no check {name}; "
                            "add it or change kernel/bin/barrier-legs.py")
            continue
        path = os.path.join(OUT, "relacy", "runs", f"{name}.got")
        got = open(path).read().split() if os.path.exists(path) else []
        if len(got) < 2:
            problems.append(f"barrier-legs: {path}: no result; make relacy-check first")
            continue
        r = rows[name]
        size = f"{r[2]}x{r[3]}" + (" marked" if r[7] == "marked" else "") + (
            " random" if r[4] == "random" else "")
        res, at = got[0], f"{int(got[1]):,}"
        caught |= res != "SUCCESS"
        out.append(f"`{name}` ({size}): " + (f"passes {at} schedules" if res == "SUCCESS"
                                              else f"{res.replace('_', ' ').lower()} at {at}"))
    return out, caught


def klitmus_counts():
    path = os.path.join(OUT, "lkmm", "klitmus", "klitmus.md")
    counts = {}
    if os.path.exists(path):
        for line in open(path):
            m = re.match(r"\| `([^`]+)` \| [^|]+ \| (\d+) \| (\d+) \|", line)
            if m:
                counts[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    return path, counts


def kernel_cell(modules, counts, path):
    out, caught = [], False
    for mod in modules:
        if mod not in counts:
            problems.append(f"barrier-legs: {path}: no count of module {mod}; make lkmm-check "
                            "judges the kept LITMUS boot and writes it")
            continue
        runs, seen = counts[mod]
        caught |= seen > 0
        out.append(f"`{mod.split('+')[-1]}`: outcome in {seen:,} of {runs:,} runs")
    return out, caught


def spin_cell(rids):
    if rids:
        problems.append("barrier-legs: Spin runs are not read yet; list none or teach spin_cell()")
    return [], False


def verdict(runs, caught):
    if not runs:
        return "no-run"
    return "caught" if caught else "missed"


def render(v, runs):
    if v == "no-run":
        return "no run"
    word = "**caught**" if v == "caught" else "missed"
    return f"{word}: " + "; ".join(runs)


def build():
    path, counts = klitmus_counts()
    table = {}
    lines = ["| ordering in `qrcu.c` | " + " | ".join(LEG_TITLE[leg] for leg in LEGS) + " |",
             "|---|" + "---|" * len(LEGS)]
    for key, what, herd, relacy, kern, spin, arch in ROWS:
        cells = {"lkmm": herd_cell(herd), "relacy": relacy_cell(relacy),
                 "kernel": kernel_cell(kern, counts, path), "spin": spin_cell(spin),
                 "arch": herd_cell(arch, ("arch", "herd"), "arch-check")}
        row = []
        for leg in LEGS:
            runs, caught = cells[leg]
            v = verdict(runs, caught)
            table[(key, leg)] = v
            row.append(render(v, runs))
        lines.append(f"| {what} (`{key}`) | " + " | ".join(row) + " |")
    return table, lines


SPAN = re.compile(r"\]\{\.leg\s([^}]*)\}")


def check_prose(table, chapters):
    bad = 0
    for chap in chapters:
        text = open(chap, encoding="utf-8").read()
        spans = list(SPAN.finditer(text))
        if len(spans) != text.count("{.leg"):
            print(f"{chap}: {text.count('{.leg') - len(spans)} .leg span(s) not closed by a }}")
            bad += 1
        for m in spans:
            n = text.count("\n", 0, m.start()) + 1
            if True:
                attrs = dict(re.findall(r"(\w+)=\"?([\w-]+)\"?", m.group(1)))
                b, leg, says = attrs.get("barrier"), attrs.get("leg"), attrs.get("says")
                where = f"{chap}:{n}"
                if b is None or leg is None or says is None:
                    print(f"{where}: a .leg span needs barrier=, leg= and says=: {m.group(0)}")
                    bad += 1
                elif leg not in LEGS:
                    print(f"{where}: leg={leg}: not a leg of the table; use one of {', '.join(LEGS)}")
                    bad += 1
                elif (b, leg) not in table:
                    print(f"{where}: barrier={b}: no such row; the rows: "
                          f"{', '.join(r[0] for r in ROWS)}")
                    bad += 1
                elif says not in ("caught", "missed", "no-run"):
                    print(f"{where}: says={says}: use caught, missed or no-run")
                    bad += 1
                elif table[(b, leg)] != says:
                    print(f"{where}: the prose says {leg} {says} {b}, but the table's cell says "
                          f"{table[(b, leg)]}; make the sentence say what the runs show")
                    bad += 1
    return bad


def read_table(path):
    """The verdicts of a table this script wrote."""
    table = {}
    keys = [r[0] for r in ROWS]
    for line in open(path, encoding="utf-8"):
        m = re.match(r"\| .* \(`([\w-]+)`\) \| (.*) \|$", line.rstrip("\n"))
        if not m or m.group(1) not in keys:
            continue
        cells = m.group(2).split(" | ")
        for leg, cell in zip(LEGS, cells):
            table[(m.group(1), leg)] = ("no-run" if cell == "no run" else
                                        "caught" if cell.startswith("**caught**") else "missed")
    return table


def main(argv):
    if argv == ["--relacy"]:
        print(" ".join(n for r in ROWS for n in r[3]))
        return 0
    if argv[:1] == ["--check-only"] and len(argv) >= 3:
        table = read_table(argv[1])
        if not table:
            print(f"barrier-legs: {argv[1]}: no rows of this table", file=sys.stderr)
            return 1
        bad = check_prose(table, argv[2:])
        print(f"barrier-legs: {len(argv) - 2} chapter(s) against {argv[1]}: "
              f"{'no claim contradicts a cell' if not bad else f'{bad} claim(s) wrong'}")
        return 1 if bad else 0
    if not argv or argv[0].startswith("-"):
        print(__doc__.strip().split("\n")[0].replace("barrier-legs.py", "usage: barrier-legs.py"),
              file=sys.stderr)
        return 2
    dest, chapters = argv[0], argv[1:]
    table, lines = build()
    if problems:
        for p in problems:
            print(p, file=sys.stderr)
        return 1
    bad = check_prose(table, chapters)
    tmp = dest + ".tmp"
    os.makedirs(os.path.dirname(dest) or ".", exist_ok=True)
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n\n: Each ordering of `qrcu.c` against every leg, from the "
                "runs that take it away: herd7's broken variants (Observation, positive and "
                "negative counts), relacy's checks (readers x updaters), the kept klitmus7 boot "
                "(times the forbidden outcome was seen), Spin's runs, and herd7's broken variants of the "
                "assembly tests of the compiled code (AArch64, PPC). Written by "
                "`kernel/bin/barrier-legs.py`.\n")
    os.replace(tmp, dest)
    print(f"barrier-legs: {dest}: {len(ROWS)} rows; {len(chapters)} chapter(s): "
          f"{'no claim contradicts a cell' if not bad else f'{bad} claim(s) wrong'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
