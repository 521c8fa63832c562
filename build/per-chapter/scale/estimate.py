#!/usr/bin/python3
"""estimate [--ranks N] OUTFILE: LTSmin's state counts of models/qrcu.spin
at the sizes that run here (1x1, 1x2, 2x1, 2x2: updaters x readers, by
prom2lts-seq through build/checkers/ltsmin.py), the growth per added
reader and per added updater at two of the other, and from them an
estimate for 3x3, with the memory per rank of prom2lts-dist over N
ranks (default 8): states times the state's size (SpinS's slots, 4
bytes each), doubled for the hash table's room, divided by N.  Writes
a Markdown table to OUTFILE and prints it.  An estimate, not a
measurement: the growth is not constant."""

import argparse
import os
import re
import shutil
import subprocess
import sys

from build.checkers import ltsmin

SIZES = [(1, 1), (1, 2), (2, 1), (2, 2)]


def run(u, r, out):
    rid = f"estimate-{u}x{r}"
    work = os.path.join(out, "scale", rid)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    spec = {"id": rid, "model": "qrcu.spin", "args": "seq",
            "set": f"N_QRCU_UPDATERS={u} N_QRCU_READERS={r} "
                   f"__instances_qrcu_updater={u} __instances_qrcu_reader={r}"}

    def execute(argv, what):
        return subprocess.run(argv, cwd=work, capture_output=True, text=True, timeout=1800)
    report = ltsmin.run(open("models/qrcu.spin").read(), "qrcu.spin", work, spec, 1800, None, execute)
    f = ltsmin.parse(report)
    if ltsmin.verdict(f) != "pass" or "states" not in f:
        sys.exit(f"estimate: prom2lts-seq at {u}x{r} gave no count; its report is in {work}")
    m = re.search(r"state vector length is (\d+)", report) or re.search(r"length is (\d+)", report)
    return float(f["states"]), int(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ranks", type=int, default=8)
    ap.add_argument("outfile")
    a = ap.parse_args()
    out = os.environ.get("OUT", "out")
    counts, slots = {}, None
    for u, r in SIZES:
        counts[(u, r)], s = run(u, r, out)
        slots = s or slots
    per_reader = counts[(2, 2)] / counts[(2, 1)]
    per_updater = counts[(2, 2)] / counts[(1, 2)]
    est = counts[(2, 2)] * per_reader * per_updater
    lines = ["| updaters x readers | states (prom2lts-seq) |", "|---|---|"]
    lines += [f"| {u}x{r} | {int(counts[(u, r)]):,} |" for u, r in SIZES]
    lines.append(f"| 3x3 (estimate) | about {est:.1e} |")
    lines.append("")
    lines.append(f"Growth at two of the other: {per_reader:.1f} times per added reader, "
                 f"{per_updater:.1f} times per added updater.")
    if slots:
        gib = est * slots * 4 * 2 / 2**30
        lines.append(f"A state is {slots} slots of 4 bytes; with room for the hash table, about "
                     f"{gib:,.0f} GiB in all, {gib / a.ranks:,.0f} GiB per rank over {a.ranks} ranks.")
    os.makedirs(os.path.dirname(os.path.abspath(a.outfile)), exist_ok=True)
    with open(a.outfile, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


sys.exit(main())
