"""Reading the litmus tests of kernel/litmus/ and the qrcu.c of the series.

A litmus test says what it models in its header comment, one block per
line of kernel/rcu/qrcu.c it stands for (a "tie"):

     * Series: FUNCTION(): LINE
     *   after: PREVIOUS LINE
     *   before: NEXT LINE
     *   broken: NAME: SED SCRIPT

LINE is a line of FUNCTION as the series adds it, compared after comments
are removed and runs of blanks are made one space; PREVIOUS and NEXT are
the code lines just before and after it (lines that are blank or only
comment do not count), so a barrier moved elsewhere in its function no
longer matches.  The broken variant NAME is the test changed by the sed
script, with the tied ordering taken away (or a kernel flavour's bug
planted in its place; the book's table says what each script changes,
from the diff, Test.variant_change); "broken: NAME" alone reuses a
variant an earlier tie of the same test defined.  The header also says
"Result: Never" or "Result: Sometimes", what herd7 must report for the
test as written; each broken variant must report Sometimes.

What herd7 printed when the test (or variant NAME) was last checked is
kept in the header too, one line each, written by litmus-herd.py --bless:

     * herd7: Observation Never 0 3; States 3; exists No; Hash 0123...
     * herd7 NAME: Observation Sometimes 1 3; States 4; exists Ok; Hash ...

litmus-herd.py compares a fresh run with these fields one by one; Hash
is herd7's digest of the test's code, so a test edited since its line
was written is seen as stale.
"""

import difflib
import os
import re
import subprocess

QRCU_C = "kernel/rcu/qrcu.c"

# What counts as an ordering primitive in qrcu.c: each such code line
# needs a tie.  Plain atomic_read()/atomic_set()/atomic_inc()/atomic_dec()
# and READ_ONCE()/WRITE_ONCE() order nothing, and are not listed.
PRIMITIVE = re.compile(
    r"\b("
    r"smp_\w+|barrier|"
    r"atomic_\w*(?:_return|_and_test|_not_zero|_unless|_negative)\w*|"
    r"atomic_fetch_\w+|atomic_\w*cmpxchg\w*|atomic_\w*xchg\w*|"
    r"atomic_\w+_(?:acquire|release)|"
    r"(?:try_)?cmpxchg\w*|xchg\w*|"
    r"mutex_(?:lock|unlock|trylock)\w*|(?:raw_)?spin_(?:lock|unlock|trylock)\w*|"
    r"rcu_read_(?:lock|unlock)\w*|synchronize_\w+|call_rcu\w*|"
    r"rcu_assign_pointer|rcu_dereference\w*|"
    r"rcuwait_(?:wait_event|wake_up)\w*|wake_up\w*|wait_event\w*|"
    r"set_current_state"
    r")\s*\(")


class Problem(Exception):
    pass


def norm(text):
    return " ".join(text.split())


def strip_comments(lines):
    """The code of each line, comments removed (block comments may span
    lines); a list of (line, code)."""
    out = []
    in_block = False
    for line in lines:
        code = ""
        i = 0
        while i < len(line):
            if in_block:
                end = line.find("*/", i)
                if end < 0:
                    i = len(line)
                else:
                    in_block = False
                    i = end + 2
                continue
            if line.startswith("/*", i):
                in_block = True
                i += 2
            elif line.startswith("//", i):
                break
            elif line[i] == '"':
                end = i + 1
                while end < len(line) and line[end] != '"':
                    end += 2 if line[end] == "\\" else 1
                code += line[i:end + 1]
                i = end + 1
            else:
                code += line[i]
                i += 1
        out.append(norm(code))
    return out


def series_source(patch):
    """qrcu.c as the patch adds it: a list of (patch line number, text)."""
    lines = []
    inside = False
    with open(patch, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            raw = raw.rstrip("\n")
            if raw.startswith("diff --git "):
                inside = False
            elif raw.startswith("+++ "):
                inside = raw == "+++ b/" + QRCU_C
            elif inside and raw.startswith("+"):
                lines.append((n, raw[1:]))
            elif inside and raw.startswith(" "):
                lines.append((n, raw[1:]))
    if not lines:
        raise Problem(f"{patch}: adds no {QRCU_C}; name the patch that does")
    return lines


FUNC = re.compile(r"^[A-Za-z_][^;=]*?\b(\w+)\s*\(")


def functions(source):
    """FUNCTION -> its definitions (two when #ifdef gives two), each a
    list of (patch line, code) of the body's code lines, in order (blank
    and comment-only lines left out, the closing brace kept)."""
    codes = strip_comments([t for _, t in source])
    funcs = {}
    name = pending = None
    for (n, text), code in zip(source, codes):
        if name is None:
            if pending is None:
                m = FUNC.match(text)
                if not m or code.endswith(";"):
                    continue
                pending = m.group(1)
            if code.endswith("{") and text.startswith("{"):
                name, pending = pending, None
                body = []
                funcs.setdefault(name, []).append(body)
            elif code.endswith(";"):
                pending = None   # a declaration, not a definition
            continue
        if text.startswith("}"):
            body.append((n, code))
            name = None
            continue
        if code:
            body.append((n, code))
    return funcs


TIE = re.compile(r"^\s*\*?\s*Series:\s*(\w+)\(\):\s*(.*\S)\s*$")
FIELD = re.compile(r"^\s*\*?\s*(after|before|broken):\s*(.*\S)\s*$")
RESULT = re.compile(r"^\s*\*?\s*Result:\s*(\S+)\s*$")
EXPECT = re.compile(r"^\s*\*?\s*herd7(?:\s+([a-z0-9-]+))?:\s*(.*\S)\s*$")
# The fields of a herd7: line, in the order they are written.
EXPECT_FIELDS = ("Observation", "States", "exists", "Hash")
# The one line of herd7's report that differs between two runs of the
# same test (its own time): a report is rewritten only when the rest does.
HERD_TIME = r"Time \S+ [0-9.]+$"


def parse_expect(text):
    """A herd7: line's fields, FIELD -> value; None if malformed."""
    fields = {}
    for part in text.split(";"):
        key, _, val = part.strip().partition(" ")
        if key not in EXPECT_FIELDS or not val.strip() or key in fields:
            return None
        fields[key] = " ".join(val.split())
    return fields if set(fields) == set(EXPECT_FIELDS) else None


def format_expect(fields):
    return "; ".join(f"{k} {fields[k]}" for k in EXPECT_FIELDS)


def rewrites(old, new):
    """A block of OLD lines that a variant replaced by NEW lines, in words:
    each new line is the rewrite of the old line most like it, and an old
    line no new line came from is removed (a new line like none: added)."""
    if len(old) == len(new):
        return [f"rewrites `{o}` as `{n}`" for o, n in zip(old, new)]
    left = list(range(len(old)))
    pairs = {}
    for j, n in enumerate(new):
        best = max(left, key=lambda i: difflib.SequenceMatcher(None, old[i], n).ratio(), default=None)
        if best is not None and difflib.SequenceMatcher(None, old[best], n).ratio() >= 0.5:
            pairs[best] = j
            left.remove(best)
    out = []
    for i, o in enumerate(old):
        out.append(f"rewrites `{o}` as `{new[pairs[i]]}`" if i in pairs else f"removes `{o}`")
    out += [f"adds `{n}`" for j, n in enumerate(new) if j not in pairs.values()]
    return out


class Tie:
    def __init__(self, test, line, func, text):
        self.test, self.line, self.func, self.text = test, line, func, norm(text)
        self.after = self.before = self.variant = None


class Test:
    def __init__(self, path):
        self.path = path
        self.name = None
        self.result = None
        self.ties = []
        self.variants = {}   # NAME -> sed script
        self.variant_ties = {}  # NAME -> the ties whose broken: lines name it
        self.expect = {}     # None (the test) or a variant NAME -> (line, fields)
        with open(path, encoding="utf-8") as f:
            self.lines = f.read().split("\n")
        first = self.lines[0].split()
        if len(first) != 2 or first[0] != "C":
            raise Problem(f"{path} line 1: not 'C NAME'; a C litmus test starts with its name")
        self.name = first[1]
        tie = None
        for n, line in enumerate(self.lines, 1):
            m = RESULT.match(line)
            if m:
                self.result = m.group(1)
                continue
            m = EXPECT.match(line)
            if m:
                key = m.group(1)
                fields = parse_expect(m.group(2))
                if fields is None:
                    raise Problem(f"{path} line {n}: not a herd7: line ('herd7[ VARIANT]: "
                                  + "; ".join(f"{k} ..." for k in EXPECT_FIELDS)
                                  + "'); run make lkmm-bless to write it again")
                if key in self.expect:
                    raise Problem(f"{path} line {n}: a second herd7 line for {key or 'the test'}; keep one")
                self.expect[key] = (n, fields)
                continue
            m = TIE.match(line)
            if m:
                tie = Tie(self, n, m.group(1), m.group(2))
                self.ties.append(tie)
                continue
            m = FIELD.match(line)
            if m and tie is not None:
                key, val = m.groups()
                if key == "broken":
                    name, _, script = val.partition(":")
                    name = name.strip()
                    if not re.fullmatch(r"[a-z0-9-]+", name):
                        raise Problem(f"{path} line {n}: variant name {name!r}: use lower-case letters, digits and -")
                    if script.strip():
                        if name in self.variants:
                            raise Problem(f"{path} line {n}: variant {name} defined twice")
                        self.variants[name] = script.strip()
                    elif name not in self.variants:
                        raise Problem(f"{path} line {n}: variant {name} is not defined above; give its sed script")
                    tie.variant = name
                    self.variant_ties.setdefault(name, []).append(tie)
                else:
                    setattr(tie, key, norm(val))
        if self.result not in ("Never", "Sometimes"):
            raise Problem(f"{path}: no 'Result: Never' or 'Result: Sometimes' line in the header comment")
        if not any(l.startswith("exists") for l in self.lines):
            raise Problem(f"{path}: no exists clause")
        for t in self.ties:
            for key in ("after", "before", "variant"):
                if getattr(t, key) is None:
                    field = "broken" if key == "variant" else key
                    raise Problem(f"{path} line {t.line}: the tie of {t.func}() has no '{field}:' line")

    def code_start(self):
        """The index of the first line after the header comment."""
        for i, line in enumerate(self.lines):
            if line.strip() == "*)":
                return i + 1
        raise Problem(f"{self.path}: the header comment does not end with a line ' *)'")

    def variant_change(self, name):
        """What variant NAME's sed script does to the test's code, in words:
        each line it removes, each line it rewrites (old, then new) and
        each line it adds, from a diff of the code before and after (the
        header comment is not part of it)."""
        start = self.code_start()
        old = [l.strip() for l in self.lines[start:] if l.strip()]
        new = [l.strip() for l in self.variant_text(name).split("\n")[start:] if l.strip()]
        parts = []
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
            gone = ", ".join(f"`{l}`" for l in old[i1:i2])
            came = ", ".join(f"`{l}`" for l in new[j1:j2])
            if op == "delete":
                parts.append(f"removes {gone}")
            elif op == "insert":
                parts.append(f"adds {came}")
            elif op == "replace":
                parts += rewrites(old[i1:i2], new[j1:j2])
        return "; ".join(parts)

    def variant_text(self, name):
        """The test changed by variant NAME's sed script (applied below the
        header comment only), renamed NAME+VARIANT."""
        script = self.variants[name]
        start = self.code_start()
        code = "\n".join(self.lines[start:])
        res = subprocess.run(["sed", "-e", script], input=code,
                             capture_output=True, text=True)
        if res.returncode != 0:
            raise Problem(f"{self.path}: variant {name}: sed failed: {res.stderr.strip()}")
        if res.stdout.rstrip("\n") == code.rstrip("\n"):
            raise Problem(f"{self.path}: variant {name}: its sed script changes nothing below the header; fix the script")
        head = self.lines[:start]
        head[0] = f"C {self.name}+{name}"
        return "\n".join(head) + "\n" + res.stdout


def load_tests(litmus_dir):
    tests = []
    for f in sorted(os.listdir(litmus_dir)):
        if f.endswith(".litmus"):
            tests.append(Test(os.path.join(litmus_dir, f)))
    return tests
