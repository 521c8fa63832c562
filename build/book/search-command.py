#!/usr/bin/python3
"""search-command FLAGS | --all: the three commands of a run a chapter's
block defines (FLAGS is an out/extract/chNN/run.ID.flags file), as a
reader would type them; --all prints ID<TAB>COMMANDS for every run of
every chapter, which the book shows above each report.  Made by the
rule of build/lib/searchflags.py that make verify and the checks use, so
the defaults (-DSAFETY for a safety search) and what makes a search a
liveness one are decided there alone."""

import sys

from build.lib import blockformat
from build.lib import checkers
from build.lib import runstore
from build.lib import searchflags


def command(path):
    try:
        spec, _ = blockformat.read_spec(path)
    except OSError as e:
        sys.exit(f"search-command: cannot read {path}: {e.strerror}; run make models first")
    cflags, runflags = searchflags.spec_flags(spec)
    return spec.get("id", runstore.run_stem(path)), \
        searchflags.describe(spec.get("model", "?"), spec.get("defs", ""), cflags, runflags)


def main():
    if sys.argv[1:] == ["--all"]:
        for path in runstore.defined_everywhere("run"):
            try:
                rid, text = command(path)
            except runstore.RunError as e:
                # The block's own check names the problem; the book says
                # where the command would be.
                rid, text = runstore.run_stem(path), f"(no command: {e})"
            print(f"{rid}\t{text}")
        # The runs of other checkers, as their adapters write them.
        for path in runstore.defined_everywhere("check"):
            spec, _ = blockformat.read_spec(path)
            try:
                text = checkers.describe(spec)
            except runstore.RunError as e:
                text = f"(no command: {e})"
            print(f"{spec['id']}\t{text}")
        return
    if len(sys.argv) != 2:
        sys.exit("usage: build/book/search-command.py out/extract/chNN/run.ID.flags | --all")
    try:
        print(command(sys.argv[1])[1])
    except runstore.RunError as e:
        sys.exit(str(e))


main()
