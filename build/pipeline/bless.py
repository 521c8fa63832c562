#!/usr/bin/python3
"""bless: copy the reports of fresh runs into the chapters, the quiz
answers and the exercises' solutions: the body of each {.pan #ID ...} block becomes its run's report, that of
each {.sim #ID ...} block its simulation's output,
and the expect column of each {.sweep #ID ...} table the states its runs
stored.  Run after a deliberate change to a model or a new Spin; review
the result with git diff.  Only blocks whose runs were made change.

A {.check} block keeps its tool's report without the lines that vary
from run to run (the adapter's steady(): rumur's progress lines).  A
long run (target=full) keeps its report in chapters/runs/ID.out alone,
and its block the summary, KEY: VALUE lines (build/lib/checkers.py's
summary()); --keep ID (make keep-ID) keeps run ID's fresh report there
and writes its block's summary, and nothing else."""

import glob
import os
import re
import sys

from build.lib import blockformat
from build.lib import checkers
from build.lib import panreport
from build.lib import provenance
from build.lib import runstore

OUT = runstore.OUT
FENCE = re.compile(r"^(`{3,}|~{3,})\s*\{([^}]*)\}\s*$")
KEPT = []  # the long runs whose reports were kept in chapters/runs/


def main(keep=None):
    changed = 0
    for chapter in sorted(glob.glob("chapters/ch[0-9][0-9]-*.md")
                          + glob.glob("quizzes/ch[0-9][0-9]-quiz*.md")
                          + glob.glob("quizzes/ch[0-9][0-9]-ex*.md")):
        lines = open(chapter).read().split("\n")
        out, i = [], 0
        while i < len(lines):
            line = lines[i]
            out.append(line)
            m = FENCE.match(line)
            i += 1
            if not m:
                continue
            words = m.group(2).split()
            ids = [w[1:] for w in words if w.startswith("#")]
            fence = m.group(1)
            body = []
            while i < len(lines) and not lines[i].startswith(fence):
                body.append(lines[i])
                i += 1
            report = runstore.run_file(ids[0], "out") if ids else None
            if ".pan" in words and report and os.path.exists(report) \
                    and fresh(chapter, ids[0], report):
                new = open(report).read().rstrip("\n").split("\n")
                if same_verdict(new, body):
                    new = body  # only the times differ: keep the page still
                if new != body:
                    changed += 1
                    print(f"{chapter}: {ids[0]}: expected output refreshed")
                body = new
            if keep and ids != [keep]:
                out.extend(body)
                continue
            if ".check" in words and ids:
                new = bless_check(chapter, ids[0], body, keep=bool(keep))
                if new != body:
                    changed += 1
                    print(f"{chapter}: {ids[0]}: expected output refreshed")
                body = new
            if ".sim" in words and ids:
                made = runstore.run_file(ids[0], "sim", OUT)
                if os.path.exists(made):
                    new = open(made).read().rstrip("\n").split("\n")
                    if new != body:
                        changed += 1
                        print(f"{chapter}: {ids[0]}: simulation output refreshed")
                    body = new
            if ".sweep" in words and ids:
                new = bless_sweep(ids[0], body)
                if new != body:
                    changed += 1
                    print(f"{chapter}: {ids[0]}: expected states refreshed")
                body = new
            out.extend(body)
        text = "\n".join(out)
        if text != open(chapter).read():
            runstore.put(chapter, text)
    print(f"bless: {changed} block(s) refreshed")
    if keep and keep not in KEPT:
        return 1


def fresh(chapter, rid, report):
    """Whether REPORT was made from today's model and flags of run RID."""
    flags = runstore.run_flags_path(rid, OUT)
    made = runstore.from_of(report)
    if flags and os.path.exists(made) and not provenance.provenance_differs(
            open(made).read(), provenance.provenance(blockformat.read_spec(flags)[0])):
        return True
    print(f"{chapter}: {rid}: not refreshed: {report} was not made from today's "
          "model and flags; run make bless again", file=sys.stderr)
    return False


def bless_check(chapter, rid, body, keep=False):
    """A {.check} block's body from a fresh run of today's model, tool
    and flags, when its verdict is the block's verdict=, without the
    lines that vary from run to run (the adapter's steady()).  A long run
    (target=full) is kept in chapters/runs/ (with KEEP, or when a fresh
    run of it was made) and its block gets the summary, never the body."""
    flags = runstore.check_flags_path(rid, OUT)
    if not flags:
        return body
    spec, _ = blockformat.read_spec(flags)
    full = spec.get("target") == "full"
    report = runstore.run_file(rid, "out")
    if keep:
        err = runstore.run_file(rid, "err")
        if os.path.exists(err):
            print(f"{chapter}: {rid}: not kept: it gave no report: {open(err).read().strip()}",
                  file=sys.stderr)
            return body
        if not full or not os.path.exists(report):
            print(f"{chapter}: {rid}: not kept: "
                  + (f"no {report}; make keep-{rid} runs it" if full else
                     "its block is not a long run (target=full)"), file=sys.stderr)
            return body
    if not os.path.exists(report):
        report = runstore.kept_file(rid, "out") if full else report
        if not os.path.exists(report):
            return body
    try:
        tool = checkers.adapter(spec["tool"])
        now = checkers.made_by(spec)
    except runstore.RunError as e:
        print(f"{chapter}: {rid}: not refreshed: {e}", file=sys.stderr)
        return body
    made = runstore.from_of(report)
    if not os.path.exists(made) or provenance.provenance_differs(
            open(made).read(), now, provenance.CHECK_KEYS):
        print(f"{chapter}: {rid}: not refreshed: {report} was not made from today's "
              "model, tool and flags; run make " + (f"keep-{rid}" if full else "bless again"),
              file=sys.stderr)
        return body
    text = tool.steady(open(report).read())
    got = tool.verdict(tool.parse(text))
    if got != spec["verdict"]:
        print(f"{chapter}: {rid}: not refreshed: the run says {got}, the block's "
              f"verdict= is {spec['verdict']}", file=sys.stderr)
        return body
    if full:
        kept = runstore.kept_file(rid, "out")
        if report != kept:
            runstore.put(kept, text)
            runstore.put(runstore.kept_file(rid, "from"), open(made).read())
            print(f"kept {kept} (and .from); commit both")
            KEPT.append(rid)
        return checkers.summary(tool, text)
    if body and not checkers.compare(tool, "\n".join(body), text):
        return tool.steady("\n".join(body) + "\n").rstrip("\n").split("\n")  # only times differ
    return text.rstrip("\n").split("\n")


def same_verdict(new, old):
    """Whether two reports agree on every line the check compares (all but
    what panreport.VARYING names): then the page keeps its report."""
    a, b = panreport.parse("\n".join(new)), panreport.parse("\n".join(old))
    return all(a.get(k) == b.get(k) for k, _ in panreport.FIELDS) and bool(b) and \
        panreport.first_difference(panreport.report_lines("\n".join(old)),
                                   panreport.report_lines("\n".join(new))) is None


def bless_sweep(sid, body):
    """The sweep's table with its expect column taken from the runs."""
    flags = runstore.defined_everywhere("sweep." + sid)
    if not flags:
        return body
    keys, _ = blockformat.read_spec(flags[0])
    params = keys["params"].split(",")
    head, _ = blockformat.table("\n".join(body))
    # Row ids as blockformat.sweep_rows makes them (the one place that does).
    ids = {tuple(cell[p] for p in params): rid
           for rid, _, _, _, cell in blockformat.sweep_rows(flags[0], keys["chapter"])}
    out = []
    for line in body:
        row = blockformat.cells(line)
        if not blockformat.is_row(line) or row[:len(params)] == params:
            out.append(line)
            continue
        row = row + [""] * (len(head) - len(row))  # an empty last cell ("... |")
        cell = dict(zip(head, row))
        rid = ids.get(tuple(cell[p] for p in params), "")
        report = runstore.run_file(rid, "out")
        f = panreport.parse(open(report).read()) \
            if os.path.exists(report) and fresh(f"sweep {sid}", rid, report) else {}
        if "stored" in f:
            cell["expect"] = str(panreport.number(f["stored"]))
        widths = [len(c) for c in line.split("|")]
        if cell["expect"].replace(",", "") == row[head.index("expect")].replace(",", ""):
            out.append(line)
            continue
        cells = [cell.get(h, "") for h in head]
        pad = [w - (1 if i == 0 else 2) for i, w in enumerate(widths)]
        out.append(" | ".join(c.ljust(max(p, len(c))) for c, p in zip(cells, pad)).rstrip())
    return out


if __name__ == "__main__":
    if sys.argv[1:2] == ["--keep"] and len(sys.argv) == 3:
        sys.exit(main(keep=sys.argv[2]))
    if len(sys.argv) != 1:
        sys.exit("usage: build/pipeline/bless.py [--keep ID]")
    sys.exit(main())
