#!/usr/bin/python3
"""folded-lines: fail when a page's prose names a report line the page folds away.

build/book/book.lua folds a long report to its verdict and state lines;
the rest sits in a closed <details>.  Prose that walks through a report
names its lines with [text]{.callout run=ID}, and such a report is shown
whole.  This check reads the built pages and fails, one line each, on

  * a callout (a.callout) whose line is not on the page, or is inside a
    fold;
  * a folded report with nothing above its fold (its verdict lines, which
    a reader sees first, are missing: an empty grey box);
  * prose that quotes (inline code, or text in quotation marks) what
    only a folded report line holds: the quote is found in a line inside
    a fold above it and nowhere in the listings and reports the page
    shows (a bare name or a flag quoted alone names code, not a line).

usage: folded-lines.py PAGE.html...   (make check: out/book/*.html but
print.html, which shows every report whole, and the trails' pages)
"""
import html.parser
import os
import re
import sys

MIN_QUOTE = 4  # shorter quotes (`-a`, `0`) name no line


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []          # (tag, classes, id) of the open elements
        self.folded = []         # (report id, [lines]) of each fold
        self.visible = []        # texts of the <pre>s outside folds
        self.quotes = []         # (kind, text, folds above it) quoted by the prose
        self.callouts = []       # (href, text)
        self.ids = {}            # id -> inside a fold
        self.buf = None          # text of the current <pre> or inline <code>
        self.fold_id = None
        self.summaries = []      # (report id, text above its fold) of each fold

    def _in(self, tag=None, cls=None):
        return any((tag is None or t == tag) and (cls is None or cls in c) for t, c, _ in self.stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get('class') or '').split()
        if tag in ('br', 'img', 'input', 'meta', 'link', 'hr', 'wbr', 'source'):
            return
        if a.get('id'):
            self.ids[a['id']] = self._in('details')
        if tag == 'div' and 'pan-fold' in classes:
            self.fold_id = a.get('id', '?')
            self.summaries.append([self.fold_id, ''])
        if tag == 'a' and 'callout' in classes:
            self.callouts.append([a.get('href', ''), ''])
        if tag == 'pre' or (tag == 'code' and not self._in('pre')):
            self.buf = []
        if tag == 'summary':
            self.stack.append((tag, classes, a.get('id')))
            return
        self.stack.append((tag, classes, a.get('id')))

    def handle_endtag(self, tag):
        while self.stack:
            t, classes, _ = self.stack.pop()
            if t == tag:
                break
        if tag == 'pre' and self.buf is not None:
            text = ''.join(self.buf)
            if self._in('details', 'pan-report'):
                self.folded.append((self.fold_id, text.split('\n')))
            elif not self._in('details'):
                self.visible.append(text)
                if self._in('div', 'pan-fold'):
                    self.summaries[-1][1] += text
            self.buf = None
        elif tag == 'code' and self.buf is not None and not self._in('pre'):
            if not self._in('details'):
                self.quotes.append(('`', ''.join(self.buf), len(self.folded)))
            self.buf = None

    def handle_data(self, data):
        if self.buf is not None:
            self.buf.append(data)
        elif not self._in('details') and not self._in('pre') and not self._in('script') \
                and not self._in('nav'):
            for q in re.findall('\u201c([^\u201d]+)\u201d|"([^"]+)"', data):
                self.quotes.append(('"', q[0] or q[1], len(self.folded)))
        if self.callouts and self.stack and self.stack[-1][0] == 'a' and 'callout' in self.stack[-1][1]:
            self.callouts[-1][1] += data


def source_of(page):
    stem = os.path.basename(page)[:-len('.html')]
    if re.match(r'ch\d\d-(quiz|ex)\d+$', stem):
        return 'quizzes/' + stem + '.md'
    if re.match(r'ch\d\d-', stem):
        return 'chapters/' + stem + '.md'
    return stem + '.html'


def check(page):
    p = Page()
    with open(page, encoding='utf-8') as f:
        p.feed(f.read())
    where = os.path.basename(page) + ' (' + source_of(page) + ')'
    bad = []
    for href, text in p.callouts:
        target = href[1:] if href.startswith('#') else None
        if target is None or target not in p.ids:
            bad.append(f'{where}: the callout {text} names {href}, which is not on the page')
        elif p.ids[target]:
            bad.append(f'{where}: the callout {text} names {href}, a line the page folds away')
    for rid, text in p.summaries:
        if not text.strip():
            bad.append(f'{where}: report {rid} folds to an empty box: its verdict lines must stand '
                       'above the fold (build/book/book.lua: a pan report\'s, or the adapter\'s '
                       'headline() for another checker\'s)')
    seen = set()
    for kind, q, above in p.quotes:
        q = q.strip()
        # A bare name (`init`) or a flag (`-m1000000`) names code or an
        # option, not a line of a report.
        if len(q) < MIN_QUOTE or q in seen or re.fullmatch(r'[A-Za-z_]\w*|-\S+', q):
            continue
        if any(q in v for v in p.visible):
            continue
        for rid, lines in p.folded[:above]:
            hits = [i + 1 for i, line in enumerate(lines) if q in line]
            if hits:
                seen.add(q)
                shown = f'`{q}`' if kind == '`' else f'"{q}"'
                bad.append(f'{where}: the prose quotes {shown}, which only line {hits[0]} of report '
                           f'{rid} holds, and the page folds that line away; name it with '
                           f'[{q}]{{.callout run={rid}}} (the report is then shown whole, the line marked)')
                break
    return bad


def main(argv):
    if not argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    bad = []
    for page in argv:
        bad += check(page)
    for b in bad:
        print(b)
    print(f'folded-lines: {len(argv)} pages, {len(bad)} report lines named but folded away')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
