#!/usr/bin/python3
"""glossary [SRC]: the book's glossary page (Markdown, on stdout), made
from the chapters: a term is defined where the prose marks it,
[term]{.dfn} (or [terms]{.dfn term="term"} when the text is inflected),
and its entry is the term, the page and the sentence that defines it,
linked to that place.  The chapters are read in the book's order
(build/book/book-order.py).

glossary --check [SRC]: the order check.  A term may not appear in a
chapter before the one that defines it, unless its first use there
links forward and says so, [term]{.fwd} (which the book shows as a link
to the definition followed by "defined in chapter N").  A use is the
term, or its plural, in any case, its words split by any spaces or line
breaks, in the prose or its inline code (not in a code block).  Also
an error: a term defined twice, a [..]{.fwd} naming no defined term, or
one that points back (the term is already defined).  One line per
problem, naming the file, the line and the fix; the exit status is 1
when there is one.

glossary --targets [SRC]: one line per term, "term SLUG"<TAB>HREF<TAB>LABEL
(the page's label: "chapter 9", "appendix A"), for book-targets."""

import os
import re
import sys

from build.lib import bookorder

# [text]{.dfn} or [text]{.dfn term="..."} / {.fwd ...}; text may hold `code`
SPAN = re.compile(r"\[((?:[^\[\]`]|`[^`]*`)+)\]\{\.(dfn|fwd)((?:\s+[^}]*)?)\}")
TERM_ATTR = re.compile(r"""term=(?:"([^"]*)"|'([^']*)'|(\S+))""")


def slug(term):
    return re.sub(r"[^a-z0-9]+", "-", term.lower()).strip("-")


def plain(text):
    return " ".join(text.replace("`", "").replace("*", "").split())


def blank_code(text):
    """The text with code blocks and comments blanked, every character's
    place kept (offsets in it are offsets in the file)."""
    out, fence = [], None
    for line in text.split("\n"):
        m = re.match(r"^\s*(`{3,}|~{3,})", line)
        if fence:
            out.append(" " * len(line))
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            continue
        if m:
            fence = m.group(1)
            out.append(" " * len(line))
            continue
        out.append(" " * len(line) if line.startswith("    ") or line.startswith("\t") else line)
    text = "\n".join(out)
    return re.sub(r"<!--.*?-->", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


def blank_attrs(text):
    """TEXT with the attributes of spans and the targets of links blanked
    (a run's id or a page's name is not a use of a term)."""
    keep = lambda m: m.group(1) + re.sub(r"[^\n]", " ", m.group(2))
    text = re.sub(r"(\])(\{[^}]*\})", keep, text)
    return re.sub(r"(\])(\([^)]*\))", keep, text)


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def pages(root):
    found = []
    for part, ptitle, label, stem, title in bookorder.read(root):
        path = os.path.join(root, "chapters", stem + ".md")
        if os.path.exists(path):
            where = ("appendix " if label.isalpha() else "chapter ") + label if label != "-" else title
            found.append((stem, label, where, path, title))
    return found


def spans(text):
    """(kind, term, start, end, line) of each .dfn and .fwd span."""
    for m in SPAN.finditer(text):
        t = TERM_ATTR.search(m.group(3) or "")
        term = next((g for g in t.groups() if g is not None), None) if t else None
        yield m.group(2), plain(term or m.group(1)), m.start(), m.end(), line_of(text, m.start())


def sentence(raw, start, end):
    """The sentence of the paragraph around raw[start:end], as Markdown."""
    a = raw.rfind("\n\n", 0, start)
    b = raw.find("\n\n", end)
    para = raw[a + 2 if a >= 0 else 0:b if b >= 0 else len(raw)]
    at = start - (a + 2 if a >= 0 else 0)
    # sentence ends: . ? ! : followed by a space and a capital or [ or `
    cuts = [0] + [m.end() for m in re.finditer(r"[.?!](?=\s+(?:\d+\.\s+)?[A-Z`\[(*])", para)] + [len(para)]
    s = next(para[cuts[i]:cuts[i + 1]] for i in range(len(cuts) - 1) if cuts[i] <= at < cuts[i + 1])
    s = re.sub(r"^\s*(?:\d+\.|[-*])\s+", "", " ".join(s.split()))
    s = re.sub(r"\s+\d+\.$", "", s)
    # no second anchor, no nested mark, and no reference to a line of a
    # listing or report, which the glossary does not show: a {.ln} keeps
    # its text, a {.callout} its text as the report prints it
    s = SPAN.sub(lambda m: "*" + m.group(1) + "*" if m.group(2) == "dfn" else m.group(1), s)
    s = re.sub(r"\[([^\]]*)\]\{\.ln\}", r"\1", s)
    s = re.sub(r"\[([^\]]*)\]\{\.callout(?:\s[^}]*)?\}", r"`\1`", s)
    return s


def collect(root):
    """(definitions {term: (stem, label, where, path, line, sentence)},
    per page [(stem, where, path, raw, blanked)], problems)."""
    defs, problems, texts = {}, [], []
    for stem, label, where, path, title in pages(root):
        raw = open(path).read()
        text = blank_code(raw)
        texts.append((stem, where, path, raw, text))
        for kind, shown, start, end, line in spans(text):
            if kind != "dfn":
                continue
            term = shown.lower()
            if term in defs:
                d = defs[term]
                problems.append(f"{path}:{line}: '{term}' is defined a second time (first in"
                                f" {d[3]}:{d[4]}); keep one [..]{{.dfn}}, where the reader first"
                                " meets it")
                continue
            defs[term] = (stem, label, where, path, line, sentence(raw, start, end), shown)
    return defs, texts, problems


def use_pattern(term):
    words = [re.escape(w) for w in term.split()]
    return re.compile(r"(?<![\w-])" + r"\s+".join(words) + r"(?:e?s)?(?![\w-])", re.I)


def check(root):
    defs, texts, problems = collect(root)
    index = {stem: i for i, (stem, *_) in enumerate(texts)}
    for i, (stem, where, path, raw, text) in enumerate(texts):
        fwd = [(term.lower(), s, e, line) for kind, term, s, e, line in spans(text) if kind == "fwd"]
        for term, s, e, line in fwd:
            if term not in defs:
                problems.append(f"{path}:{line}: [..]{{.fwd}} names '{term}', which no page"
                                " defines; mark its definition [..]{.dfn}, or give term=\"...\"")
            elif index[defs[term][0]] <= i:
                problems.append(f"{path}:{line}: '{term}' is linked forward but is defined"
                                f" here or before ({defs[term][2]}); write it plainly")
        for term, d in defs.items():
            if index[d[0]] <= i:
                continue
            pat = use_pattern(term)
            first = pat.search(blank_attrs(text))
            if not first:
                continue
            covered = [(s, e) for t, s, e, _ in fwd if t == term]
            if not any(s <= first.start() < e for s, e in covered):
                problems.append(
                    f"{path}:{line_of(text, first.start())}: '{first.group(0)}' is used in {where},"
                    f" before {d[2]} defines it ({d[3]}:{d[4]}); define it here (move its"
                    f" [..]{{.dfn}}), say it otherwise, or link forward: [{first.group(0)}]{{.fwd"
                    + ("" if plain(first.group(0)).lower() == term else f' term="{term}"') + "}")
    return problems


def main():
    args = sys.argv[1:]
    mode = args.pop(0) if args and args[0].startswith("--") else None
    root = args[0] if args else "."
    if mode == "--check":
        problems = check(root)
        for p in problems:
            print(p, file=sys.stderr)
        defs = collect(root)[0]
        if problems:
            print(f"glossary: {len(problems)} problem(s) in the order of {len(defs)} terms", file=sys.stderr)
            sys.exit(1)
        print(f"glossary: {len(defs)} terms, each used only from where it is defined on"
              " (or linked forward)")
        return
    defs, _, problems = collect(root)
    if problems:
        for p in problems:
            print(p, file=sys.stderr)
        sys.exit(1)
    if mode == "--targets":
        for term, (stem, label, where, *_) in sorted(defs.items()):
            print(f"term {term}\t{stem}.html#dfn-{slug(term)}\t{where}")
        return
    print("# Glossary\n")
    print("Each term is defined where the book first uses it; its entry quotes that"
          " sentence and links to it. The list is made from the chapters by"
          " `build/book/glossary.py`.\n")
    for term, (stem, label, where, path, line, sent, shown) in sorted(defs.items()):
        name = f"`{shown}`" if shown.startswith("make ") or shown in ("pan",) else shown
        print(f"{name}\n:   {sent} ([{where}]({stem}.html#dfn-{slug(term)}))\n")


main()
