#!/usr/bin/python3
"""check-checker [--kept] FLAGS: compare the report of one {.check} run
(FLAGS: out/extract/chNN/check.ID.flags) with the one its chapter shows,
field by field, as its tool's adapter (build/checkers/TOOL.py) names
the fields that are compared; the others (times) are not.

Fails, with one line naming the chapter's block and what to do, when:
the run gave no verdict (its ID.err), there is no report, the
report was made from another model, tool version or flags than today's
(ID.from), the chapter shows no report, a compared field differs (one
line per field, naming it), or the verdict is not the block's verdict=.
With --kept the report is the one kept in the repository for a long run
(target=full; runstore.kept_file), with its provenance (ID.from), and the
chapter's block holds only its summary (KEY: VALUE lines, which make
bless and make keep-ID write): each compared field of the summary must
be the kept report's, and the summary may name no other."""

import os
import sys

from build.lib import blockformat
from build.lib import checkers
from build.lib import provenance
from build.lib import runstore


def problems(flags, kept):
    spec, _ = blockformat.read_spec(flags)
    rid = spec["id"]
    tool = checkers.adapter(spec["tool"])
    if kept:
        report, made, again = runstore.kept_file(rid, "out"), runstore.kept_file(rid, "from"), \
            f"make keep-{rid} (a long run; TIME= and MEMLIM= as its block asks)"
    else:
        err = runstore.run_file(rid, "err")
        if os.path.exists(err):
            return [open(err).read().strip()]
        report, made, again = runstore.run_file(rid, "out"), runstore.run_file(rid, "from"), \
            "run make again"
    if not os.path.exists(report):
        return [f"no report {report}; {again}"]
    now = checkers.made_by(spec)
    was = open(made).read() if os.path.exists(made) else ""
    stale = provenance.provenance_differs(was, now, provenance.CHECK_KEYS)
    if stale:
        return [f"{report} was made from another {', '.join(stale)} than today's"
                f"{' (no ' + made + ')' if not was else ''}; {again}"]
    got = open(report).read()
    want = open(runstore.expect_of(flags)).read()
    if kept:
        return kept_problems(spec, tool, want, got)
    if not tool.parse(want):
        return [f"the chapter's block shows no {spec['tool']} report; paste one or run make bless"]
    found = checkers.compare(tool, want, got)
    for text, whose in ((want, "the chapter's report"), (got, "the run")):
        v = tool.verdict(tool.parse(text))
        if v != spec["verdict"]:
            found.append(f"{whose} says {v or 'nothing'}, the block's verdict= is {spec['verdict']}")
    return found


def kept_problems(spec, tool, want, got):
    """A kept run's block holds a summary, KEY: VALUE lines, which must
    agree with the kept report on every compared field."""
    rid = spec["id"]
    if not want.strip():
        return [f"the chapter's block holds no summary of chapters/runs/{rid}.out; run make bless"]
    found = checkers.compare_summary(tool, want, got)
    v = tool.verdict(tool.parse(got))
    if v != spec["verdict"]:
        found.append(f"the kept report says {v or 'nothing'}, the block's verdict= is "
                     f"{spec['verdict']}")
    return found


def main():
    args = sys.argv[1:]
    kept = args[:1] == ["--kept"]
    args = args[1:] if kept else args
    if len(args) != 1:
        sys.exit("usage: build/pipeline/check-checker.py [--kept] out/extract/chNN/check.ID.flags")
    spec, _ = blockformat.read_spec(args[0])
    where = f"{blockformat._where(args[0], spec['id'], spec['chapter'])}: run {spec['id']} " \
        f"({spec.get('tool')} on models/{spec.get('model')}" \
        f"{' with ' + spec['set'] if spec.get('set') else ''})"
    try:
        found = problems(args[0], kept)
    except runstore.RunError as e:
        found = [str(e)]
    if found:
        print(f"{where}: differs from the chapter: {found[0]}")
        for p in found[1:]:
            print("  " + p)
        sys.exit(1)
    tool = checkers.adapter(spec["tool"])
    f = tool.parse(open(runstore.kept_file(spec["id"], "out") if kept
                        else runstore.run_file(spec["id"], "out")).read())
    print(f"{spec['id']}: {spec['verdict']}, "
          + ", ".join(f"{label} {f[key]}" for key, label in tool.FIELDS if key in f)
          + (", as the kept report (chapters/runs/) says" if kept else ", as the chapter says"))


main()
