#!/usr/bin/python3
"""grade: the exercises grade themselves.

  build/workbench/grade.py N [FILE]    grade FILE (default: the exercise's models/NAME)
                          against exercise N; exits 0 when every demand
                          is met, 1 when one is not, 2 when it cannot grade
  build/workbench/grade.py --check SPEC
                          a solution kept in an answer ({.graded} block,
                          out/extract/TAG/graded.NAME): its grade must be
                          the one the block gives, and the grader's output
                          must hold the block's lines, in order
  build/workbench/grade.py --audit     every exercise has a statement in a chapter, an
                          answer, a starting model, a solution that passes
                          and one that fails
  build/workbench/grade.py --list      the exercises, their files and statements

An exercise's demands are the {.grade exercise=N ...} blocks of its
chapter (build/pipeline/format.tsv says what each attribute means), checked in
order.  A hint may name the graded file as {file}.  A demand with a body runs a variant of the student's file: the
body is a sed script, and a script that changes nothing means the file
lost the lines the demand needs, which fails the demand.  require= looks
in the file's code (comments aside, unless the text is a comment itself);
as-given=1 compares the file (or the proctype within=) with the starting
version its chapter defines, line by line, comments and spacing aside,
but for the lines except= matches.  seed=NAME makes the run one random
simulation (spin -p -u1000 -nN, N the number on the file's #define NAME
line), in place of pan's search.  The student's file is only read:
variants and runs go to out/grade/."""

import contextlib
import glob
import io
import os
import re
import sys
import traceback

from build.lib import blockformat
from build.lib import modelfiles
from build.lib import panreport
from build.lib import panrun
from build.lib import ranlog
from build.lib import runstore
from build.lib import searchflags

OUT = runstore.OUT


def extracted(kind):
    """The blocks of KIND (grade, graded) of the extracted chapters that
    still exist, in order, as spec dicts with their body and path."""
    found = []
    for path in runstore.defined_everywhere(kind):
        keys, body = blockformat.read_spec(path)
        if os.path.exists(keys.get("chapter", "")):  # not left by a removed chapter
            keys["body"] = (body or "").strip("\n")
            keys["path"] = path
            found.append(keys)
    return found


def specs():
    """{exercise: [demand spec]} from the extracted chapters, in order."""
    found = {}
    for keys in extracted("grade"):
        found.setdefault(int(keys["exercise"]), []).append(keys)
    return found


def region(text, proctype):
    """(first line number, lines) of PROCTYPE's body (init's for "init"):
    from its header to the first line that starts with a closing brace."""
    lines = text.split("\n")
    header = r"^\s*init\s*\{" if proctype == "init" else \
        r"^\s*(active\s+(\[\w+\]\s*)?)?proctype\s+" + re.escape(proctype) + r"\s*\("
    for i, line in enumerate(lines):
        if re.match(header, line):
            for j in range(i, len(lines)):
                if lines[j].startswith("}"):
                    return i + 1, lines[i:j + 1]
            return i + 1, lines[i:]
    return None, None


def code_of(text):
    """TEXT with its comments blanked out, line for line."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r"/\*.*?\*/|//[^\n]*", blank, text, flags=re.S)


_starting = {}


def starting(name):
    """The text of models/NAME as its chapter defines it (the exercise's
    starting version, whatever the student's file now holds)."""
    if not _starting:
        _starting.update(modelfiles.chapter_models())
    if name not in _starting:
        raise runstore.RunError(f"no chapter defines models/{name}; run make models")
    return _starting[name][1]


def code_lines(text, within, skip):
    """[(line number, line)] of TEXT's code (of proctype WITHIN if given),
    comments blanked, spacing collapsed, blank lines and lines matching
    SKIP left out; None when there is no proctype WITHIN."""
    code = code_of(text)
    if within:
        first, lines = region(code, within)
        if lines is None:
            return None
    else:
        first, lines = 1, code.split("\n")
    kept = []
    for i, line in enumerate(lines):
        line = " ".join(line.split())
        if line and not (skip and skip.search(line)):
            kept.append((first + i, line))
    return kept


def as_given(d, text):
    """None when the file (or proctype within=) is its starting version,
    but for lines except= matches; else why not."""
    try:
        skip = re.compile(d["except"]) if d.get("except") else None
    except re.error as e:
        return f"{d['where']}: except={d['except']!r} is not a regular expression: {e}"
    where = f"proctype {d['within']}" if d.get("within") else "the file"
    mine = code_lines(text, d.get("within"), skip)
    given = code_lines(starting(d["model"]), d.get("within"), skip)
    if mine is None:
        return f"the file has no proctype {d['within']}"
    if given is None:
        return f"{d['where']}: the starting model has no proctype {d['within']}"
    change = panreport.first_change([x[1] for x in given], [x[1] for x in mine])
    if change is None:
        return None
    i, j = change
    if i is not None and j is not None:
        return f"line {mine[j][0]} of {where} reads `{mine[j][1]}` where the starting model has `{given[i][1]}`"
    if j is not None:
        return f"line {mine[j][0]} of {where}, `{mine[j][1]}`, is not in the starting model"
    return f"{where} has lost the starting model's `{given[i][1]}`"


def stem(path):
    """The name of a graded file without its extension: its runs' directory."""
    return os.path.splitext(os.path.basename(path))[0]


def run_demand(n, k, d, path, text):
    """Check one demand on the file PATH (content TEXT).  Returns (ok,
    message): the message is what is shown after ok or NOT MET."""
    what, hint = d["what"], d["hint"].replace("{file}", path)

    def fail(why):
        return False, f"{path}: {what}: {why}; {hint}"

    if d.get("require"):
        comment = d["require"].lstrip().startswith("/*")
        if d["require"] not in (text if comment else code_of(text)):
            return fail(f"the file no longer holds `{d['require']}`"
                        + ("" if comment else " (outside a comment)"))
    if d.get("as-given"):
        try:
            why = as_given(d, text)
        except runstore.RunError as e:
            return fail(f"no starting version to compare with: {e}")
        if why:
            return fail(why)
    if d.get("forbid"):
        try:
            pattern = re.compile(d["forbid"])
        except re.error as e:
            return False, f"{d['where']}: forbid={d['forbid']!r} is not a regular expression: {e}"
        if d.get("within"):
            first, lines = region(text, d["within"])
            if lines is None:
                return fail(f"the file has no proctype {d['within']}")
        else:
            first, lines = 1, text.split("\n")
        for i, line in enumerate(lines):
            if pattern.search(line.split("/*")[0]):
                return fail(f"line {first + i} uses `{pattern.search(line).group(0)}`")
    model, shown = path, path
    if d["body"]:
        variant = modelfiles.transform(text, d["body"])
        if isinstance(variant, Exception):
            why = (str(variant).splitlines() or ["sed failed"])[0]
            return False, f"{d['where']}: the demand's sed script fails: {why}"
        if variant == text:
            return fail("the variant this demand runs could not be made, because the "
                        "lines it changes are gone")
        work = os.path.join(OUT, "grade", f"exercise-{n}", stem(path), f"variant-{k}")
        os.makedirs(work, exist_ok=True)
        model = os.path.join(work, os.path.basename(path))
        with open(model, "w") as f:
            f.write(variant)
        try:  # its includes, from beside the file it was made from
            modelfiles.copy_model(model, work, os.path.dirname(path))
        except runstore.RunError as e:
            return fail(f"no verdict: {e}")
        shown = f"the variant {model}"
    verdict = d.get("verdict")
    if not verdict:
        return True, what
    if d.get("seed"):
        return simulate_demand(n, k, d, path, model, shown, fail)
    defs = d.get("defs", "")
    ltl = d.get("ltl", "")
    try:
        cflags, runflags = searchflags.search_flags(d.get("cflags", ""), d.get("runflags", ""),
                                               ltl, d.get("fair", ""), "", d["where"])
    except runstore.RunError as e:
        return False, str(e)
    try:
        text_out, _, _ = panrun.run(model, os.path.join(OUT, "grade", f"exercise-{n}", stem(path), f"run-{k}"),
                                    defs, cflags, runflags, trail=False)
    except runstore.RunError as e:
        return fail(f"no verdict: {e}")
    fields = panreport.parse(text_out)
    at = f" with {defs}" if defs else ""
    why = panreport.incomplete(text_out, fields, runflags)
    errors = fields.get("errors")
    if verdict == "pass":
        if errors != "0":
            return fail(f"pan finds {panreport.verdict(fields)} in {shown}{at}")
        if why:
            return fail(f"incomplete search of {shown}{at}: {why}")
    else:
        # A safety demand wants an assertion violated; one that names a
        # formula (ltl=) wants an acceptance cycle of it.
        wanted = "acceptance cycle" if ltl else "assertion violated"
        if errors == "0" or wanted not in fields.get("violation", ""):
            return fail(f"pan finds no {wanted}{' of ' + ltl if ltl else ''} in {shown}{at} "
                        f"({panreport.verdict(fields)})")
    stored = panreport.number(fields.get("stored", "0"))
    if d.get("max-stored") and stored > int(d["max-stored"]):
        return fail(f"pan stores {stored:,} states{at}, more than the {int(d['max-stored']):,} allowed")
    return True, f"{what} ({panreport.verdict(fields)}, {stored:,} states{at})"


def simulate_demand(n, k, d, path, model, shown, fail):
    """A seed= demand: one random simulation of MODEL, its seed the number
    on the file's #define line; verdict=fail wants an assertion violated
    in that run, pass none."""
    name, verdict = d["seed"], d["verdict"]
    text = open(model).read()
    m = re.search(r"^[ \t]*#define[ \t]+" + re.escape(name) + r"[ \t]+(\d+)\b", code_of(text), re.M)
    if not m:
        return fail(f"the file has no line `#define {name} N` with N a number")
    seed = m.group(1)
    work = os.path.join(OUT, "grade", f"exercise-{n}", stem(path), f"sim-{k}")
    os.makedirs(work, exist_ok=True)
    try:
        modelfiles.copy_model(model, work, os.path.dirname(path))
    except runstore.RunError as e:
        return fail(f"no run: {e}")
    defs = d.get("defs", "").split()
    ranlog.start(work)
    p = ranlog.run(searchflags.simulation_command(seed, os.path.basename(model), extra=defs),
                   cwd=work, capture_output=True, text=True)
    out = p.stdout + p.stderr
    errors = [line.strip() for line in out.splitlines() if "Error:" in line]
    if p.returncode != 0 and not any("assertion violated" in e for e in errors):
        return fail(f"spin cannot run {shown}: {errors[0] if errors else out.strip()[-200:]}")
    violated = any("assertion violated" in e for e in errors)
    again = f"make simulate MODEL={model} SEED={seed}"
    if verdict == "fail" and not violated:
        return fail(f"the random run of {shown} with seed {seed} violates no assertion ({again})")
    if verdict == "pass" and violated:
        return fail(f"the random run of {shown} with seed {seed} violates an assertion ({again})")
    return True, f"{d['what']} (seed {seed}: {'an assertion violated' if violated else 'no assertion violated'})"


def grade(n, path=None):
    """Grade PATH against exercise N; print a line per demand and a
    closing line.  Returns 0 (all met), 1 (one not met) or 2."""
    every = specs()
    if n not in every:
        known = " ".join(str(x) for x in sorted(every)) or "none (run make models first)"
        print(f"make exercise-{n}: there is no exercise {n}; the exercises are: {known}",
              file=sys.stderr)
        return 2
    demands = every[n]
    path = path or os.path.join("models", demands[0]["model"])
    if not os.path.isfile(path):
        print(f"{path}: no such file; make models writes the starting version of "
              f"exercise {n}", file=sys.stderr)
        return 2
    text = open(path).read()
    failed = 0
    for k, d in enumerate(demands, 1):
        ok, message = run_demand(n, k, d, path, text)
        if ok:
            print(f"  ok: {message}")
        else:
            failed += 1
            print(f"NOT MET exercise {n}: {message}")
    if failed:
        print(f"exercise {n}: {path} fails {failed} of {len(demands)} demands (the NOT MET "
              "lines above say what to try)")
        return 1
    print(f"exercise {n}: {path} meets all {len(demands)} demands")
    return 0


def check(spec_path):
    """A solution kept in an answer is graded as its block says."""
    keys, body = blockformat.read_spec(spec_path)
    want = keys["grade"]
    model = os.path.join("models", keys["model"])
    # Graded in this process, its output caught as make exercise-N prints
    # it (a second Python for each solution was most of a grade's time
    # beside Spin's); a grader that stops on an error is no grade.
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
            code = grade(int(keys["exercise"]), model)
    except Exception:  # the grader's own failure: shown, never a grade
        buf.write(traceback.format_exc())
        code = None
    out = buf.getvalue()
    print(out, end="")
    got = {0: "pass", 1: "fail"}.get(code)
    where = keys.get("where", spec_path)
    if got is None:
        print(f"{where}: {model} could not be graded ({'exit ' + str(code) if code is not None else 'the grader stopped'});"
              " the lines above say why")
        return 1
    if got != want:
        print(f"{where}: {model} is graded {got.upper()} against exercise {keys['exercise']}, "
              f"and the answer says it must {'pass' if want == 'pass' else 'be rejected'}: "
              "fix the solution or the exercise's demands")
        return 1
    lines = out.split("\n")
    pos = 0
    for expect in (body or "").strip("\n").split("\n"):
        if not expect.strip():
            continue
        while pos < len(lines) and lines[pos].strip() != expect.strip():
            pos += 1
        if pos == len(lines):
            print(f"{where}: the grader did not print, in this order, the answer's line: "
                  f"{expect.strip()}")
            return 1
        pos += 1
    print(f"{model}: graded {got} against exercise {keys['exercise']}, as its answer says")
    return 0


def audit():
    """Each exercise is whole: statement, answer, starter, both solutions."""
    every = specs()
    graded = extracted("graded")
    divs, order = {}, []
    for src in sorted(glob.glob("chapters/ch[0-9][0-9]-*.md")):
        for m in re.finditer(r"^::: \{\.exercise #exercise-(\d+) answer=(\S+?)\}", open(src).read(), re.M):
            divs.setdefault(int(m.group(1)), []).append((src, m.group(2)))
            order.append((src, int(m.group(1))))
    problems = []
    # A reader meets the exercises in the chapters' order: 1, 2, 3, ...
    for i, (src, n) in enumerate(order, 1):
        if n != i:
            problems.append(f"{src}: exercise {n} is the {i}th a reader meets; number the "
                            f"exercises in reading order (this one is exercise {i}: its "
                            "statement, grade blocks, models/exN-*.spin and answer chNN-exN)")
            break
    for n in sorted(set(every) | set(divs) | {int(g["exercise"]) for g in graded}):
        if n not in every:
            problems.append(f"exercise {n}: no {{.grade exercise={n} ...}} block states its demands")
            continue
        where = every[n][0]["where"]
        models = {d["model"] for d in every[n]}
        if len(models) != 1:
            problems.append(f"{where}: exercise {n}'s demands name several files: "
                            + " ".join(sorted(models)) + "; name the one the student edits")
        if not os.path.exists(os.path.join("models", every[n][0]["model"])):
            problems.append(f"{where}: exercise {n}: models/{every[n][0]['model']} does not exist;"
                            " define the starting model in the chapter and run make models")
        if len(divs.get(n, [])) != 1:
            problems.append(f"{where}: exercise {n} needs one ::: {{.exercise #exercise-{n} "
                            f"answer=chNN-ex{n}}} statement; found {len(divs.get(n, []))}")
        else:
            src, answer = divs[n][0]
            if not os.path.exists(os.path.join("quizzes", answer + ".md")):
                problems.append(f"{src}: exercise {n}'s answer quizzes/{answer}.md does not exist")
        mine = [g for g in graded if int(g["exercise"]) == n]
        for want in ("pass", "fail"):
            if not any(g["grade"] == want for g in mine):
                problems.append(f"{where}: exercise {n} has no solution graded {want} "
                                f"({{.graded model=... exercise={n} grade={want}}} in its answer)")
        if not any(d.get("verdict") and d["body"] for d in every[n]) and \
                not any(d.get("verdict") == "fail" for d in every[n]):
            problems.append(f"{where}: exercise {n} never runs a variant that must fail: a file "
                            "that checks nothing would pass it")
    for p in problems:
        print(p)
    if not every and not divs and not graded:
        print("no exercises in these chapters: nothing to check")
        return 0
    if not problems:
        print(f"{len(every)} exercises, each with its statement, answer, starting model, "
              "a solution that passes and one that is rejected")
    return 1 if problems else 0


def main():
    args = sys.argv[1:]
    if args[:1] == ["--check"] and len(args) == 2:
        return check(args[1])
    if args == ["--audit"]:
        return audit()
    if args == ["--list"]:
        for n, ds in sorted(specs().items()):
            print(f"exercise-{n}\tmodels/{ds[0]['model']}\t{ds[0]['chapter']}")
        return 0
    if 1 <= len(args) <= 2 and re.fullmatch(r"0*[1-9]\d*", args[0]):
        return grade(int(args[0]), args[1] if len(args) == 2 else None)
    print("usage: make exercise-N (grades your models/exN-*.spin), or build/workbench/grade.py N [FILE]",
          file=sys.stderr)
    return 2


try:
    sys.exit(main())
except KeyboardInterrupt:
    sys.exit("grade: interrupted; no grade")
except BrokenPipeError:  # the reader of the output went away (| head)
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(1)
