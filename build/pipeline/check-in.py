#!/usr/bin/python3
"""check-in CHECKIN: a listing a chapter shows must appear, line for line
and contiguously, in the file it names (for a patch, among the lines it
adds or keeps), so the book cannot drift from the code that is built."""

import os
import sys

from build.lib import blockformat


def main():
    keys, body = blockformat.read_spec(sys.argv[1])
    path = keys["path"]
    chapter = open(os.path.join(os.path.dirname(sys.argv[1]), "chapter")).read().strip()
    if not os.path.exists(path):
        sys.exit(f"{chapter}: a listing is checked against {path}, which does not exist")
    text = open(path).read().splitlines()
    if path.endswith(".patch"):
        text = [l[1:] for l in text if l[:1] in ("+", " ") and not l.startswith("+++")]
    want = body.rstrip("\n").splitlines()
    for i in range(len(text) - len(want) + 1):
        if text[i:i + len(want)] == want:
            print(f"{chapter}: listing of {len(want)} lines found in {path}")
            return
    first = want[0] if want else ""
    sys.exit(f"{chapter}: a listing starting {first!r} does not appear in {path}; "
             "copy it again from that file")


main()
