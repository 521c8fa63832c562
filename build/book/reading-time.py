#!/usr/bin/python3
"""reading-time [--table] [SRC]: how long each page of the book takes to
read, measured from its source, in the book's order
(build/book/book-order.py).  A page's load is its prose words (the words
of its text, quizzes and exercises included, as pandoc reads them; a
figure or a reference filled in by the build counts as one word) and
its listing lines (every line of a code block: models, diffs, commands;
a report of a tool, at most REPORT_LINES of it).  The time is

    words / WORDS_PER_MINUTE + listing lines / LINES_PER_MINUTE

at the rates below, the pace of a reader who studies a technical text
rather than skims it.  The answers to the quizzes (quizzes/) are not
counted: they are read by those who want them.

Without --table: one line per page, STEM<TAB>WORDS<TAB>LINES<TAB>MINUTES,
and one per part, "part NUMERAL"<TAB>WORDS<TAB>LINES<TAB>MINUTES (the
index page shows them).  --table: the same as a table for a terminal
(make reading-time), with the rates and the totals.  --rates: the
rates, in words, for the index page."""

import json
import os
import subprocess
import sys

from build.lib import bookorder

WORDS_PER_MINUTE = 150
LINES_PER_MINUTE = 20
# A tool's report (a run's, a trail, a generated table) counts as at
# most this many lines: its verdict and the few lines the prose points
# at are read, not every line of a long search's progress.
REPORT_LINES = 15
REPORTS = {"pan", "check", "trail", "generated", "graded"}


def output(cmd):
    """CMD's output; when it fails, its message (on stderr) stands and
    this tool fails with it."""
    r = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    if r.returncode:
        sys.exit(r.returncode)
    return r.stdout


def walk(node, counts, in_code=False):
    if isinstance(node, list):
        for x in node:
            walk(x, counts)
        return
    if not isinstance(node, dict):
        return
    t = node.get("t")
    c = node.get("c")
    if t == "CodeBlock":
        text = c[1].rstrip("\n")
        n = len(text.split("\n")) if text else 0
        if REPORTS & set(c[0][1]):
            n = min(n, REPORT_LINES)
        counts[1] += n
        return
    if t in ("RawBlock", "RawInline"):
        return
    if t == "Str":
        counts[0] += 1
        return
    if t == "Code":
        counts[0] += max(1, len(c[1].split()))
        return
    if t == "Span" and any(k in ("run", "bench", "ln") for k in c[0][1]):
        counts[0] += 1
        return
    if isinstance(c, (list, dict)):
        walk(c, counts)


def load(path):
    ast = json.loads(output(["pandoc", "-f", "markdown", "-t", "json", path]))
    counts = [0, 0]
    walk(ast["blocks"], counts)
    return counts


def minutes(words, lines):
    return words / WORDS_PER_MINUTE + lines / LINES_PER_MINUTE


def hm(m):
    m = round(m)
    return f"{m // 60} h {m % 60:02d} min" if m >= 60 else f"{m} min"


def main():
    args = sys.argv[1:]
    if "--rates" in args:
        print(f"{WORDS_PER_MINUTE} words of prose a minute, {LINES_PER_MINUTE} lines of listings"
              f" a minute, a tool's report counted as at most {REPORT_LINES} lines")
        return
    table = "--table" in args
    args = [a for a in args if a != "--table"]
    root = args[0] if args else "."
    rows, parts = [], {}
    for part, ptitle, label, stem, title in bookorder.read(root):
        path = os.path.join(root, "chapters", stem + ".md")
        words, lines = load(path) if os.path.exists(path) else (0, 0)
        rows.append((part, label, stem, title, words, lines))
        if part != "-":
            p = parts.setdefault(part, [ptitle, 0, 0])
            p[1] += words
            p[2] += lines
    if not table:
        for part, label, stem, title, words, lines in rows:
            print(f"{stem}\t{words}\t{lines}\t{round(minutes(words, lines))}")
        for part, (ptitle, words, lines) in parts.items():
            print(f"part {part}\t{words}\t{lines}\t{round(minutes(words, lines))}")
        return
    print(f"Reading time at {WORDS_PER_MINUTE} words/min of prose"
          f" and {LINES_PER_MINUTE} lines/min of listings (build/book/reading-time.py)")
    print(f"{'part':4} {'page':7} {'words':>7} {'lines':>6} {'time':>12}  title")
    tw = tl = 0
    for part, label, stem, title, words, lines in rows:
        tw += words
        tl += lines
        print(f"{part:4} {label:7} {words:7,} {lines:6,} {hm(minutes(words, lines)):>12}  {title}")
    for part, (ptitle, words, lines) in parts.items():
        print(f"{'part ' + part:12} {words:7,} {lines:6,} {hm(minutes(words, lines)):>12}  {ptitle}")
    print(f"{'book':12} {tw:7,} {tl:6,} {hm(minutes(tw, tl)):>12}")


main()
