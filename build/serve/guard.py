"""guard: what make serve refuses before a reader's model reaches Spin.

A Promela model is code: c_code, c_decl, c_expr, c_state and c_track put
C into pan.c, and #include reads a file.  Unless the server was started
with ALLOW_C_CODE=1, a model (and every file it includes) may hold no
embedded C and no token pasting (##, which could build those words), and
may include only a file of its own folder, by a plain name in quotes
(#include "lock.h"), that is a file of that folder once links are
followed.  The flags a reader types are held to what the book's blocks
use: -D and -U for Spin, -D and -O for the C compiler, pan's own
options.  Each refusal is one line naming the file, the line and the
fix.  The sandbox (sandbox.py) contains what passes; this only says
early and clearly what a run would not be allowed to do."""

import os
import re
import shlex

EMBEDDED_C = re.compile(r"\b(c_code|c_decl|c_expr|c_state|c_track)\b")
DIRECTIVE = re.compile(r"^\s*(?:#|%:)\s*(include_next|include|import)\b(.*)$")
PLAIN_INCLUDE = re.compile(r'^\s*"([A-Za-z0-9_][A-Za-z0-9_.+-]*)"\s*(?://.*|/\*.*)?$')
NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.+-]*\.(spin|pml|prom|h)$")
ALLOW = "start make serve ALLOW_C_CODE=1 to allow it (on a model you trust)"


class Refused(Exception):
    """A model or flag make serve will not run: the message is one line."""


def model_name(name):
    """NAME when it is a plain file name of a model or header, else Refused."""
    if not isinstance(name, str) or not NAME.match(name) or name in (".", ".."):
        raise Refused(f"{name!r}: not a model's file name; give a name such as "
                      "increment.spin (letters, digits, . _ - +; no folder)")
    return name


def inside(folder, path):
    """PATH, links followed, is a file within FOLDER (links followed)."""
    real = os.path.realpath(path)
    root = os.path.realpath(folder)
    return os.path.commonpath([real, root]) == root and real != root


def _logical_lines(text):
    """(first line number, text) of each line, continuations joined and
    comments blanked, as the C preprocessor reads them."""
    text = text.replace("\\\n", "\x00")  # keep count of the joined lines
    text = re.sub(r"/\*.*?\*/", lambda m: " " + "\x00" * m.group(0).count("\n"), text, flags=re.S)
    out, n = [], 1
    for line in text.split("\n"):
        out.append((n, re.sub(r"//.*", "", line.replace("\x00", ""))))
        n += 1 + line.count("\x00")
    return out


def check_text(label, text, folder, allow_c, seen=None):
    """Refuse what LABEL's TEXT may not hold; return the files of FOLDER it
    includes (plain names), those files checked in turn."""
    seen = set() if seen is None else seen
    found = []
    for n, line in _logical_lines(text):
        if not allow_c:
            m = EMBEDDED_C.search(line)
            if m:
                raise Refused(f"{label} line {n}: embedded C ({m.group(1)}) is refused: "
                              f"it would run as part of pan; {ALLOW}")
            if "##" in line:
                raise Refused(f"{label} line {n}: token pasting (##) is refused, since it "
                              f"can build embedded C; {ALLOW}")
        d = DIRECTIVE.match(line)
        if not d:
            continue
        m = PLAIN_INCLUDE.match(d.group(2)) if d.group(1) == "include" else None
        if not m:
            if allow_c:
                continue
            raise Refused(f"{label} line {n}: #{d.group(1)}{d.group(2)} is refused: a model "
                          "may include only a file of its own folder, by its name in quotes "
                          f"(#include \"lock.h\"); {ALLOW}")
        name = m.group(1)
        path = os.path.join(folder, name)
        if not os.path.lexists(path):
            raise Refused(f"{label} line {n}: #include \"{name}\": no such file in the "
                          "models' folder; put it there beside the model")
        if not inside(folder, path) or not os.path.isfile(path):
            if allow_c:
                continue
            raise Refused(f"{label} line {n}: #include \"{name}\" is refused: it is a link "
                          f"to a file outside the models' folder; {ALLOW}")
        if name not in seen:
            seen.add(name)
            found.append(name)
            with open(path, errors="replace") as f:
                found += check_text(name, f.read(), folder, allow_c, seen)
    return found


FLAG_RULES = {
    "DEFS": re.compile(r"^-[DU][A-Za-z_][A-Za-z0-9_]*(=[^\s]*)?$"),
    "CFLAGS": re.compile(r"^(-D[A-Za-z_][A-Za-z0-9_]*(=[A-Za-z0-9_.+-]*)?|-O[0-3s]?)$"),
    "RUNFLAGS": re.compile(r"^(-[A-Za-z]+[0-9]*|[A-Za-z_][A-Za-z0-9_]*)$"),
}
FLAG_HELP = {
    "DEFS": "-DNAME=VALUE or -UNAME",
    "CFLAGS": "-DNAME, -DNAME=VALUE or -O2",
    "RUNFLAGS": "pan's options, e.g. -m100000 -w24 (and a name after -N)",
}


def check_flags(kind, flags, allow_c):
    """FLAGS (one of DEFS, CFLAGS, RUNFLAGS) as a string of words, or Refused."""
    flags = flags or ""
    if not isinstance(flags, str) or len(flags) > 400:
        raise Refused(f"{kind}: give at most 400 characters of flags")
    try:
        words = shlex.split(flags)
    except ValueError as e:
        raise Refused(f"{kind}={flags!r}: cannot read it ({e}); check its quotes")
    if not allow_c:
        for w in words:
            if not FLAG_RULES[kind].match(w):
                raise Refused(f"{kind}: {w!r} is refused; make serve takes {FLAG_HELP[kind]}; "
                              f"{ALLOW}")
    return flags


def word(kind, value, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$|^$"):
    """VALUE (a formula's name, a proctype, a flag) when it matches PATTERN."""
    value = "" if value is None else str(value)
    if not re.match(pattern, value):
        raise Refused(f"{kind}={value!r}: give a name (letters, digits, _)")
    return value
