#!/usr/bin/python3
"""run-model FLAGS: run the Spin run a chapter defines (FLAGS is an
out/extract/chNN/run.ID.flags file) and keep its report for check-run.

Writes the run's files where build/lib/runstore.py keeps them
(run_file): ID.out (pan's report), ID.from (what produced it:
build/lib/provenance.py) and, when pan wrote a trail, ID.trail
(spin -t -p).  A run that gave no verdict (the model does not compile,
a budget ran out) writes ID.err instead, one
line saying what to fix; check-run turns it into a failure.  Exits 0 in
both cases so that make goes on to the check; exits 2 on bad usage.
Each file is written whole and then renamed, so a run interrupted, or two
at once, never leave half a report."""

import os
import sys

from build.lib import blockformat
from build.lib import panrun
from build.lib import provenance
from build.lib import runstore
from build.lib import searchflags


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: build/pipeline/run-model.py out/extract/chNN/run.ID.flags")
    spec, _ = blockformat.read_spec(sys.argv[1])
    rid = spec["id"]
    os.makedirs(runstore.run_dir(), exist_ok=True)
    for ext in ("out", "trail", "err", "from"):
        if os.path.exists(runstore.run_file(rid, ext)):
            os.remove(runstore.run_file(rid, ext))
    model = os.path.join("models", spec["model"])
    # What is run is read now: an edit during the run makes it stale.
    made = provenance.provenance(spec)
    try:
        cflags, runflags = searchflags.spec_flags(
            spec, blockformat._where(sys.argv[1], rid, spec.get("chapter", "")))
        text, trail, _ = panrun.run(
            model, runstore.work_dir(rid), spec.get("defs", ""),
            cflags, runflags,
            timeout=spec.get("timeout") or None,
            memlim=spec.get("memlim") or None, label=rid)
    except runstore.RunError as e:
        runstore.put(runstore.run_file(rid, "err"), str(e) + "\n")
        print(f"{rid}: {e}", file=sys.stderr)
        return
    if trail is not None:
        runstore.put(runstore.run_file(rid, "trail"), trail)
    runstore.put(runstore.run_file(rid, "from"), made)
    runstore.put(runstore.run_file(rid, "out"), text)


try:
    main()
except KeyboardInterrupt:
    sys.exit("run-model: interrupted; the run's report was not kept (make runs it again)")
