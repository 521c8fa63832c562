#!/usr/bin/python3
"""search-command FLAGS: the three commands of the run a chapter's block
defines (FLAGS is an out/extract/chNN/run.ID.flags file), as a reader
would type them: the book shows them above a liveness run's report, made
by the same build/lib/searchflags.py rule that make verify and the checks use."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import blockformat  # noqa: E402
import runstore  # noqa: E402
import searchflags  # noqa: E402


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: build/book/search-command.py out/extract/chNN/run.ID.flags")
    try:
        spec, _ = blockformat.read_spec(sys.argv[1])
    except OSError as e:
        sys.exit(f"search-command: cannot read {sys.argv[1]}: {e.strerror}; "
                 "run make models first")
    try:
        cflags, runflags = searchflags.spec_flags(spec)
    except runstore.RunError as e:
        sys.exit(str(e))
    print(searchflags.describe(spec.get("model", "?"), spec.get("defs", ""), cflags, runflags))


main()
