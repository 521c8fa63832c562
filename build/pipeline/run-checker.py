#!/usr/bin/python3
"""run-checker FLAGS | --version TOOL: run the {.check} block FLAGS (an
out/extract/chNN/check.ID.flags file) with its tool's adapter
(build/checkers/TOOL.py, through build/lib/checkers.py) and keep its
report for check-checker.

Writes, where build/lib/runstore.py keeps a run's files (run_file),
ID.out (the tool's report) and ID.from (what produced it: the model's
hash, the tool's version, the block's set=, args= and cflags=); a run
that gave no verdict (no model, the tool is missing or rejects the
model, a budget ran out) writes ID.err instead, one line saying what to fix, which check-checker turns into a
failure.  Exits 0 in both cases, so that make goes on to the check.

--version TOOL writes out/tool-version/TOOL when the tool's version has
changed (make re-runs that tool's runs then)."""

import os
import sys

from build.lib import blockformat
from build.lib import checkers
from build.lib import runstore


def version(tool):
    path = runstore.tool_version_file(tool)
    try:
        text = checkers.adapter(tool).version() + "\n"
    except runstore.RunError as e:
        text = f"unavailable: {e}\n"
    if not os.path.exists(path) or open(path).read() != text:
        runstore.put(path, text)


def main():
    if sys.argv[1:2] == ["--version"] and len(sys.argv) == 3:
        return version(sys.argv[2])
    if len(sys.argv) != 2:
        sys.exit("usage: build/pipeline/run-checker.py out/extract/chNN/check.ID.flags"
                 " | --version TOOL")
    spec, _ = blockformat.read_spec(sys.argv[1])
    rid = spec["id"]
    for ext in ("out", "err", "from"):
        if os.path.exists(runstore.run_file(rid, ext)):
            os.remove(runstore.run_file(rid, ext))
    where = blockformat._where(sys.argv[1], rid, spec.get("chapter", ""))
    try:
        report, made = checkers.run(spec, where)
    except runstore.RunError as e:
        runstore.put(runstore.run_file(rid, "err"), " ".join(str(e).split()) + "\n")
        print(f"{rid}: {e}", file=sys.stderr)
        return
    runstore.put(runstore.run_file(rid, "from"), made)
    runstore.put(runstore.run_file(rid, "out"), report)


try:
    main()
except KeyboardInterrupt:
    sys.exit("run-checker: interrupted; the run's report was not kept (make runs it again)")
