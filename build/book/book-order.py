#!/usr/bin/python3
"""book-order [SRC]: the book's pages in reading order, one per line:
PART<TAB>PART-TITLE<TAB>LABEL<TAB>STEM<TAB>TITLE, read from
SRC/chapters/book.tsv (its comment says the format).  PART is the
part's numeral (- for a heading without one), LABEL the chapter's
number, an appendix's letter or - (an unnumbered page), STEM the page's
name (chapters/STEM.md; "glossary" is the page the build writes).
Without book.tsv (a scratch book of the self-tests) every
chapters/chNN-*.md is a page, in file order, numbered NN, under one
heading with no numeral ("Chapters").
A chapter file the list leaves out, a page with no file, a page listed
twice or a malformed line is one line on stderr naming book.tsv's line
and the fix, and the exit status is 1.

--parts: one line per part, NUMERAL<TAB>TITLE<TAB>FIRST-LABEL<TAB>LAST-LABEL."""

import sys

from build.lib import bookorder


def main():
    args = sys.argv[1:]
    parts = "--parts" in args
    args = [a for a in args if a != "--parts"]
    pages = bookorder.read(args[0] if args else ".")
    if parts:
        seen = []
        for p, pt, label, _, _ in pages:
            if p == "-":
                continue
            if (not seen or seen[-1][:2] != [p, pt]):
                seen.append([p, pt, label, label])
            else:
                seen[-1][3] = label
        for s in seen:
            print("\t".join(s))
        return
    for page in pages:
        print("\t".join(page))


main()
