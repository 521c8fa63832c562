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
that defines it disagree (one was changed without the other).

--for-bless writes what is safe and fails while any edit of yours is in
models/: make bless would write your version's reports into the
chapters."""

import hashlib
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import modelfiles  # noqa: E402
import runstore  # noqa: E402

OUT = runstore.OUT
SUMS = "models/SHA256SUMS"


def sha(data):
    return hashlib.sha256(data.encode()).hexdigest()


def load_defs():
    """name -> (chapter, text), for every model the chapters define."""
    defs, derived = {}, []
    for index in runstore.index_files():
        d = os.path.dirname(index)
        chapter = open(os.path.join(d, "chapter")).read().strip() \
            if os.path.exists(os.path.join(d, "chapter")) else d
        if not os.path.exists(chapter):
            continue  # left by a source file that was renamed or removed
        for line in open(index):
            kind, *rest = line.split()
            if kind not in ("model", "derive"):
                continue
            name = rest[0]
            if name in defs or name in [x[0] for x in derived]:
                other = defs[name][0] if name in defs else "another chapter"
                sys.exit(f"{chapter}: defines models/{name}, which {other} "
                         "defines too; give one of them another name")
            if kind == "model":
                defs[name] = (chapter, open(os.path.join(d, "model." + name)).read())
            else:
                derived.append((name, rest[1], chapter,
                                os.path.join(d, "derive." + name)))
    # A model may be derived from one derived in another file (an
    # exercise's solution from its starting model): take them in the
    # order their bases become known.
    pending = derived
    while pending:
        ready = [x for x in pending if x[1] in defs]
        if not ready:
            name, base, chapter, _ = pending[0]
            sys.exit(f"{chapter}: models/{name} is derived from {base}, "
                     "which no chapter defines")
        pending = [x for x in pending if x[1] not in defs]
        for x in ready:
            derive_one(defs, *x)
    return defs


def derive_one(defs, name, base, chapter, script):
    """Write models/NAME's text into DEFS: BASE changed by SCRIPT."""
    body = open(script).read().split("\n---\n", 1)[1]
    text = modelfiles.transform(defs[base][1], body)
    if isinstance(text, Exception):
        sys.exit(f"{chapter}: the change that makes models/{name} from "
                 f"{base} does not apply: {text}")
    if text == defs[base][1]:
        sys.exit(f"{chapter}: the sed script for models/{name} changes "
                 f"nothing in {base}; a derived model must differ")
    defs[name] = (chapter, text)


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
    for name, (chapter, text) in sorted(defs.items()):
        path = os.path.join("models", name)
        cur = open(path).read() if os.path.exists(path) else None
        if cur == text:
            sums[name] = sha(text)
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
