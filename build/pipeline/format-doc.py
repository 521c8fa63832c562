#!/usr/bin/python3
"""format-doc [--check | --write]: the attribute table of build/README.md
is made from build/pipeline/format.tsv, the one definition of the block format
(build/pipeline/extract.lua validates blocks against it).  --write puts the table
between the README's markers; --check (make check) fails when the README
shows anything else."""

import os
import sys

from build.lib import blockformat

README = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md")
BEGIN = "<!-- made from build/pipeline/format.tsv by build/pipeline/format-doc.py; do not edit -->"
END = "<!-- end of the table made from build/pipeline/format.tsv -->"


def table():
    rows = ["| block | attribute | needed | value | default | meaning |",
            "|---|---|---|---|---|---|"]
    for cls, attr, need, value, default, meaning in blockformat.block_format():
        block = "any block" if cls == "*" else f"`.{cls}`"
        name = f"`{attr}`" if attr.startswith("#") else f"`{attr}=`"
        rows.append(f"| {block} | {name} | {need} | {value} | "
                    f"{'`' + default + '`' if default else ''} | {meaning} |")
    return "\n".join(rows) + "\n"


def main():
    mode = sys.argv[1:]
    if mode not in (["--check"], ["--write"]):
        sys.exit("usage: build/pipeline/format-doc.py --check | --write")
    text = open(README).read()
    if BEGIN not in text or END not in text:
        sys.exit(f"build/README.md: the markers of the format table are missing; put "
                 f"{BEGIN!r} and {END!r} where it goes and run build/pipeline/format-doc.py --write")
    head, rest = text.split(BEGIN, 1)
    old, tail = rest.split(END, 1)
    new = head + BEGIN + "\n" + table() + END + tail
    if mode == ["--write"]:
        if new != text:
            open(README, "w").write(new)
            print("build/README.md: format table rewritten from build/pipeline/format.tsv")
        return
    if new != text:
        sys.exit("build/README.md: its format table differs from build/pipeline/format.tsv; "
                 "run build/pipeline/format-doc.py --write (and change the format in format.tsv only)")
    print(f"build/README.md: the format table shows the {len(blockformat.block_format())} "
          "attributes of build/pipeline/format.tsv")


main()
