#!/usr/bin/python3
"""derive-diff MODELS FROM FILE < CHANGE: the change a chapter's derive
block makes ({.derive file=FILE from=FROM}: a sed script or a diff), as
the unified diff between models/FROM and what the change makes of it,
so that the book shows what a derived model differs in, worked out from
the block itself (build/lib/modelfiles.py applies it as
build/pipeline/sync-models.py does)."""

import difflib
import os
import sys

from build.lib import modelfiles


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: build/book/derive-diff.py models FROM FILE < change")
    models, base, name = sys.argv[1:]
    path = os.path.join(models, base)
    try:
        before = open(path).read()
    except OSError as e:
        sys.exit(f"derive-diff: cannot read {path} (the model {name} is derived from): "
                 f"{e.strerror}; run make models")
    change = sys.stdin.read()
    after = modelfiles.transform(before, change)
    if isinstance(after, Exception):
        sys.exit(f"derive-diff: the change that makes models/{name} from {base} "
                 f"does not apply: {after}")
    diff = difflib.unified_diff(before.splitlines(True), after.splitlines(True),
                                f"models/{base}", f"models/{name}", n=2)
    text = "".join(diff)
    if not text:
        sys.exit(f"derive-diff: the change for models/{name} changes nothing in {base}")
    sys.stdout.write(text)


main()
