#!/usr/bin/python3
"""book-links BOOKDIR [SOURCES.tsv]: every link and asset of every page of
the book leads somewhere: the page exists, the anchor is an id on it, the
asset is a local file (never the network).  One line per problem, naming
the source file of the page (from SOURCES.tsv: page<TAB>source) and the
link; exit 1 if there is any.  build/book/book.sh runs it, so a broken link fails
make book; build/tests/browser-check.py runs it too."""

import glob
import html.parser
import os
import sys
import urllib.parse


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.links, self.assets = set(), [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag in ("img", "script") and "src" in a:
            self.assets.append(a["src"])
        if tag == "link" and "href" in a:
            self.assets.append(a["href"])


def problems(book, sources=None):
    sources = sources or {}
    parsed = {}
    for p in sorted(glob.glob(os.path.join(book, "*.html"))):
        page = Page()
        with open(p) as f:
            page.feed(f.read())
        parsed[os.path.basename(p)] = page
    found = []
    for name, page in parsed.items():
        where = sources.get(name, os.path.join(book, name))
        for ref in page.assets:
            if urllib.parse.urlparse(ref).scheme or ref.startswith("//"):
                found.append(f"{where}: asset from the network: {ref}; the book must work offline")
            elif not os.path.exists(os.path.join(book, ref.split("#")[0])):
                found.append(f"{where}: missing asset {ref}")
        for ref in page.links:
            url = urllib.parse.urlparse(ref)
            if url.scheme or ref.startswith("//"):
                continue
            target = url.path or name
            if target not in parsed and not os.path.exists(os.path.join(book, target)):
                found.append(f"{where}: broken link {ref}: no page {target} in the book")
            elif url.fragment and target in parsed and url.fragment not in parsed[target].ids:
                found.append(f"{where}: broken link {ref}: no id {url.fragment!r} in {target}")
    return found, len(parsed), sum(len(p.links) for p in parsed.values())


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: build/book/book-links.py out/book [sources.tsv]")
    sources = {}
    if len(sys.argv) == 3:
        for line in open(sys.argv[2]):
            page, _, src = line.rstrip("\n").partition("\t")
            sources[page] = src
    found, pages, links = problems(sys.argv[1], sources)
    for line in found:
        print(line, file=sys.stderr)
    if found:
        sys.exit(1)
    print(f"book-links: {links} links on {pages} pages, each leads somewhere")


if __name__ == "__main__":
    main()
