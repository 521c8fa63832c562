#!/usr/bin/python3
"""book-targets: what the book's cross-references may point at, one per
line as KEY<TAB>HREF<TAB>TITLE: "chapter N" and "appendix A" (a page
of chapters/, by its label in chapters/book.tsv), "part I" (its heading
on the index page), "glossary", "run ID" (a .pan block, or a row of a .sweep,
whose table carries the sweep's id), "sweep ID", "quiz K" and "exercise
K" (a statement; its answer, quizzes/chNN-exK.md, is "solution K").  Read from
the sources themselves, so that no chapter name is written anywhere
else; build/book/book.lua turns [chapter 5]{.ref}, [run qrcu-2x2]{.ref} and
[quiz 3]{.ref} into links with it and stops a page whose reference
names nothing."""

import glob
import os
import re
import subprocess
import sys

from build.lib import bookorder

BLOCK = re.compile(r"^```\{\.(pan|sweep) #([A-Za-z0-9_-]+)(.*)\}\s*$")


def output(cmd):
    """CMD's output; when it fails, its message (on stderr) stands and
    this tool fails with it."""
    r = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    if r.returncode:
        sys.exit(r.returncode)
    return r.stdout


def title(path):
    for line in open(path):
        if line.startswith("# "):
            return line[2:].strip()
    return os.path.basename(path)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    sources = sorted(glob.glob(os.path.join(root, "chapters", "ch[0-9][0-9]-*.md")))
    sources += sorted(glob.glob(os.path.join(root, "quizzes", "ch[0-9][0-9]-quiz*.md")))
    sources += sorted(glob.glob(os.path.join(root, "quizzes", "ch[0-9][0-9]-ex*.md")))
    # A chapter is named by its label in chapters/book.tsv (build/book/book-order.py):
    # "chapter N", "appendix A"; a part, "part I", is its heading on the index page.
    labels, parts = {}, []
    for part, ptitle, label, stem, ttl in bookorder.read(root):
        labels[stem] = label
        if stem == "glossary":
            print("glossary\tglossary.html\tGlossary")
        if part != "-" and part not in parts:
            parts.append(part)
            print(f"part {part}\tindex.html#part-{part.lower()}\tPart {part}: {ptitle}")
    # the terms the chapters define ([term]{.dfn}), for [term]{.fwd}
    terms = output([os.path.join(os.path.dirname(os.path.abspath(__file__)), "glossary.py"),
                            "--targets", root])
    for line in terms.splitlines():
        key, href, where = line.split("\t")
        print(f"{key}\t{href}\t{where}")
        print(f"{key} where\t{where}\t{where}")
    for src in sources:
        page = os.path.basename(src)[:-3] + ".html"
        label = labels.get(os.path.basename(src)[:-3], "-")
        if os.path.dirname(src).endswith("chapters") and label != "-":
            kind = "appendix" if label.isalpha() else "chapter"
            print(f"{kind} {label}\t{page}\t{title(src)}")
        k = re.match(r"ch\d\d-ex(\d+)\.md$", os.path.basename(src))
        if k:
            print(f"solution {k.group(1)}\t{page}\treference solution of exercise {k.group(1)}")
        lines = open(src).read().split("\n")
        i = 0
        while i < len(lines):
            m = BLOCK.match(lines[i])
            q = re.match(r"^::: \{\.quiz #quiz-(\d+)", lines[i])
            if q:
                print(f"quiz {q.group(1)}\t{page}#quiz-{q.group(1)}\tquick quiz {q.group(1)}")
            x = re.match(r"^::: \{\.exercise #exercise-(\d+)", lines[i])
            if x:
                print(f"exercise {x.group(1)}\t{page}#exercise-{x.group(1)}\texercise {x.group(1)}")
            if m and m.group(1) == "pan":
                print(f"run {m.group(2)}\t{page}#{m.group(2)}\trun {m.group(2)}")
            elif m:
                sid = m.group(2)
                print(f"sweep {sid}\t{page}#{sid}\ttable {sid}")
                params = re.search(r"params=([A-Za-z0-9_,]+)", m.group(3)).group(1).split(",")
                j = i + 1
                head = None
                while j < len(lines) and not lines[j].startswith("```"):
                    cells = [c.strip() for c in lines[j].strip().strip("|").split("|")]
                    if head is None:
                        head = cells
                    elif len(cells) == len(head) and not set(lines[j]) <= set("|-: "):
                        row = dict(zip(head, cells))
                        rid = sid + "-" + "-".join(row[p] for p in params)
                        print(f"run {rid}\t{page}#{sid}\trun {rid}")
                    j += 1
                i = j
            i += 1


main()
