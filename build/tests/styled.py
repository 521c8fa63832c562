#!/usr/bin/python3
"""styled PAGE CSS TEXT CLASS: the element of PAGE (HTML) that holds TEXT
is coloured by CSS because it sits inside an element of class CLASS: its
colour or background, as the cascade of CSS gives them (specificity, then
order), differ from what the same element gets with CLASS taken off its
ancestors.  Prints the element, the rule that colours it and the style it
would have otherwise; exits 1 when the two are the same or TEXT is not in
PAGE.

The CSS is parsed, not searched as text: its rules (those inside an @
block such as @media apply only under a condition, and are left out), each
selector a chain of tag.class#id parts joined by descendant or child (>)
combinators; a selector with anything else (pseudo-classes, attributes)
matches nothing here.  Enough for book.css, and a reformatted file reads
the same."""

import html.parser
import re
import sys

PROPERTIES = ("color", "background", "background-color")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


def rules(css):
    """[(selector, {property: value}), ...] of the top-level rules, in order."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out, depth, start, at = [], 0, 0, False
    for i, c in enumerate(css):
        if c == "{":
            if depth == 0:
                head, start = css[start:i].strip(), i + 1
                at = head.startswith("@")
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                if not at:
                    decls = {}
                    for d in css[start:i].split(";"):
                        if ":" in d:
                            k, v = d.split(":", 1)
                            decls[k.strip().lower()] = v.strip()
                    out += [(" ".join(s.split()), decls) for s in head.split(",") if s.strip()]
                start = i + 1
        elif c == ";" and depth == 0:
            start = i + 1  # an @import or @charset line
    return out


def compound(text):
    """tag.class#id as (tag or None, {classes}, id or None); None if it has more."""
    m = re.fullmatch(r"([a-zA-Z][\w-]*)?((?:[.#][\w-]+)*)", text)
    if not m or not text:
        return None
    classes = set(re.findall(r"\.([\w-]+)", m.group(2)))
    ids = re.findall(r"#([\w-]+)", m.group(2))
    return (m.group(1) or "").lower() or None, classes, ids[0] if ids else None


def parse_selector(sel):
    """[(combinator, compound), ...] from the left, or None if unsupported."""
    parts = re.findall(r"\s*(>)?\s*([^\s>]+)", sel)
    chain = []
    for comb, text in parts:
        c = compound(text)
        if c is None:
            return None
        chain.append((comb or " ", c))
    return chain or None


def fits(c, el):
    tag, classes, ident = c
    return (tag is None or tag == el[0]) and classes <= el[1] and (ident is None or ident == el[2])


def matches(chain, path):
    """Does the selector CHAIN match the last element of PATH (root first)?"""
    if not fits(chain[-1][1], path[-1]):
        return False
    if len(chain) == 1:
        return True
    comb = chain[-1][0]
    if comb == ">":
        return len(path) > 1 and matches(chain[:-1], path[:-1])
    return any(matches(chain[:-1], path[:i]) for i in range(len(path) - 1, 0, -1))


def specificity(chain):
    return (sum(c[2] is not None for _, c in chain), sum(len(c[1]) for _, c in chain),
            sum(c[0] is not None for _, c in chain))


def style(sheet, path):
    """{property: (value, selector)} the cascade gives the last element of PATH."""
    won = {}
    for order, (sel, decls) in enumerate(sheet):
        chain = parse_selector(sel)
        if chain is None or not matches(chain, path):
            continue
        for prop in PROPERTIES:
            if prop in decls:
                key = (specificity(chain), order)
                if prop not in won or key >= won[prop][0]:
                    won[prop] = (key, decls[prop], sel)
    return {p: (v, s) for p, (_, v, s) in won.items()}


class Finder(html.parser.HTMLParser):
    """The path (root first) of (tag, {classes}, id) to the element holding TEXT."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.text, self.stack, self.found = text, [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        el = (tag, set((a.get("class") or "").split()), a.get("id"))
        if tag not in VOID:
            self.stack.append(el)

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        if self.found is None and self.text in data and self.stack:
            self.found = list(self.stack)


def show(el):
    return el[0] + "".join("." + c for c in sorted(el[1]))


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: build/tests/styled.py PAGE CSS TEXT CLASS")
    page, css, text, cls = sys.argv[1:]
    finder = Finder(text)
    finder.feed(open(page, encoding="utf-8").read())
    path = finder.found
    if path is None:
        sys.exit(f"styled: {page}: no element holds the text {text!r}")
    sheet = rules(open(css, encoding="utf-8").read())
    inside = style(sheet, path)
    outside = style(sheet, [(t, c - {cls}, i) for t, c, i in path])
    where = " ".join(show(el) for el in path if el[1])
    if not any(c == cls for el in path for c in el[1]):
        sys.exit(f"styled: {text!r} ({where}) is in no element of class {cls}")
    if {p: v for p, (v, _) in inside.items()} == {p: v for p, (v, _) in outside.items()}:
        sys.exit(f"styled: {text!r} ({where}) looks the same inside .{cls} as outside it: "
                 f"{inside or 'no colour'}; {css} has no rule for it there")
    rule = sorted({s for p, (v, s) in inside.items() if outside.get(p, (None,))[0] != v})
    print(f"styled: {text!r} ({where}) is coloured by {', '.join(rule)}: "
          + "; ".join(f"{p}: {v}" for p, (v, _) in sorted(inside.items()))
          + " (outside ." + cls + ": "
          + ("; ".join(f"{p}: {v}" for p, (v, _) in sorted(outside.items())) or "none") + ")")


main()
