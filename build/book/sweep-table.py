#!/usr/bin/python3
"""sweep-table SWEEP: the Markdown table the book shows for a sweep: for
each row its parameters, then the figures of this machine's run (states
stored, depth, memory, time, from the run store's ROW.out, or for a long
row the kept report: build/lib/runstore.py's report()), then the columns the
chapter quotes (for example the 2007 article's).  A row whose run has
not been made says which make target makes it.  With --data, prints the
parameters and stored states as whitespace-separated columns (for
gnuplot) instead."""

import sys

from build.lib import blockformat
from build.lib import panreport
from build.lib import runstore
from build.lib import searchflags
from build.lib import provenance

OUT = runstore.OUT


def fmt(n):
    return f"{panreport.number(n):,}"


def main():
    args = sys.argv[1:]
    data = "--data" in args
    args = [a for a in args if a != "--data"]
    if len(args) != 1:
        sys.exit("usage: build/book/sweep-table.py [--data] out/extract/chNN-topic/sweep.ID")
    keys, _ = blockformat.read_spec(args[0])
    params = keys["params"].split(",")
    rows = list(blockformat.sweep_rows(args[0], keys["chapter"]))
    quoted = [h for h in (rows[0][4].keys() if rows else [])
              if h not in params + ["expect", "target"]]
    head = params + [f"states ({provenance.SPIN_PINNED})", "depth", "memory (MB)", "time (s)"] + quoted
    lines = ["| " + " | ".join(head) + " |",
             "|" + "|".join("---:" for _ in head) + "|"]
    for rid, _, _, target, cell in rows:
        out, recorded = runstore.report(rid, OUT)
        f = panreport.parse(open(out).read()) if out else {}
        if data:
            if "stored" in f:
                print(" ".join([cell[p] for p in params] + [str(panreport.number(f["stored"]))]))
            continue
        if f:
            # A recorded row names its run: the same configuration may be
            # run (and timed) elsewhere in the book under another name.
            measured = [fmt(f["stored"]) + (f" (recorded: `{rid}`)" if recorded else ""),
                        f.get("depth", "?"), f.get("memory", "?"), f.get("time", "?")]
        else:
            how = f"make sweep-{keys['id']}-full" if target == "full" else "make check"
            measured = [f"not run here yet ({how})", "", "", ""]
        lines.append("| " + " | ".join([cell[p] for p in params] + measured
                                        + [cell[q] for q in quoted]) + " |")
    if not data:
        # The rows' flags, as their runs get them (a liveness sweep's -a, -f too).
        try:
            cflags, runflags = searchflags.spec_flags(keys)
        except runstore.RunError as e:
            sys.exit(f"sweep-table: {e}")
        flags = searchflags.describe("models/" + keys["model"], (keys.get("defs", "") + " "
                                + " ".join(f"-D{p}=N" for p in params)).strip(), cflags, runflags)
        print("\n".join(lines))
        print(f"\n: Measured with `{flags}`; the state counts are checked by "
              f"`make check`. A row marked (recorded: `ID`) is too long for it: the report of run ID"
              f" is kept in {runstore.RECORDED}/ and refreshed by "
              f"`make sweep-{keys['id']}-full`.")


main()
