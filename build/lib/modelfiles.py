"""modelfiles: a model and the files it includes: copying them into a
work directory, their hash, their ltl formulas, and a derived model made
by a change (a diff or a sed script)."""

import hashlib
import os
import re
import shutil
import subprocess
import tempfile

import runstore
from runstore import RunError


def includes(model_path, here=None):
    """Files a model pulls in with #include "x", found beside it (or in
    HERE: a variant written elsewhere takes its includes from the
    directory of the file it was made from)."""
    found = []
    here = os.path.dirname(model_path) if here is None else here
    try:
        text = open(model_path).read()
    except OSError:
        return found
    for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
        path = os.path.join(here, name)
        if path not in found:
            found.append(path)
            found.extend(p for p in includes(path) if p not in found)
    return found


def copy_model(model, workdir, here=None):
    """Copy MODEL's includes (see includes(), HERE alike) into WORKDIR,
    and MODEL too unless it is there already.  Raises RunError naming an
    included file that is missing."""
    for path in [model] + includes(model, here):
        if not os.path.isfile(path):
            raise RunError(f"{model}: includes {os.path.basename(path)}, "
                           f"which is not in {os.path.dirname(path) or '.'}/;"
                           f" put it beside the model")
        dest = os.path.join(workdir, os.path.basename(path))
        if not os.path.exists(dest) or not os.path.samefile(path, dest):
            shutil.copy(path, dest)


def fresh_copy(model, workdir):
    """Empty WORKDIR, then copy MODEL and the files it includes into it.
    Raises RunError when MODEL is not a file, or an include is missing."""
    if not os.path.isfile(model):
        raise RunError(f"{model}: no such model file; give the path of a .spin file, "
                       "e.g. MODEL=models/increment.spin")
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    copy_model(model, workdir)


def transform(base_text, body):
    """BASE_TEXT changed by BODY: a unified diff (a body starting with
    '--- ', applied with patch) or else a sed script.  Returns the new
    text, or an exception saying why the change does not apply."""
    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.join(tmp, "base")
        with open(base, "w") as f:
            f.write(base_text)
        if body.startswith("--- "):
            cmd = ["patch", "-s", "--fuzz=0", "-o", base + ".new", base]
        else:
            cmd = ["sed", "-e", body, base]
        p = subprocess.run(cmd, input=body if cmd[0] == "patch" else None,
                           capture_output=True, text=True)
        if p.returncode != 0:
            return RuntimeError((p.stdout + p.stderr).strip())
        if cmd[0] == "patch":
            return open(base + ".new").read()
        return p.stdout


def model_hash(model):
    """sha256 over the model and every file it includes (name and content)."""
    h = hashlib.sha256()
    for path in [model] + includes(model):
        h.update(os.path.basename(path).encode() + b"\0")
        try:
            with open(path, "rb") as f:
                h.update(f.read())
        except OSError:
            h.update(b"(missing)")
        h.update(b"\0")
    return h.hexdigest()


def ltl_names(model):
    """The names of the ltl formulas of MODEL and the files it includes."""
    names = []
    for path in [model] + includes(model):
        try:
            text = open(path).read()
        except OSError:
            continue
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        names += [n for n in re.findall(r"^\s*ltl\s+(\w+)\s*\{", text, re.M)
                  if n not in names]
    return names


def chapter_models(out=None):
    """name -> (chapter, text): every model as the chapters define it (a
    fragment's join, or a derived model's base changed by its script),
    whatever models/ holds now.  Raises RunError naming the chapter when a
    name is defined twice, a base is defined nowhere, or a change does not
    apply."""
    defs, derived = {}, []
    for index in runstore.index_files(out):
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
                raise RunError(f"{chapter}: defines models/{name}, which {other} "
                               "defines too; give one of them another name")
            if kind == "model":
                defs[name] = (chapter, open(os.path.join(d, "model." + name)).read())
            else:
                derived.append((name, rest[1], chapter, os.path.join(d, "derive." + name)))
    # A model may be derived from one derived in another file (an
    # exercise's solution from its starting model): take them in the
    # order their bases become known.
    pending = derived
    while pending:
        ready = [x for x in pending if x[1] in defs]
        if not ready:
            name, base, chapter, _ = pending[0]
            raise RunError(f"{chapter}: models/{name} is derived from {base}, "
                           "which no chapter defines")
        pending = [x for x in pending if x[1] not in defs]
        for name, base, chapter, script in ready:
            body = open(script).read().split("\n---\n", 1)[1]
            text = transform(defs[base][1], body)
            if isinstance(text, Exception):
                raise RunError(f"{chapter}: the change that makes models/{name} from "
                               f"{base} does not apply: {text}")
            if text == defs[base][1]:
                raise RunError(f"{chapter}: the sed script for models/{name} changes "
                               f"nothing in {base}; a derived model must differ")
            defs[name] = (chapter, text)
    return defs
