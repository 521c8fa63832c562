#!/usr/bin/python3
"""verdict-table [OUTFILE]: the table of the book's LTSmin runs beside
Spin's verdicts, written to OUTFILE (default out/scale/verdicts.md).

For each {.check tool=ltsmin} block of the chapters, LTSmin's verdict is
read from its report (out/runs/ID.out, through build/checkers/ltsmin.py);
Spin's is got by running Spin on the same model at the same sizes (the
set= pairs that are not SpinS's __instances_), with pan's exhaustive
safety search (-DSAFETY, -m1000000).  One row per model and size, one
column per back-end.  Exits 1 when an LTSmin verdict differs from
Spin's, or a run has no report (make the chapter's runs first)."""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from build.lib import blockformat
from build.checkers import ltsmin
from build.lib import runstore

MODELS = "models"


def spin_verdict(model, defs, work):
    """'pass' or 'fail' of Spin's exhaustive safety search."""
    for f in os.listdir(work):
        os.remove(os.path.join(work, f))
    shutil.copy(os.path.join(MODELS, model), work)
    for inc in re.findall(r'^\s*#include\s+"([^"]+)"', open(os.path.join(MODELS, model)).read(), re.M):
        shutil.copy(os.path.join(MODELS, inc), work)
    steps = [["spin", "-a"] + defs + [model],
             ["cc", "-O2", "-DSAFETY", "-o", "pan", "pan.c"],
             ["./pan", "-m1000000"]]
    for argv in steps:
        p = subprocess.run(argv, cwd=work, capture_output=True, text=True)
        if p.returncode != 0 and argv[0] != "./pan":
            sys.exit(f"verdict-table: {' '.join(argv)} failed on models/{model}: "
                     f"{(p.stdout + p.stderr).strip().splitlines()[:1]}")
    m = re.search(r"errors: (\d+)", p.stdout)
    if not m:
        sys.exit(f"verdict-table: Spin printed no verdict for models/{model} {' '.join(defs)}")
    return "pass" if m.group(1) == "0" else "fail"


def size_of(sets):
    d = dict(w.split("=", 1) for w in sets.split())
    if "N_QRCU_UPDATERS" in d:
        return f"{d['N_QRCU_UPDATERS']}x{d.get('N_QRCU_READERS', '?')}"
    return "-"


def main():
    target = sys.argv[1] if len(sys.argv) > 1 else os.path.join(runstore.OUT, "scale", "verdicts.md")
    rows, bad = {}, []
    for flags in runstore.defined_everywhere("check"):
        spec, _ = blockformat.read_spec(flags)
        if spec["tool"] != "ltsmin":
            continue
        backend = spec["args"].split()[0]
        key = (spec["model"], spec.get("set", ""))
        path, _ = runstore.report(spec["id"])
        got = ltsmin.verdict(ltsmin.parse(open(path).read())) if path else None
        if got is None:
            bad.append(f"{spec['id']}: no report with a verdict (make chapter-N runs it)")
        rows.setdefault(key, {})[backend] = got or "?"
    if not rows:
        sys.exit("verdict-table: no {.check tool=ltsmin} block in the extracted chapters")
    lines = ["| model | size | Spin | " + " | ".join(f"prom2lts-{b}" for b in ltsmin.BACKENDS) + " |",
             "|---|---|---|" + "---|" * len(ltsmin.BACKENDS)]
    work = tempfile.mkdtemp(prefix="verdict-table.")
    try:
        for (model, sets) in sorted(rows, key=lambda k: (k[0] != "qrcu.spin", k[0], size_of(k[1]))):
            defs = [f"-D{w}" for w in sets.split() if not w.startswith("__instances_")]
            spin = spin_verdict(model, defs, work)
            cells = []
            for b in ltsmin.BACKENDS:
                v = rows[(model, sets)].get(b)
                if v is None:
                    cells.append("")
                    continue
                if v != spin:
                    bad.append(f"{model} {size_of(sets)} prom2lts-{b}: {v}, Spin: {spin}")
                cells.append(v if v == spin else f"**{v}**")
            lines.append(f"| `{model}` | {size_of(sets)} | {spin} | " + " | ".join(cells) + " |")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    runstore.put(target, "\n".join(lines) + "\n")
    print("\n".join(lines))
    for b in bad:
        print(f"verdict-table: {b}")
    print(f"verdict-table: {len(rows)} rows, {len(bad)} disagreements or missing runs; wrote {target}")
    return 1 if bad else 0


sys.exit(main())
