#!/usr/bin/python3
"""unspoiled: no exercise is answered before it is set.

  build/workbench/unspoiled.py      check every exercise; exits 1 when one leaks

The book is read in order: the chapters (in chapters/book.tsv's order,
else chapters/chNN-*.md in file order), each quick
quiz's answer where the quiz is asked, each exercise's reference
solution once its statement has been set.  Exercise K is answered before
it is set when every line that a reference solution (a {.graded ...
exercise=K grade=pass} block of its answer) adds to the starting model
(the file its {.grade} blocks name) is in a listing the reader has met
before trying it: a code block, a diff (its + and - lines alike), the
diff a {.derive} block's sed script makes (as the book shows it), the
exercise's statement and starting model included.  Lines are compared as
Promela tokens, comments, labels and spacing aside, so a line is found
inside a longer one or split across two (`:: x == 1 -> skip` holds
`:: x == 1 ->`).  Lines too small to give anything away (`fi;`, `skip`,
`sum = 0`: fewer than four tokens) and preprocessor lines (a parameter's
value may equal the model's default by chance) are not compared, and a
line counts once.  Run from the top of the project; reads
chapters/, quizzes/ and models/ (written by make models)."""

import difflib
import os
import re
import sys

from build.lib import bookorder

TOKEN = re.compile(r"[A-Za-z_]\w*|\d+|->|==|!=|<=|>=|&&|\|\||\+\+|--|::|<>|\[\]|\S")
# Promela's words: a line made of these and punctuation alone says nothing.
KEYWORDS = set("""active assert atomic bit bool break byte chan d_step do else empty
fi full goto hidden if init int len mtype nempty never nfull od of pid printf proctype
run short skip timeout true false typedef unless unsigned xr xs ltl""".split())
FENCE = re.compile(r"^(`{3,})\s*(\{[^}]*\}|[\w.-]*)\s*$")
DIV = re.compile(r"^::: \{\.(quiz|exercise) #(?:quiz|exercise)-(\d+) answer=(\S+?)\}", re.M)


def code(line):
    """LINE without comments (a /* */ left open runs to its end) and
    without a label in front (an exercise may impose its name)."""
    line = re.sub(r"/\*.*?(\*/|$)", " ", line)
    line = re.sub(r"//.*", " ", line)
    return re.sub(r"^\s*[A-Za-z_]\w*\s*:(?!:)", " ", line)


def tokens(line):
    """LINE's tokens, but for the punctuation that only separates."""
    return [t for t in TOKEN.findall(code(line)) if t not in ";,(){}"]


def telling(toks):
    """A line worth comparing: four tokens or more (`sum = 0` is not),
    one a name of the model, and not a preprocessor line (a parameter's
    value is an answer that the model's default may equal by chance)."""
    return len(toks) >= 4 and toks[0] != "#" and \
        any(re.match(r"[A-Za-z_]", t) and t not in KEYWORDS for t in toks)


def blocks(text):
    """[(attributes, body lines)] of the fenced code blocks of TEXT."""
    found, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not re.match(r"^" + m.group(1) + r"\s*$", lines[j]):
            j += 1
        found.append((m.group(2), lines[i + 1:j]))
        i = j + 1
    return found


def listing(attrs, body):
    """The lines a reader sees of one block, each as its tokens."""
    if re.search(r"\.grade\b|\.graded\b", attrs):
        return []  # the grader's demands and the lines it prints
    m = re.search(r"\.derive\b", attrs)
    if m and body and not body[0].startswith("--- "):  # a sed script: the book shows its diff
        made = re.search(r"\bfile=([^\s}]+)", attrs)
        base = re.search(r"\bfrom=([^\s}]+)", attrs)
        paths = [os.path.join("models", x.group(1)) for x in (base, made) if x]
        if len(paths) == 2 and all(os.path.exists(x) for x in paths):
            before, after = (open(x).read().splitlines() for x in paths)
            body = list(difflib.unified_diff(before, after, "a", "b", n=2, lineterm=""))
    if body and body[0].startswith("--- "):  # a diff: its lines without their marks
        body = [ln[1:] for ln in body if not re.match(r"^(---|\+\+\+|@@) ", ln)]
    return [t for t in (tokens(ln) for ln in body) if t]


def reading():
    """The book in reading order, as a list of ("text", listing lines) and
    ("exercise", K, chapter) events."""
    events = []

    def read(path, depth=0):
        text = open(path).read()
        pos = 0
        for m in DIV.finditer(text):
            if m.start() < pos:
                continue
            answer = os.path.join("quizzes", m.group(3) + ".md")
            if m.group(1) == "exercise":
                # The statement and its starting model are read before the
                # exercise is tried: up to its first demand.
                first = text.find("```{.grade exercise=%s " % m.group(2), m.start())
                cut = first if first >= 0 else m.end()
                events.append(("text", text[pos:cut], path))
                events.append(("exercise", int(m.group(2)), path))
                pos = cut
            else:
                events.append(("text", text[pos:m.start()], path))
                pos = m.start()
            if os.path.exists(answer) and depth == 0:
                read(answer, 1)  # readable from here on
        events.append(("text", text[pos:], path))

    for path in pages():
        read(path)
    return events


def pages():
    """The chapters' files in reading order (chapters/book.tsv's, as
    build/lib/bookorder.py reads it; file order in a book without one)."""
    return [f for f in (os.path.join("chapters", page[3] + ".md") for page in bookorder.read("."))
            if os.path.exists(f)]


def model_lines(name):
    path = os.path.join("models", name)
    if not os.path.exists(path):
        return None
    return [t for t in (tokens(ln) for ln in open(path).read().split("\n")) if t]


def main():
    events = reading()
    seen = []  # (the block's lines, its lines joined, where) of every listing met so far
    problems, checked = [], 0
    for ev in events:
        if ev[0] == "text":
            for attrs, body in blocks(ev[1]):
                lines = [" " + " ".join(t) + " " for t in listing(attrs, body)]
                if lines:
                    seen.append((lines, " " + " ".join(s.strip() for s in lines) + " ", ev[2]))
            continue
        k, where = ev[1], ev[2]
        src = open(where).read()
        starter = re.search(r"\{\.grade exercise=%d model=(\S+)" % k, src)
        answer = re.search(r"#exercise-%d answer=(\S+?)\}" % k, src)
        if not starter or not answer:
            problems.append(f"{where}: exercise {k}: no grade block or no answer to compare")
            continue
        given = model_lines(starter.group(1))
        apath = os.path.join("quizzes", answer.group(1) + ".md")
        if given is None or not os.path.exists(apath):
            problems.append(f"{where}: exercise {k}: models/{starter.group(1)} or {apath} is missing; "
                            "run make models")
            continue
        given_set = {tuple(t) for t in given}
        sols = re.findall(r"\{\.graded model=(\S+) exercise=%d grade=pass\}" % k, open(apath).read())
        if not sols:
            problems.append(f"{apath}: exercise {k} has no solution graded pass to compare")
        for sol in sols:
            lines = model_lines(sol)
            if lines is None:
                problems.append(f"{apath}: models/{sol} is missing; run make models")
                continue
            checked += 1
            added = []
            for t in lines:
                if tuple(t) not in given_set and telling(t) and t not in added:
                    added.append(t)
            found = []
            for t in added:
                needle = " " + " ".join(t) + " "
                hit = next((w for ls, _, w in seen if any(needle in s for s in ls)), None) or \
                    next((w + " (across lines)" for _, j, w in seen if needle in j), None)
                if hit:
                    found.append(f"`{' '.join(t)}` ({hit})")
            if added and len(found) == len(added):
                problems.append(
                    f"{where}: exercise {k} is answered before it is set: every line its solution "
                    f"models/{sol} adds to models/{starter.group(1)} is in a listing the reader has "
                    "met before it: " + "; ".join(found)
                    + "; set the exercise before those listings, or change them or the exercise")
            else:
                print(f"exercise {k}: {sol}: {len(found)} of the {len(added)} lines it adds "
                      "shown before the exercise" + (": " + "; ".join(found) if found else ""))
    for p in problems:
        print(p)
    if not problems:
        print(f"unspoiled: {checked} reference solutions, none with every line it adds "
              "in a listing before its exercise")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
