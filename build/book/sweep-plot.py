#!/usr/bin/python3
"""sweep-plot SWEEP OUT.svg: plot a sweep's stored states (log scale)
against its last parameter, one line per value of the other parameters,
measured runs solid and the quoted "article states" column, if any,
dashed.  Uses gnuplot; the data are this machine's runs (out/runs)."""

import os
import subprocess
import sys
import tempfile

from build.lib import blockformat
from build.lib import panreport
from build.lib import runstore
from build.lib import provenance

OUT = runstore.OUT


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: build/book/sweep-plot.py out/extract/chNN-topic/sweep.ID OUT.svg")
    keys, _ = blockformat.read_spec(sys.argv[1])
    params = keys["params"].split(",")
    x, groups = params[-1], params[:-1]
    series = {}
    for rid, _, _, _, cell in blockformat.sweep_rows(sys.argv[1], keys["chapter"]):
        label = ", ".join(f"{g}={cell[g]}" for g in groups) or "this machine"
        out, _ = runstore.report(rid, OUT)
        if out:
            f = panreport.parse(open(out).read())
            if "stored" in f:
                series.setdefault((provenance.SPIN_PINNED, label), []).append(
                    (int(cell[x]), panreport.number(f["stored"])))
        art = cell.get("article states", "").replace(",", "")
        if art.isdigit():
            series.setdefault(("article (Spin 4.2.5)", label), []).append((int(cell[x]), int(art)))
    if not series:
        sys.exit(f"{sys.argv[1]}: no run of this sweep has been made yet")
    def text(s):  # gnuplot's enhanced text would read _ as a subscript
        return s.replace("_", "\\_")

    with tempfile.TemporaryDirectory() as tmp:
        plots = []
        labels = sorted({label for _, label in series})
        for i, ((who, label), pts) in enumerate(sorted(series.items())):
            data = os.path.join(tmp, f"s{i}.dat")
            with open(data, "w") as f:
                f.writelines(f"{a} {b}\n" for a, b in sorted(pts))
            dash = "dt 2" if who.startswith("article") else "dt 1"
            title = f"{label}: {who}" if groups else who
            color = f"lc {labels.index(label) + 1}"  # one colour per group
            plots.append(f"'{data}' using 1:2 with linespoints {dash} {color} lw 2 "
                         f"title '{text(title)}'")
        # Room around the points, so that no marker sits on the frame: a
        # third of a step on either side, and a factor of three above and
        # below on the log scale.
        ys = [b for pts in series.values() for _, b in pts]
        xs = [a for pts in series.values() for a, _ in pts]
        script = "\n".join([
            "set terminal svg enhanced size 720,480 font 'DejaVu Sans,12' background rgb 'white'",
            f"set output '{sys.argv[2]}'",
            "set logscale y", "set format y '10^{%L}'", "set grid",
            f"set xrange [{min(xs) - 0.35}:{max(xs) + 0.35}]",
            f"set yrange [{max(min(ys), 1) / 3}:{max(ys) * 3}]",
            f"set xlabel '{text(x)}'", "set ylabel 'states stored'",
            "set key outside below", "set xtics 1",
            "plot " + ", ".join(plots)])
        subprocess.run(["gnuplot"], input=script, text=True, check=True)


main()
