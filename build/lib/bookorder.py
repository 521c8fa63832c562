"""The book's pages in reading order, read from SRC/chapters/book.tsv
(its comment says the format): read(SRC) is [(PART, PART-TITLE, LABEL,
STEM, TITLE)].  PART is the part's numeral (- for a heading without
one), LABEL the chapter's number, an appendix's letter or - (an
unnumbered page), STEM the page's name (chapters/STEM.md; "glossary" is
the page the build writes).  Without book.tsv (a scratch book of the
self-tests) every chapters/chNN-*.md is a page, in file order, numbered
NN, under one heading with no numeral ("Chapters").  A chapter file the
list leaves out, a page with no file, a page listed twice or a malformed
line is one line on stderr naming book.tsv's line and the fix, and the
exit status is 1.  build/book/book-order.py prints it for the shell;
the Python tools import it."""

import glob
import os
import re
import sys

GENERATED = {"glossary": "Glossary"}


def title(path):
    for line in open(path):
        if line.startswith("# "):
            return line[2:].strip()
    return os.path.basename(path)


def read(root):
    """[(part, part title, label, stem, title)], or exits naming the problem."""
    chapters = sorted(os.path.basename(p)[:-3]
                      for p in glob.glob(os.path.join(root, "chapters", "ch[0-9][0-9]-*.md")))
    manifest = os.path.join(root, "chapters", "book.tsv")
    if not os.path.exists(manifest):
        return [("-", "Chapters", str(int(c[2:4])), c,
                 title(os.path.join(root, "chapters", c + ".md"))) for c in chapters]
    pages, problems, seen = [], [], set()
    part = ("", "")
    where = "chapters/book.tsv"
    for n, line in enumerate(open(manifest), 1):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.rstrip("\n").split("\t")
        if len(f) != 3 or f[0] not in ("part", "page"):
            problems.append(f"{where}:{n}: want 'part<TAB>NUMERAL<TAB>TITLE' or"
                            f" 'page<TAB>LABEL<TAB>STEM', not {line.strip()!r}")
            continue
        if f[0] == "part":
            part = (f[1], f[2])
            continue
        label, stem = f[1], f[2]
        if not re.fullmatch(r"[1-9]\d*|[A-Z]|-", label):
            problems.append(f"{where}:{n}: label {label!r}: give a chapter number,"
                            " an appendix letter or -")
        if stem in seen:
            problems.append(f"{where}:{n}: {stem} is listed twice; list each page once")
        seen.add(stem)
        if stem in GENERATED:
            pages.append((part[0], part[1], label, stem, GENERATED[stem]))
            continue
        path = os.path.join(root, "chapters", stem + ".md")
        if not os.path.exists(path):
            problems.append(f"{where}:{n}: no chapters/{stem}.md; remove the line or add the file")
            continue
        pages.append((part[0], part[1], label, stem, title(path)))
    for c in chapters:
        if c not in seen:
            problems.append(f"{where}: chapters/{c}.md is in no part; add a"
                            f" 'page<TAB>LABEL<TAB>{c}' line where the reader meets it")
    if problems:
        for p in problems:
            print("book-order: " + p, file=sys.stderr)
        sys.exit(1)
    return pages
