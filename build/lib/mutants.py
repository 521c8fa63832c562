"""The book's mutants of QRCU, read from chapters/mutants.tsv: the one
list of them, with each one's counterpart in every leg (its Spin,
rumur and LTSmin runs, its kernel scenarios, its relacy mutants, its
herd7 variant, its row of chapter 9's table).  The file's header says what each field
holds.  A bad row stops the reader with one line, FILE:LINE, what is
wrong and what to write."""

import os
import re

# MUTANTS_TSV points the tools at another copy (their self-tests' broken ones).
PATH = os.environ.get("MUTANTS_TSV") or os.path.join("chapters", "mutants.tsv")
FIELDS = ["mutant", "bug", "kernel", "spin-orig", "spin-r7", "spin-all", "rumur",
          "ltsmin", "relacy", "herd7", "chapter9"]
# The fields that list a leg's counterparts (or "none: why").
LEGS = FIELDS[2:]
NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
SCENARIO = re.compile(r"^([A-Z0-9][A-Z0-9-]*)(?: \(([^()]+)\))?$")
LETTER = re.compile(r"^\(([a-z])\) \S")
# The correct model: LTSmin's runs of any other QRCU model are a
# mutant's, which a row's ltsmin field must name (ltsmin_problems).
CORRECT = "qrcu.spin"


class Bad(Exception):
    """A row that cannot be read: str() is the one line to print."""


def none(value):
    """The reason a leg has no counterpart, or None when it has one."""
    return value[len("none:"):].strip() if value.startswith("none:") else None


class Mutant:
    def __init__(self, fields, where):
        self.where = where
        self.name = fields["mutant"]
        self.bug = fields["bug"]
        self.fields = fields

    def items(self, leg):
        """The counterparts of one leg: a list (empty for none)."""
        v = self.fields[leg]
        return [] if none(v) is not None else v.split()

    def scenarios(self):
        """[(scenario, note or None)] of the kernel field."""
        v = self.fields["kernel"]
        if none(v) is not None:
            return []
        return [SCENARIO.match(s).groups() for s in v.split(", ")]

    def chapter9(self):
        """Chapter 9's row label, or None."""
        v = self.fields["chapter9"]
        return None if none(v) is not None else v


def read(path=PATH):
    """The mutants, in the file's order; raises Bad on a bad row."""
    if not os.path.exists(path):
        raise Bad(f"{path}: missing; restore it (git checkout -- {path})")
    rows, seen = [], {}
    head = None
    for n, line in enumerate(open(path), 1):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        where = f"{path}:{n}"
        cells = line.split("\t")
        if head is None:
            if cells != FIELDS:
                raise Bad(f"{where}: the header must be the fields {' '.join(FIELDS)}, "
                          "separated by tabs")
            head = cells
            continue
        if len(cells) != len(FIELDS):
            raise Bad(f"{where}: {len(cells)} fields, want {len(FIELDS)} separated by tabs "
                      f"({' '.join(FIELDS)}); write none: WHY for a leg without a counterpart")
        f = dict(zip(FIELDS, cells))
        name = f["mutant"]
        if not NAME.match(name):
            raise Bad(f"{where}: mutant name {name!r}: use lower-case letters, digits and -")
        if name in seen:
            raise Bad(f"{where}: mutant {name} is already the row of {seen[name]}; keep one row")
        seen[name] = where
        for leg in LEGS:
            v = f[leg]
            if not v or v == "none" or v == "none:":
                raise Bad(f"{where}: mutant {name}: field {leg} is empty; name its "
                          "counterpart or write none: WHY")
            if none(v) is not None:
                continue
            if leg == "kernel":
                bad = [s for s in v.split(", ") if not SCENARIO.match(s)]
                if bad:
                    raise Bad(f"{where}: mutant {name}: kernel scenario {bad[0]!r}: want "
                              "NAME or NAME (NOTE), several separated by \", \"")
            elif leg == "chapter9":
                if not LETTER.match(v):
                    raise Bad(f"{where}: mutant {name}: chapter9 {v!r}: want \"(LETTER) words\"")
            elif leg == "ltsmin" and not all(NAME.match(x) for x in v.split()):
                raise Bad(f"{where}: mutant {name}: ltsmin {v!r}: want run IDs (the "
                          "{.check tool=ltsmin} blocks' #ID), separated by blanks")
            elif leg == "herd7" and any(len(x.split("+")) < 3 for x in v.split()):
                raise Bad(f"{where}: mutant {name}: herd7 {v!r}: want TEST+VARIANT, the test "
                          "of kernel/litmus/TEST.litmus and its broken variant")
        rows.append(Mutant(f, where))
    if head is None:
        raise Bad(f"{path}: no header line ({' '.join(FIELDS)})")
    return rows


def ltsmin_problems(mutants, runs, table=PATH):
    """What is wrong between the rows' ltsmin fields and RUNS, {ID: the
    block's fields (tool=, model=, chapter=)} of every {.check} block
    the chapters define: each named run must be an LTSmin run of a
    mutant, named by one row; each LTSmin run of a model other than
    the correct one must be named.  One line each, naming the run."""
    out, named = [], {}
    for m in mutants:
        for r in m.items("ltsmin"):
            spec = runs.get(r)
            if r in named:
                out.append(f"mutant {m.name}: its LTSmin run {r} is the run of mutant "
                           f"{named[r]} too; name it in one row of {table}")
            named.setdefault(r, m.name)
            if spec is None:
                out.append(f"mutant {m.name}: its LTSmin run {r} is not a block of any "
                           "chapter; add the {.check #" + r + " tool=ltsmin} block, or "
                           f"write none: WHY in its ltsmin field of {table}")
            elif spec.get("tool") != "ltsmin":
                out.append(f"mutant {m.name}: its LTSmin run {r} ({spec.get('chapter', '?')}) "
                           f"is a run of {spec.get('tool')}, not of LTSmin; name the "
                           f"tool=ltsmin block in its ltsmin field of {table}")
            elif spec.get("model") == CORRECT:
                out.append(f"mutant {m.name}: its LTSmin run {r} ({spec.get('chapter', '?')}) "
                           f"runs the correct model {CORRECT}, not a mutant; name the "
                           f"run of its mutant in its ltsmin field of {table}")
    for r, spec in sorted(runs.items()):
        if spec.get("tool") == "ltsmin" and spec.get("model") != CORRECT and r not in named:
            out.append(f"LTSmin run {r} ({spec.get('chapter', '?')}, models/{spec.get('model')}) "
                       f"runs a mutant no row of {table} names; add {r} to the ltsmin "
                       "field of the mutant it plants")
    return out


def kernel_rows(mutants):
    """The mutant-by-leg table's rows, one per kernel scenario:
    (mutant, scenario, text, first scenario of its mutant?)."""
    out = []
    for m in mutants:
        for i, (scen, note) in enumerate(m.scenarios()):
            if i == 0:
                text = m.bug + (f", {note}" if note else "")
            else:
                text = "the same" + (f", {note}" if note else "")
            out.append((m, scen, text, i == 0))
    return out


def chapter9_rows(mutants):
    """(name, label) of chapter 9's table, in the order of their letters."""
    rows = [(m.name, m.chapter9()) for m in mutants if m.chapter9()]
    return sorted(rows, key=lambda r: LETTER.match(r[1]).group(1))


def relacy_checks(path=os.path.join("kernel", "relacy", "checks")):
    """[(check name, its mutant or -)] of kernel/relacy/checks, in order
    (kernel/bin/relacy-check.sh judges the rows' other fields)."""
    out = []
    for line in open(path):
        f = line.split()
        if len(f) > 1 and not line.startswith("#"):
            out.append((f[0], f[1]))
    return out
