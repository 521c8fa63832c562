#!/usr/bin/python3
"""book-sidebar BOOKDIR: give the sidebar of every page the sections of
its chapter: under the chapter marked current (the page itself, or the
chapter an answer or a whole trail belongs to), one entry per section
(h2) of that chapter's page, as mdBook's sidebar has them."""

import glob
import os
import re
import sys

H2 = re.compile(r'<h2\b[^>]*\bid="([^"]+)"[^>]*>(.*?)</h2>', re.S)
CURRENT = re.compile(r'(<li><a aria-current="(?:page|location)" href="([^"#]+)">.*?</a>)(</li>)')


def sections(path):
    found = []
    for ident, inner in H2.findall(open(path).read()):
        inner = re.sub(r'<a [^>]*class="permalink"[^>]*>.*?</a>', "", inner, flags=re.S)
        found.append((ident, " ".join(inner.split())))
    return found


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: build/book/book-sidebar.py out/book")
    book = sys.argv[1]
    chapters = {os.path.basename(p): sections(p)
                for p in glob.glob(os.path.join(book, "ch[0-9][0-9]-*.html"))}
    for path in glob.glob(os.path.join(book, "*.html")):
        page = os.path.basename(path)
        text = open(path).read()

        def add(m):
            target = m.group(2)
            if target not in chapters or not chapters[target]:
                return m.group(0)
            base = "" if target == page else target
            items = "".join(f'<li><a href="{base}#{i}">{t}</a></li>'
                            for i, t in chapters[target])
            return m.group(1) + '<ol class="sections">' + items + "</ol>" + m.group(3)
        new = CURRENT.sub(add, text, count=1)
        if new != text:
            open(path, "w").write(new)


main()
