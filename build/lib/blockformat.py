"""blockformat: the chapters' block format, defined once in
build/pipeline/format.tsv (build/pipeline/extract.lua reads it too, and
build/README.md shows it), the key=value files build/pipeline/extract.lua
writes for each block, and the sweep tables (one Spin run per row)."""

import os
import re
import sys

FORMAT_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                           "pipeline", "format.tsv")


# The block format, defined once in build/pipeline/format.tsv (extract.lua reads it
# too, and build/README.md shows it).

def block_format():
    """[(class, attribute, need, value, default, meaning)] in file order."""
    rows = []
    with open(FORMAT_FILE) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 6:
                sys.exit(f"{FORMAT_FILE}: a line needs 6 tab-separated fields: {line.strip()}")
            rows.append(tuple(fields))
    return rows


def default(cls, attribute):
    """The default value of ATTRIBUTE on a .CLS block ('' when none)."""
    for c, a, _, _, d, _ in block_format():
        if c == cls and a == attribute:
            return d
    raise KeyError(f"{cls}.{attribute} is not in {FORMAT_FILE}")


class FormatError(SystemExit):
    """A chapter's block that the tools cannot use; the message names the
    file and says what to fix.  Uncaught, it ends the program like
    sys.exit(message)."""


def read_spec(path):
    """key=value lines, then optionally '---' and a body."""
    keys, body = {}, None
    with open(path) as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        if line == "---":
            body = "\n".join(lines[i + 1:])
            break
        if "=" in line:
            k, v = line.split("=", 1)
            keys[k] = v
    return keys, body


# Sweeps: one table in a chapter, one run per row.

def is_row(line):
    """Whether a line of a pipe table is a header or data row (not the
    rule under the header, not text around the table)."""
    return "|" in line and not re.fullmatch(r"[\s|:-]+", line)


def cells(line):
    """The stripped cells of one pipe-table row, outer pipes optional."""
    line = line.strip()
    line = line[1:] if line.startswith("|") else line
    line = line[:-1] if line.endswith("|") else line
    return [c.strip() for c in line.split("|")]


def table(body):
    """A pipe table's header and rows (lists of stripped cells)."""
    rows = [cells(line) for line in body.splitlines() if is_row(line)]
    head = rows[0]
    return head, [(r + [""] * len(head))[:len(head)] for r in rows[1:]]


def sweep_rows(path, chapter):
    """Yield (row id, flags text, row text, target, cells) for a sweep
    file: one Spin run per row of its table."""
    keys, body = read_spec(path)
    params = keys["params"].split(",")
    where = keys.get("where") or _where(path, keys["id"], chapter)
    if not body or not [line for line in body.splitlines() if is_row(line)]:
        raise FormatError(f"{where}: sweep {keys['id']} holds no table; give a "
                          "header row naming the columns, then one row per run")
    head, rows = table(body)
    for p in params + ["expect"]:
        if p not in head:
            raise FormatError(f"{where}: sweep {keys['id']} has no column {p!r};"
                              f" its header has {' | '.join(head)}")
    seen = set()
    for row in rows:
        cell = dict(zip(head, row))
        values = [cell[p] for p in params]
        bad = [v for v in values if not re.fullmatch(r"[\w.+-]+", v)]
        if bad:
            raise FormatError(f"{where}: sweep {keys['id']}: the value {bad[0]!r}"
                              " of a parameter column is not a number or a name")
        rid = keys["id"] + "-" + "-".join(values)
        if rid in seen:
            raise FormatError(f"{where}: sweep {keys['id']} has two rows "
                              f"{' | '.join(values)}; give each row its own values")
        seen.add(rid)
        defs = " ".join([keys.get("defs", "")] +
                        [f"-D{p}={v}" for p, v in zip(params, values)]).strip()
        flags = "".join(f"{k}={v}\n" for k, v in [
            ("chapter", chapter), ("id", rid), ("model", keys["model"]),
            ("defs", defs),
            ("cflags", keys.get("cflags", "")),
            ("runflags", keys.get("runflags", "")),
            ("ltl", keys.get("ltl", "")), ("fair", keys.get("fair", "")),
            ("np", keys.get("np", "")),
            ("timeout", keys.get("timeout", "")),
            ("memlim", keys.get("memlim", ""))])
        target = cell.get("target", "check") or "check"
        if target not in ("check", "full"):
            raise FormatError(f"{where}: sweep {keys['id']} row {' | '.join(values)}:"
                              f" target {target!r} is neither check nor full")
        # A verdict column (pass, or violated TEXT) is the chapter's
        # judgement of the row's run, which make bless never changes; a
        # transition column says what a probe row marks.
        judged = "".join(f"{k}={' '.join(cell[k].split())}\n" for k in ("verdict", "transition")
                         if cell.get(k))
        yield (rid, flags, f"sweep={keys['id']}\nexpect={cell['expect']}\n" + judged,
               target, cell)


def _where(path, sid, chapter):
    """FILE:LINE of a block, as build/pipeline/extract.lua kept it beside PATH."""
    try:
        return open(os.path.join(os.path.dirname(path), "where." + sid)).read().strip()
    except OSError:
        return chapter
