#!/usr/bin/python3
"""check-run FLAGS: compare the kept report of one run with what its
chapter says it prints.

The stable fields (errors, assertion text, state-vector size, depth,
states stored and matched, transitions, unreached lines) must agree, and
so must every other line of the report (hash conflicts, atomic steps,
memory, the error's depth, ...) but for what differs from run to run,
which build/lib/panreport.py's VARYING names (times).  When the chapter
shows a trail excerpt, its lines must appear in the readable trail, in
order.  With --recorded, the report checked is the one kept in the
repository for a run too long for make check (build/lib/runstore.py's
kept_file), and it must have been made from the model and flags of today
(its ID.from).  A fresh run's report (runstore.run_file) is read only if
it was made from today's model and flags too (its ID.from).  A sweep row has no printed report: it
must finish, find no error, and store the number of states its table
gives.  Exits 1 with a message naming the chapter, the model and the
flags on any difference."""

import os
import sys

from build.lib import blockformat
from build.lib import panreport
from build.lib import provenance
from build.lib import runstore
from build.lib import searchflags

OUT = runstore.OUT


def norm(line):
    return " ".join(line.split())


def main():
    args = sys.argv[1:]
    recorded = args[:1] == ["--recorded"]
    args = args[1:] if recorded else args
    if len(args) != 1:
        sys.exit("usage: build/pipeline/check-run.py [--recorded] out/extract/chNN/run.ID.flags")
    flags = args[0]
    spec, _ = blockformat.read_spec(flags)
    rid, chapter = spec["id"], spec["chapter"]
    model = os.path.join("models", spec["model"])
    stem = flags[:-len(".flags")]
    row = blockformat.read_spec(stem + ".row")[0] if os.path.exists(stem + ".row") else {}
    loc = blockformat._where(os.path.join(os.path.dirname(flags), "x"), rid, chapter) \
        if not row else _sweep_where(row.get("sweep", ""), chapter)
    try:
        cflags, runflags = searchflags.spec_flags(spec, loc)
    except runstore.RunError as e:
        sys.exit(str(e))
    where = (f"{loc}: run {rid} ({model}; "
             + searchflags.describe(model, spec.get("defs", ""), cflags, runflags) + ")")
    # The run's files, where the run store keeps them: the kept report of a
    # long run, else a fresh run's.
    def run_file(ext):
        return runstore.kept_file(rid, ext) if recorded else runstore.run_file(rid, ext)
    if os.path.exists(run_file("err")) and not recorded:
        sys.exit(f"{where}: {open(run_file('err')).read().strip()}")
    if not os.path.exists(run_file("out")):
        sys.exit(f"{where}: no report in {run_file('out')}; run make again")
    now = provenance.provenance(spec)
    made = open(run_file("from")).read() if os.path.exists(run_file("from")) else ""
    differs = provenance.provenance_differs(made, now)
    if differs and recorded:
        sys.exit(f"{run_file('out')}: recorded from a different model/flags "
                 f"({', '.join(differs)} differ{'s' if len(differs) == 1 else ''}"
                 f"{'; no ' + run_file('from') if not made else ''}); re-run "
                 f"make sweep-{row.get('sweep', rid)}-full")
    if differs:
        sys.exit(f"{where}: {run_file('out')} was made from a different model/flags "
                 f"({', '.join(differs)}); run make again to re-run it")
    text = open(run_file("out")).read()
    got = panreport.parse(text)
    problems = []

    expect_file = stem + ".expect"
    if os.path.exists(expect_file):
        want = panreport.parse(open(expect_file).read())
        if not want:
            problems.append(f"the chapter's block for {rid} holds no pan "
                            "report; paste one or run make bless")
        for key, label in panreport.FIELDS:
            if want.get(key) != got.get(key):
                problems.append(f"{label}: expected {want.get(key, '(none)')!r}"
                                f", got {got.get(key, '(none)')!r}")
        # Every other line too, but what panreport.VARYING names (times):
        # a figure the book quotes from the report (hash conflicts, atomic
        # steps, memory, the error's depth) is one make check compares.
        if want and not problems:
            why = panreport.first_difference(panreport.report_lines(open(expect_file).read()),
                                             panreport.report_lines(text))
            if why:
                problems.append(why)
        verdict_file = os.path.join(os.path.dirname(flags), "verdict." + rid)
        if os.path.exists(verdict_file):
            why = panreport.judge(got, open(verdict_file).read())
            if why:
                problems.insert(0, f"the chapter's verdict: {why}")
    elif os.path.exists(stem + ".row"):
        check_row(stem + ".row", got, problems, model)
    else:
        problems.append(f"no expectation for {rid} ({expect_file})")

    why = panreport.incomplete(text, got, runflags)
    if why:
        problems.append(why)
    why = panreport.liveness_problem(got, runflags, spec.get("ltl", ""), spec.get("fair", ""),
                                  spec.get("np", ""))
    if why:
        problems.append(why)

    trail_want = os.path.join(os.path.dirname(flags), "trail." + rid)
    if os.path.exists(trail_want):
        have = [norm(l) for l in open(run_file("trail")).read().splitlines()] \
            if os.path.exists(run_file("trail")) else []
        pos = 0
        for line in open(trail_want).read().splitlines():
            if not line.strip() or line.strip() == "...":
                continue
            want_line = norm(line)
            while pos < len(have) and have[pos] != want_line:
                pos += 1
            if pos == len(have):
                problems.append(f"trail excerpt line not found (in order) in "
                                f"{run_file('trail')}: {line.strip()!r}")
                break
            pos += 1

    if problems:
        print(f"{where}: differs from the chapter: {problems[0]}")
        for p in problems[1:]:
            print("  " + p)
        sys.exit(1)
    unchecked = panreport.claim_unchecked(got)
    print(f"{rid}: {got.get('stored')} states, {panreport.verdict(got)}, "
          "as the chapter says" + (f" ({unchecked})" if unchecked else ""))


def _sweep_where(sid, chapter):
    for d in runstore.extract_dirs(OUT, "*"):
        if os.path.exists(os.path.join(d, "where." + sid)):
            return open(os.path.join(d, "where." + sid)).read().strip()
    return chapter


def check_row(row, got, problems, model):
    """A sweep row's expectation: its verdict (no error, unless its
    verdict column says otherwise), and the stored states."""
    keys, _ = blockformat.read_spec(row)
    why = panreport.probe_judge(got, keys.get("verdict", "pass"), keys.get("transition"))
    if why:
        problems.insert(0, f"the chapter's verdict: {why}")
    probes(keys, model, problems)
    if not keys.get("expect"):
        problems.append("the sweep row's expect column is empty; give the states "
                        f"{provenance.SPIN_PINNED} stores (make bless fills it from this run)")
    else:
        want = keys["expect"].replace(",", "")
        have = str(panreport.number(got["stored"])) if "stored" in got else None
        if want != have:
            problems.append(f"states, stored: expected {want}, got {have}")


def probes(keys, model, problems):
    """A probe sweep (its parameter is PROBE): the row's probe must be
    placed in the model, reached(NAME) or reached_if(NAME, ...), and every
    probe the model places must have a row, so that no transition goes
    unprobed and no row probes nothing."""
    spec = runstore.defined_everywhere("sweep." + keys.get("sweep", ""))
    if not spec:
        return
    sweep, _ = blockformat.read_spec(spec[0])
    if sweep.get("params") != "PROBE" or not os.path.exists(model):
        return
    placed = set(panreport.PROBE_MARK.findall(open(model).read()))
    placed.discard("n")  # the macros' own parameter
    rows = {c["PROBE"] for *_, c in blockformat.sweep_rows(spec[0], sweep.get("chapter", ""))}
    for p in sorted(rows - placed):
        problems.append(panreport.unplaced(p, model))
    for p in sorted(placed - rows):
        problems.append(f"probe {p}: {model} places it, but sweep {keys['sweep']} "
                        f"has no row {p}, so it is never run")


main()
