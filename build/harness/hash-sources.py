#!/usr/bin/python3
"""hash-sources OUT: bring every content hash make keeps, OUT/sha/PATH,
up to date in one pass, before make compares any time stamp.

OUT/sha/PATH holds `sha256sum < PATH` (or "missing"), and is rewritten,
its time stamp with it, only when PATH's content changed: that is how
make judges freshness by content.  Hashing each file in a recipe of its
own costs a shell and four programs per file, hundreds of files, in
every make that reads the rules; this hashes every file already known,
in one process.  A file hashed for the first time is hashed by the
Makefile's own rule, and so are the files under OUT itself (made during
the run, so they are hashed when make reaches them, never ahead)."""

import hashlib
import os
import sys


def main():
    if len(sys.argv) != 2:
        print("usage: build/harness/hash-sources.py OUT", file=sys.stderr)
        return 2
    out = sys.argv[1]
    root = os.path.join(out, "sha")
    inside = os.path.normpath(out) + os.sep
    status = 0
    for top, dirs, files in os.walk(root):
        for name in files:
            if ".tmp" in name:
                continue
            record = os.path.join(top, name)
            path = os.path.relpath(record, root)
            if (os.path.normpath(path) + os.sep).startswith(inside) or \
                    os.path.normpath(os.sep + path).startswith(os.path.abspath(out) + os.sep):
                continue
            if os.path.isdir(path):
                print(f"make: {path} is a directory; only files are hashed", file=sys.stderr)
                status = 2
                continue
            try:
                with open(path, "rb") as f:
                    text = hashlib.sha256(f.read()).hexdigest() + "  -\n"
            except FileNotFoundError:
                text = "missing\n"
            try:
                with open(record) as f:
                    if f.read() == text:
                        continue
            except FileNotFoundError:
                pass
            tmp = f"{record}.tmp{os.getpid()}"
            with open(tmp, "w") as f:
                f.write(text)
            os.replace(tmp, record)
    return status


if __name__ == "__main__":
    sys.exit(main())
