#!/usr/bin/python3
"""run-figures [OUT]: every figure of every run report the book may quote,
one per line as ID<TAB>FIELD<TAB>VALUE<TAB>REPORT.  For a run that a
chapter shows (a .pan block), the report is the one the page shows
(OUT/extract/CHAPTER/run.ID.expect), whose counts make check compares
with a fresh run, so that the prose and the report beside it agree to
the second; for any other run (a row of a sweep) it is this machine's
run (build/lib/runstore.py's run_file) or, for a run too long for make
check, the recorded one (kept_file), as in the sweep tables.
build/book/book.lua reads these lines to fill [ID.FIELD]{.run} spans, so that
prose quotes the runs and nothing typed.  A run of another checker has
its adapter's fields, and headline_1, headline_2, ...: the report's own
lines that say its verdict (the adapter's headline()), which the book
shows above the fold of a long report; its REPORT column is the file the
book shows (a long run's, target=full, is the one kept in chapters/runs/)."""

import glob
import os
import re
import sys

from build.lib import blockformat
from build.lib import checkers
from build.lib import panreport
from build.lib import runstore

# Figures beyond panreport.parse()'s, named as the book's prose uses them.
EXTRA = [
    ("atomic", r"^\s*([\d.e+]+) atomic steps"),
    ("conflicts", r"^hash conflicts:\s+([\d.e+]+)"),
    ("equivalent", r"^\s*([\d.]+)\s+equivalent memory usage for states"),
    ("states_memory", r"^\s*([\d.]+)\s+actual memory usage for states"),
    ("hashtable", r"^\s*([\d.]+)\s+memory used for hash table"),
    ("stack", r"^\s*([\d.]+)\s+memory used for DFS stack"),
    ("hash_factor", r"^hash factor: ([\d.e+]+)"),
    ("bits_set", r"^bits set per state: (\d+)"),
    ("error_depth", r"^pan:\d*:?\s.*\(at depth (\d+)\)$"),
]


def figures(text):
    f = {k: v for k, v in panreport.parse(text).items() if "\n" not in v}
    for key, pat in EXTRA:
        m = re.search(pat, text, re.M)
        if m:
            f[key] = m.group(1)
    # With compression pan says what each stored state costs.
    m = re.search(r"state-vector as stored = (\d+) byte \+ (\d+) byte overhead", text)
    if m:
        f["stored_bytes"], f["overhead_bytes"] = m.groups()
    return f


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else runstore.OUT
    ids = set()
    for path in glob.glob(os.path.join(runstore.run_dir(out), "*.out")) + \
            glob.glob(os.path.join(runstore.RECORDED, "*.out")):
        ids.add(os.path.basename(path)[:-len(".out")])
    shown, other = {}, {}
    # A run of another checker ({.check}): its adapter reads the report,
    # the one the chapter shows (or, with none shown, the run's own; for
    # a long run, target=full, the one kept in chapters/runs/).
    for flags in runstore.defined_everywhere("check", out):
        spec, _ = blockformat.read_spec(flags)
        try:
            tool = checkers.adapter(spec["tool"])
        except runstore.RunError:
            continue  # the block's own check names it
        rid = spec["id"]
        path = runstore.expect_of(flags)
        if spec.get("target") == "full":
            # A long run's block holds a summary; its report is kept.
            kept = runstore.kept_file(rid, "out")
            path = kept if os.path.exists(kept) else None
        elif os.path.getsize(path) == 0:
            path = runstore.report(rid, out)[0]
        ids.discard(rid)
        if path:
            other[rid] = (tool, path)
    for path in runstore.defined_everywhere("expect", out):
        if os.path.getsize(path) > 0:
            rid = os.path.basename(path)[len("run."):-len(".expect")]
            shown[rid] = path
            ids.add(rid)
    for rid in sorted(other):
        tool, path = other[rid]
        with open(path) as f:
            text = f.read()
        for key, value in sorted(tool.parse(text).items()):
            print(f"{rid}\t{key}\t{' '.join(value.split())}\t{path}")
        # The report's own verdict lines, which a folded report shows first.
        for n, line in enumerate(tool.headline(text), 1):
            print(f"{rid}\theadline_{n}\t{' '.join(line.split())}\t{path}")
    for rid in sorted(ids - set(other)):
        path = shown.get(rid) or runstore.report(rid, out)[0]
        with open(path) as f:
            text = f.read()
        # A figure that varies from run to run (panreport.VARYING) is
        # quoted only from a report the page shows or one kept in
        # chapters/runs/, never from this machine's fresh run, which the
        # next run would contradict.
        fresh = rid not in shown and not os.path.abspath(path).startswith(
            os.path.abspath(runstore.RECORDED) + os.sep)
        for key, value in sorted(figures(text).items()):
            if fresh and key in panreport.VARYING_FIELDS:
                value = (f"!{key} varies from run to run (build/lib/panreport.py, VARYING), and "
                         f"run {rid}'s report is neither shown nor kept: quote a kept or shown run's")
            print(f"{rid}\t{key}\t{value}\t{path}")


main()
