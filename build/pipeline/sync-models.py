#!/usr/bin/python3
"""sync-models [--check]: bring models/ in line with the chapters.

Every model is written in a chapter (out/extract/chNN/model.NAME, from
build/pipeline/extract.sh) or derived from one by a diff or sed script kept in the chapter
(derive.NAME).  models/SHA256SUMS records what was last written, so an
edit made to models/NAME since then is known to be a reader's own: it is
never overwritten unless FORCE=1 is given, and even then a copy is kept
under out/saved/.

--keep-edits writes what is safe, keeps the reader's edits (saying so)
and succeeds: make chapter-N and make check then run the edited models.

--check writes nothing: it fails when a committed model and the chapter
that defines it disagree (one was changed without the other).  The file
an exercise has the reader edit (a {.grade} block's model=) is theirs:
an edit of it since make models wrote it is an exercise in progress,
said so and not a failure (make exercise-N grades it).

--for-bless writes what is safe and fails while any edit of yours is in
models/: make bless would write your version's reports into the
chapters."""

import hashlib
import os
import shutil
import sys
import time

from build.lib import blockformat
from build.lib import modelfiles
from build.lib import runstore

OUT = runstore.OUT
SUMS = "models/SHA256SUMS"


def sha(data):
    return hashlib.sha256(data.encode()).hexdigest()


def load_defs():
    """name -> (chapter, text), for every model the chapters define."""
    try:
        return modelfiles.chapter_models()
    except runstore.RunError as e:
        sys.exit(str(e))


def exercise_files():
    """models/NAME -> N, for the file each exercise has the reader edit."""
    found = {}
    for spec in runstore.defined_everywhere("grade"):
        keys, _ = blockformat.read_spec(spec)
        found.setdefault(keys.get("model", ""), keys.get("exercise", "?"))
    return found


def load_sums():
    sums = {}
    if os.path.exists(SUMS):
        for line in open(SUMS):
            h, name = line.split()
            sums[name] = h
    return sums


def main():
    check = sys.argv[1:] == ["--check"]
    keep = sys.argv[1:] == ["--keep-edits"]
    bless = sys.argv[1:] == ["--for-bless"]
    if sys.argv[1:] and not (check or keep or bless):
        sys.exit("usage: build/pipeline/sync-models.py [--check | --keep-edits | --for-bless]")
    force = os.environ.get("FORCE") == "1"
    defs = load_defs()
    sums = load_sums()
    bad = []
    exercises = exercise_files() if check else {}
    for name, (chapter, text) in sorted(defs.items()):
        path = os.path.join("models", name)
        cur = open(path).read() if os.path.exists(path) else None
        if cur == text:
            sums[name] = sha(text)
            continue
        if check and name in exercises and cur is not None and sha(cur) != sums.get(name):
            n = exercises[name]
            print(f"{path}: exercise {n} in progress (your edit; make exercise-{n} "
                  f"grades it); the chapter's starting version is not compared with it")
            continue
        if check:
            bad.append(f"{path} differs from the model in {chapter}: change "
                       "both together (make models FORCE=1 takes the "
                       "chapter's version; to keep the file's, copy it into "
                       "the chapter)")
            continue
        if cur is not None and sha(cur) != sums.get(name):
            if bless:
                bad.append(f"make bless: {path} holds an edit of yours, and "
                           f"bless would write its reports into {chapter}; "
                           "copy your edit elsewhere and run make models FORCE=1 "
                           "(it keeps a copy in out/saved/), then make bless")
                continue
            if keep and not force:
                print(f"{path}: your edit is kept; the checks run your version "
                      "(make models FORCE=1 takes the chapter's back)")
                continue
            if not force:
                bad.append(f"{path} has edits of yours that {chapter} does not"
                           " have; keep them by copying the file elsewhere (or"
                           " into the chapter), or discard them with: make "
                           "models FORCE=1")
                continue
            os.makedirs(os.path.join(OUT, "saved"), exist_ok=True)
            saved = os.path.join(OUT, "saved", f"{name}.{time.strftime('%Y%m%d-%H%M%S')}")
            n, stem = 1, saved
            while os.path.exists(saved):  # never over an earlier copy
                n += 1
                saved = f"{stem}.{n}"
            shutil.copy(path, saved)
            print(f"{path}: your edited copy is kept as {saved}")
        runstore.put(path, text)
        sums[name] = sha(text)
        print(f"{path}: written from {chapter}")
    if not check:
        runstore.put(SUMS, "".join(f"{sums[name]}  {name}\n" for name in sorted(sums) if name in defs))
    for line in bad:
        print(line, file=sys.stderr)
    if bad:
        sys.exit(1)


try:
    main()
except KeyboardInterrupt:
    sys.exit("sync-models: interrupted; run the same make again")
