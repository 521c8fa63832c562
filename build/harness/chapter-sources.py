#!/usr/bin/python3
"""chapter-sources N...: the sources (chapters/chNN-*.md, quizzes/chNN-*.md)
whose extraction make chapter-N needs: chapter N's own, then, over and
over, those that define a model one of them runs or derives from
(model=, from= of a block; file= of a .promela, .murphi, .litmus or
.derive block defines one).  Read from the block lines alone, without
pandoc, so that make chapter-N extracts these and not the whole book.
A name no source defines is left to the extraction's own check, which
names it."""

import glob
import re
import sys

BLOCK = re.compile(r"^\s*(```+|~~~+)\s*\{([^}]*)\}")
ATTR = re.compile(r"(?<![\w-])(model|from|file)=(\"[^\"]*\"|[^\s}]+)")
DEFINES = (".promela", ".murphi", ".litmus", ".derive")


def blocks(path):
    """(defined, used) model names of one source's blocks."""
    defined, used = set(), set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = BLOCK.match(line)
            if not m:
                continue
            attrs = m.group(2)
            classes = attrs.split()
            for key, value in ATTR.findall(attrs):
                value = value.strip('"')
                if key == "file" and any(c in DEFINES for c in classes):
                    defined.add(value)
                elif key in ("model", "from"):
                    used.add(value)
    return defined, used


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: build/harness/chapter-sources.py N...")
    # Anything but a number names no chapter (make chapter-N says so).
    numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
    sources = sorted(glob.glob("chapters/ch[0-9][0-9]-*.md") + glob.glob("quizzes/ch[0-9][0-9]-*.md"))
    info = {s: blocks(s) for s in sources}
    mine = [s for s in sources for n in numbers if re.match(rf"(chapters|quizzes)/ch{n:02d}-", s)]
    need, todo = set(mine), list(mine)
    while todo:
        for model in sorted(info[todo.pop()][1]):
            for s in sources:
                if model in info[s][0] and s not in need:
                    need.add(s)
                    todo.append(s)
    print(" ".join(sorted(need)))


if __name__ == "__main__":
    main()
