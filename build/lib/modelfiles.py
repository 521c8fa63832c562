"""modelfiles: a model and the files it includes: copying them into a
work directory, their hash, their ltl formulas, and a derived model made
by a change (a diff or a sed script)."""

import hashlib
import os
import re
import shlex
import shutil
import subprocess
import tempfile

from build.lib import runstore
from build.lib.runstore import RunError


# What the C preprocessor removes before it reads a directive: comments
# (a string is kept whole, so that "/*" inside one opens nothing).
_LEXEME = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"', re.S)
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.M)


def strip_comments(text):
    """TEXT with its C comments blanked, line breaks kept."""
    return _LEXEME.sub(lambda m: m.group(0) if m.group(0).startswith('"')
                       else re.sub(r"[^\n]", " ", m.group(0)), text)


def includes(model_path, here=None):
    """Files a model pulls in with #include "x", found as the C
    preprocessor finds them: beside the file that includes them (a
    relative path, subdirectories and .. included), then in HERE (a
    variant written elsewhere takes its includes from the directory of
    the file it was made from).  An include inside a comment is none.  A
    file found nowhere is listed where it was looked for first (Spin's
    preprocessor names it when it runs)."""
    found = []
    base = os.path.dirname(model_path) if here is None else here

    def scan(path, where):
        try:
            text = strip_comments(open(path).read())
        except OSError:
            return
        for name in _INCLUDE.findall(text):
            tries = [os.path.normpath(os.path.join(d, name)) for d in (where, base)]
            inc = next((t for t in tries if os.path.isfile(t)), tries[0])
            if inc not in found:
                found.append(inc)
                scan(inc, os.path.dirname(inc))
    scan(model_path, base)
    return found


def copy_warning(line):
    """Whether LINE is Spin's warning that the model is newer than its
    trail (or pan.c), which it prints when a copy of the model and the
    trail were written in one second (it compares whole seconds): a
    warning about the copying (copy_model), never about the model, so
    the workbench drops it, and a check holding it to plain Spin does."""
    return "is newer than" in line


def without_copy_warning(text):
    """TEXT without its copy_warning lines."""
    return "".join(line for line in text.splitlines(True) if not copy_warning(line))


def copy_model(model, workdir, here=None):
    """Copy MODEL and its includes (see includes(), HERE alike) into
    WORKDIR, each include at its path relative to the model's directory,
    so that Spin's preprocessor finds it there as it would beside the
    model.  Returns the preprocessor flags Spin needs beyond that: an
    include above the model's directory (#include "../x.h") is read
    where it is, through -E-I (the model's directory as cpp's search
    path), never copied out of WORKDIR.  An include that does not exist
    is left for Spin to name."""
    base = os.path.dirname(model) if here is None else here
    extra = include_flags(model, here)
    dest = os.path.join(workdir, os.path.basename(model))
    if not os.path.exists(dest) or not os.path.samefile(model, dest):
        shutil.copy(model, dest)
    for path in includes(model, here):
        if not os.path.isfile(path):
            continue
        rel = os.path.relpath(path, base or ".")
        if rel.split(os.sep)[0] == os.pardir:
            continue
        dest = os.path.join(workdir, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if not os.path.exists(dest) or not os.path.samefile(path, dest):
            shutil.copy(path, dest)
    return extra


def include_flags(model, here=None):
    """The preprocessor flags Spin needs to read MODEL's includes from a
    copy (copy_model): -E-I and the model's directory when an include
    lies above it, else none."""
    base = os.path.dirname(model) if here is None else here
    above = any(os.path.relpath(p, base or ".").split(os.sep)[0] == os.pardir
                for p in includes(model, here) if os.path.isfile(p))
    return ["-E-I" + os.path.abspath(base or ".")] if above else []


def fresh_copy(model, workdir):
    """Empty WORKDIR, then copy MODEL and the files it includes into it
    (copy_model, whose preprocessor flags it returns).  Raises RunError
    when MODEL is not a file."""
    if not os.path.isfile(model):
        raise RunError(f"{model}: no such model file; give the path of a .spin file, "
                       "e.g. MODEL=models/increment.spin")
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    return copy_model(model, workdir)


def defs_overridden(model, defs, workdir, extra=()):
    """When a -DNAME of DEFS is overridden by the model's own #define
    (Spin's preprocessor keeps the model's value and only warns), one
    line naming the macro, the file and line of the #define and the fix;
    else None.  Asks the preprocessor Spin uses, in WORKDIR (the model's
    copy and its includes)."""
    names = [w[2:].split("=", 1)[0] for w in shlex.split(defs) if w.startswith("-D")]
    if not names:
        return None
    p = subprocess.run(["gcc", "-std=gnu99", "-E", "-x", "c", "-o", os.devnull]
                       + shlex.split(defs) + [e[2:] for e in extra]
                       + [os.path.basename(model)],
                       cwd=workdir, capture_output=True, text=True)
    m = re.search(r'^(\S+?):(\d+):(?:\d+:)? warning: "(\w+)" redefined', p.stderr, re.M)
    if not m or m.group(3) not in names:
        return None
    where, line, name = m.group(1), int(m.group(2)), m.group(3)
    try:
        text = open(os.path.join(workdir, where)).read().splitlines()[line - 1].strip()
    except (OSError, IndexError):
        text = f"#define {name} ..."
    # The copy's name, as the reader knows the file.
    where = model if where == os.path.basename(model) else \
        os.path.normpath(os.path.join(os.path.dirname(model), where))
    given = next(w for w in shlex.split(defs) if w[2:].split("=", 1)[0] == name)
    return (f"{where}:{line}: {text!r} overrides DEFS={given}, so the run would use the "
            f"model's {name}, not yours; guard the line (#ifndef {name} ... #endif) to let "
            f"DEFS set it, or drop {given} from DEFS")


def transform(base_text, body):
    """BASE_TEXT changed by BODY: a unified diff (a body starting with
    '--- ', applied with patch) or else a sed script.  Returns the new
    text, or an exception saying why the change does not apply.  A change
    that applied is kept under OUT/cache/transform/, by the hash of its
    base and its body, so that a make that changed nothing starts no
    patch or sed for it (dozens of derived models, in each sync)."""
    key = hashlib.sha256(f"{base_text}\0{body}".encode()).hexdigest()
    kept = os.path.join(runstore.OUT, "cache", "transform", key)
    try:
        with open(kept) as f:
            return f.read()
    except FileNotFoundError:
        pass
    text = _transform(base_text, body)
    if not isinstance(text, Exception):
        try:
            runstore.put(kept, text)
        except OSError:
            pass  # a folder it may not write (a sandbox): made again next time
    return text


def _transform(base_text, body):
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


def reads_stdin(model):
    """Whether MODEL or what it includes reads standard input (STDIN)."""
    for path in [model] + includes(model):
        try:
            if re.search(r"\bSTDIN\b", strip_comments(open(path).read())):
                return True
        except OSError:
            pass
    return False


def embedded_c(model):
    """Whether MODEL or what it includes holds embedded C (c_code, c_expr,
    c_state, c_track, c_decl), which spin -t and simulations only print:
    its trail is replayed by pan -r."""
    for path in [model] + includes(model):
        try:
            if re.search(r"\bc_(code|expr|state|track|decl)\b", strip_comments(open(path).read())):
                return True
        except OSError:
            pass
    return False


def claim_names(model):
    """The names of the claims of MODEL and its includes that pan -N
    can pick: its ltl formulas and its named never claims."""
    names = []
    for path in [model] + includes(model):
        try:
            text = strip_comments(open(path).read())
        except OSError:
            continue
        names += [n for n in re.findall(r"^\s*(?:ltl|never)\s+(\w+)\s*\{", text, re.M)
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
