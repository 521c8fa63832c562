#!/usr/bin/python3
"""model-index --list | --write | --check: the index of models/: every
model, the chapter that defines it, the model it is derived from (a
mutant or variant is a change to another model, kept in the chapter) and
the -D parameters it takes, with their defaults (a parameter is a macro
the model defines only when it is not given: #ifndef N / #define N 2).

--list prints it as a table (make list); --write puts it in
models/README.md; --check (make check) fails when models/README.md is not
what --write would write.  Reads what build/pipeline/extract.sh wrote under
out/extract/ (make models, make list and make check extract first)."""

import os
import re
import signal
import sys

from build.lib import modelfiles
from build.lib import runstore

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # make list | head
OUT = runstore.OUT
README = "models/README.md"
HEAD = """# The models

Every model here is written from a chapter by `make models` (to change
the book, edit the chapter, not the model). Each runs as it is, e.g.
`make verify MODEL=models/increment.spin DEFS="-DNUMPROCS=3"`; a
parameter is given with `DEFS="-DNAME=VALUE"` and otherwise takes the
default shown (a Murphi model's parameters are its constants, which a
run's `set=` rewrites; `make verify` runs Spin's models only). `make
list` prints this table; `make models-index` writes
this file from the chapters, and `make check` fails when it differs.

How the files are named (`make check` refuses a name that breaks it):

- lowercase words and digits joined by `-`, ending in `.spin` (a model)
  or `.h` (a file models include), e.g. `qrcu-r7.spin`; a model for
  another checker ends in its language's extension, `.m` (Murphi, run by
  rumur) or `.litmus` (a litmus test, run by herd7), e.g. `qrcu-dead.m`;
- a variant or mutant is its base's name, a `-`, and what it changes:
  the one-sum mutant of `qrcu.spin` is `qrcu-onesum.spin`, of the reduced
  `qrcu-r7.spin` is `qrcu-r7-onesum.spin`, of the all-sizes `qrcu-all.spin`
  is `qrcu-all-onesum.spin`;
- exercise K's files are `exK-topic.spin` (the one you edit),
  `exK-topic-solution.spin` (the reference solution) and
  `exK-topic-wrong.spin` (a wrong solution the grader rejects).

Below, each chapter's files come in three groups: the chapter's models,
the variants and mutants derived from them, and its exercises.
"""


def models():
    """[(name, chapter, base or '')], in the order of the chapters."""
    found, seen = [], set()
    for index in runstore.index_files():
        d = os.path.dirname(index)
        try:
            chapter = open(os.path.join(d, "chapter")).read().strip()
        except OSError:
            continue
        if not os.path.exists(chapter):
            continue  # left by a chapter renamed or removed
        mine = []
        for line in open(index):
            kind, *rest = line.split()
            if kind in ("model", "derive") and rest[0] not in seen:
                seen.add(rest[0])
                mine.append((rest[0], chapter, rest[1] if kind == "derive" else ""))
        # A chapter's own models first, then what it derives from them.
        found += [m for m in mine if not m[2]] + [m for m in mine if m[2]]
    return found


def parameters(path):
    """NAME=DEFAULT of each macro the model (and what it includes) sets
    only when it is not given; of a Murphi model, its constants."""
    params = []
    if path.endswith(".m"):
        try:
            text = open(path).read()
        except OSError:
            return params
        const = re.search(r"^const\s*$(.*?)^(type|var)\s*$", text, re.M | re.S)
        return [f"{n}={v}" for n, v in
                re.findall(r"^\s*(\w+)\s*:\s*(\d+);", const.group(1) if const else "", re.M)]
    for p in [path] + modelfiles.includes(path):
        try:
            text = open(p).read()
        except OSError:
            continue
        for name, value in re.findall(r"^\s*#\s*ifndef\s+(\w+)\s*\n\s*#\s*define\s+\1\b[ \t]*"
                                      r"([^\n/]*)", text, re.M):
            item = f"{name}={value.strip()}" if value.strip() else name
            if item not in params:
                params.append(item)
    return params


def rows():
    table = []
    for name, chapter, base in models():
        path = os.path.join("models", name)
        kind = "header" if name.endswith(".h") else "model"
        table.append((name, chapter, base, parameters(path) if kind == "model" else [],
                      [os.path.basename(p) for p in modelfiles.includes(path)]))
    return table


NAME_RULE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\.(spin|h|m|litmus)$")


def group(name, base):
    """Which of a chapter's three groups a file belongs to."""
    if re.match(r"^ex\d+-", name):
        return "exercises"
    return "variants and mutants" if base else "models"


def chapter_number(chapter):
    return int(re.search(r"ch(\d\d)-", os.path.basename(chapter)).group(1))


def markdown():
    lines = []
    table = rows()
    for n in sorted({chapter_number(r[1]) for r in table}):
        mine = [r for r in table if chapter_number(r[1]) == n]
        titles = sorted({r[1] for r in mine if r[1].startswith("chapters/")})
        title = titles[0] if titles else mine[0][1]
        lines += ["", f"## Chapter {n}: [{os.path.basename(title)}](../{title})"]
        for g in ("models", "variants and mutants", "exercises"):
            rs = [r for r in mine if group(r[0], r[2]) == g]
            if g == "exercises":
                rs.sort(key=lambda r: r[0])
            if not rs:
                continue
            lines += ["", f"{g.capitalize()}:", "",
                      "| model | defined in | derived from | parameters (default) | includes |",
                      "|---|---|---|---|---|"]
            for name, chapter, base, params, incl in rs:
                lines.append(f"| `{name}` | [{os.path.basename(chapter)}](../{chapter}) | "
                             f"{'`' + base + '`' if base else ''} | "
                             f"{', '.join('`' + p + '`' for p in params)} | "
                             f"{', '.join('`' + i + '`' for i in incl)} |")
    return HEAD + "\n".join(lines) + "\n"


def misnamed(table):
    """The files whose names break the rule HEAD states."""
    return [r[0] for r in table if not NAME_RULE.match(r[0])]


def main():
    mode = sys.argv[1:]
    if mode not in (["--list"], ["--write"], ["--check"]):
        sys.exit("usage: build/workbench/model-index.py --list | --write | --check")
    table = rows()
    if not table:
        sys.exit(f"model-index: no chapter was extracted under {OUT}/extract/; "
                 "run make models first")
    if mode == ["--list"]:
        w = max(len(r[0]) for r in table)
        print(f"{'model':<{w}}  {'chapter':<26}  {'derived from':<22}  -D parameters (default)")
        for name, chapter, base, params, incl in table:
            extra = ", ".join(params) + (f"  (includes {', '.join(incl)})" if incl else "")
            print(f"{name:<{w}}  {os.path.basename(chapter):<26}  {base or '-':<22}  {extra or '-'}")
        print(f"{len(table)} files in models/; make verify MODEL=models/NAME "
              "DEFS=\"-DPARAM=VALUE\" runs one")
        return
    bad = misnamed(table)
    if bad and mode != ["--list"]:
        sys.exit(f"model-index: {', '.join(bad)}: a model's name is lowercase words and "
                 "digits joined by '-', ending in .spin or .h (models/README.md says "
                 "how); rename it in its chapter's file= (and everywhere it is named)")
    text = markdown()
    old = open(README).read() if os.path.exists(README) else None
    if mode == ["--write"]:
        if text != old:
            runstore.put(README, text)
            print(f"{README}: written ({len(table)} models)")
        return
    if text != old:
        why = "is missing" if old is None else "differs from the chapters' models"
        sys.exit(f"{README} {why}; run make models-index (build/workbench/model-index.py --write) "
                 "and commit it")
    print(f"{README}: lists the {len(table)} models of the chapters")


main()
