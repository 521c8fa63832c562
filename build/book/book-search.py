#!/usr/bin/python3
"""book-search BOOKDIR: the search index of the book, as a script that
sets window.BOOK_SEARCH to one entry per section of every page (url,
section title, page title, text): chapters, quiz answers and the reading
list.  book.js feeds it to lunr (Debian's libjs-lunr) in the browser; as
a script, not a JSON file, it loads from file:// without a server."""

import glob
import html.parser
import json
import os
import re
import sys

SKIP = {"script", "style", "nav", "button", "summary"}
# Classes whose text is not indexed: a trail's timeline (its rows would
# match almost any model term), a long report's folded full text (its
# summary lines are indexed), the source line, the table of contents.
SKIP_CLASSES = {"permalink", "contents", "timeline", "source", "timeline-caption", "skipped", "fold"}
VOID = {"br", "img", "input", "hr", "meta", "link", "wbr"}


class Sections(html.parser.HTMLParser):
    def __init__(self, page):
        super().__init__()
        self.page, self.title = page, ""
        self.sections = []        # [url, heading, text parts]
        self.skip = []            # the open tags whose text is not indexed
        self.heading = None       # collecting a heading's text
        self.in_main = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "main":
            self.in_main = True
        if not self.in_main:
            return
        classes = (a.get("class") or "").split()
        if self.skip or tag in SKIP or SKIP_CLASSES & set(classes):
            if tag not in VOID:
                self.skip.append(tag)
            return
        if re.fullmatch(r"h[1-3]", tag) and a.get("id"):
            self.sections.append([f"{self.page}#{a['id']}", [], []])
            self.heading = self.sections[-1][1]

    def handle_endtag(self, tag):
        if tag == "main":
            self.in_main = False
        if not self.in_main:
            return
        if self.skip:
            if self.skip[-1] == tag:
                self.skip.pop()
            return
        if re.fullmatch(r"h[1-3]", tag):
            self.heading = None

    def handle_data(self, data):
        if not self.in_main or self.skip or not self.sections:
            return
        (self.heading if self.heading is not None else self.sections[-1][2]).append(data)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: build/book/book-search.py out/book > out/book/search-index.js")
    docs = []
    for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.html"))):
        page = os.path.basename(path)
        if page == "print.html":
            continue
        s = Sections(page)
        with open(path) as f:
            s.feed(f.read())
        if not s.sections:
            sys.exit(f"{path}: no heading with an id; nothing to index")
        page_title = " ".join("".join(s.sections[0][1]).split())
        for url, head, text in s.sections:
            body = " ".join("".join(text).split())
            # A reader looking for COLLAPSE or MA means -DCOLLAPSE, -DMA=72
            # too; lunr would index those as "dcollapse", "dma".
            extra = " ".join(sorted(set(re.findall(r"-D([A-Z][A-Z0-9_]*)", body))))
            docs.append({"u": url, "t": " ".join("".join(head).split()),
                         "p": page_title, "b": body + (" " + extra if extra else "")})
    print("window.BOOK_SEARCH = " + json.dumps(docs, ensure_ascii=False) + ";")
    print(f"book-search: {len(docs)} sections indexed", file=sys.stderr)


main()
