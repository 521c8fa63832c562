#!/usr/bin/python3
"""verify MODEL [DEFS] [CFLAGS] [RUNFLAGS] [ltl=NAME] [fair=1] [np=1] [formula=F] [cores=N] [bfspar=1]: run
Spin on any model, one of the book's or one of your own, print pan's
report and, when pan found an error, the readable trail (spin -t -p),
which is also kept in out/verify/NAME/NAME.trail.txt.

A safety search (the default) compiles pan with -DSAFETY; CFLAGS and
RUNFLAGS are added to the defaults, never in place of them.  ltl=NAME
looks for acceptance cycles of the ltl formula NAME (pan -a -N NAME,
compiled without -DSAFETY), np=1 for non-progress cycles (-DNP, -l),
fair=1 under weak fairness (-f): build/lib/searchflags.py's search_flags, the rule
the chapters' blocks use too.  cores=N (make verify CORES=2) compiles pan's
multi-core safety search, -DNCORE=N; bfspar=1 (make verify BFSPAR=1) its
parallel breadth-first one, -DBFS_PAR, on CORES= cores (pan -uN) or all
of them, which stores states by hash compaction (approximate).  formula=F (make verify FORMULA='[] <> p')
looks for acceptance cycles of the claim Spin makes of F's negation
(spin -a -f '!(F)', pan -a), F being the property that must hold.  A model with a claim searched in safety
mode is never said to satisfy it.

Exits 1 when pan found an error, the search did not complete or did not
check the model's claim, 2 when the model could not be run."""

import os
import re
import shlex
import subprocess
import sys

from build.lib import blockformat
from build.lib import modelfiles
from build.lib import panreport
from build.lib import panrun
from build.lib import runstore
from build.lib import searchflags

OUT = runstore.OUT
HERE = os.path.dirname(os.path.abspath(__file__))
USAGE = ("usage: make verify MODEL=models/NAME.spin [DEFS=-DX=3] [CFLAGS=-DCOLLAPSE] "
         "[RUNFLAGS=-m100000] [CORES=2] [BFSPAR=1] [LTL=name] [FAIR=1] [NP=1] [FORMULA='[] <> (x == 0)']")


def main():
    args = sys.argv[1:]
    if args == ["--env"]:  # make's values, passed untouched (workbench.mk)
        sys.exit(verify(*[os.environ.get("WB_" + k, "") for k in
                          ("MODEL", "DEFS", "CFLAGS", "RUNFLAGS", "LTL", "FAIR", "NP",
                           "PROC", "FORMULA")], cores=os.environ.get("WB_CORES", ""),
                          bfspar=os.environ.get("WB_BFSPAR", ""))
                 if os.environ.get("WB_MODEL") else USAGE)
    opts = {"ltl": "", "fair": "", "np": "", "formula": "", "cores": "", "bfspar": ""}
    while args and re.match(r"^(ltl|fair|np|formula|cores|bfspar)=", args[-1]):
        k, v = args.pop().split("=", 1)
        opts[k] = v
    if not 1 <= len(args) <= 4 or not args[0]:
        sys.exit(USAGE)
    model, defs, cflags, runflags = (args + ["", "", "", ""])[:4]
    sys.exit(verify(model, defs, cflags, runflags, **opts))


def verify_lines(model, defs="", cflags="", runflags="", ltl="", fair="", np="", proc="",
                 formula=""):
    """verify(), its lines kept rather than printed: (exit status, [(stream,
    line)]), stream "out" or "err", in the order they were said."""
    import contextlib
    import io

    lines = []

    class Stream(io.TextIOBase):
        def __init__(self, name):
            self.name, self.part = name, ""

        def write(self, s):
            self.part += s
            while "\n" in self.part:
                line, self.part = self.part.split("\n", 1)
                lines.append((self.name, line))
            return len(s)

    out, err = Stream("out"), Stream("err")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = verify(model, defs, cflags, runflags, ltl, fair, np, proc, formula)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 2
            if isinstance(e.code, str):
                print(e.code, file=sys.stderr)
    for s in (out, err):
        if s.part:
            lines.append((s.name, s.part))
    return code, lines


def verify(model, defs="", cflags="", runflags="", ltl="", fair="", np="", proc="",
           formula="", cores="", bfspar=""):
    """One search of MODEL, as make verify runs it: what runs, every line
    Spin and pan print, the readable trail, and the verdict line
    (panreport.search_end).  FORMULA: a property that must hold, checked
    by the acceptance cycles of its negation's claim (spin -a -f).
    Returns the exit status: 0 a pass, 1 an error found or no verdict, 2
    the model could not be run.  CORES=N (N > 1): pan's multi-core
    search, -DNCORE=N, for a safety search; BFSPAR=1 its parallel
    breadth-first search instead (-DBFS_PAR, pan -uN on CORES=N cores,
    all of them without CORES=)."""
    opts = {"ltl": ltl, "fair": fair, "np": np}
    if cores and not (cores.isdigit() and int(cores) >= 1):
        print(f"{model}: CORES={cores}: give the number of cores, a whole number (CORES=2)",
              file=sys.stderr)
        return 2
    if cores and int(cores) > 1 and not bfspar and (formula or searchflags.is_liveness(runflags, **opts)):
        print(f"{model}: CORES={cores} asks for pan's multi-core search, which this book runs "
              f"for safety only; drop CORES= for a liveness search (LTL=, FORMULA=, NP=, -a, -l)",
              file=sys.stderr)
        return 2
    if bfspar and bfspar != "1":
        print(f"{model}: BFSPAR={bfspar}: write BFSPAR=1 for pan's parallel breadth-first "
              "search, or leave it out", file=sys.stderr)
        return 2
    if bfspar and (formula or searchflags.is_liveness(runflags, **opts)):
        print(f"{model}: BFSPAR=1 asks for pan's parallel breadth-first search, which checks "
              "safety only; drop BFSPAR= for a liveness search (LTL=, FORMULA=, NP=, -a, -l)",
              file=sys.stderr)
        return 2
    if formula and (ltl or np):
        other = f"LTL={ltl}" if ltl else "NP=1"
        print(f"{model}: FORMULA= and {other} ask for two claims, and pan checks one in a "
              f"run: drop {other} to check the formula, or FORMULA= to check "
              + (f"ltl {ltl}" if ltl else "non-progress cycles"), file=sys.stderr)
        return 2
    if formula and "\n" in formula:
        print(f"{model}: FORMULA= holds a line break; give the formula on one line",
              file=sys.stderr)
        return 2
    if formula and not searchflags.is_liveness(runflags, **opts):
        runflags = "-a " + runflags if runflags else "-a"  # the formula's cycles
    name = os.path.basename(model)
    if name.endswith((".m", ".litmus")):
        print(f"{model}: make verify runs Spin on a Promela model; this one is for "
              "another checker, run by its chapter's {.check} blocks (make chapter-N)",
              file=sys.stderr)
        return 2
    try:
        # Your flags are added to the search's own, as a block's cflags=
        # are (searchflags.pan_cflags); CORES=N adds -DNCORE=N, or with
        # BFSPAR=1, -DBFS_PAR and pan's -uN.  That search stores its
        # states by hash compaction (an approximate search, which the
        # verdict line says); with -DNO_HC it wants all of MEMLIM as
        # shared memory, which the run's budget refuses.
        if bfspar:
            cflags = " ".join(shlex.split(cflags) + ["-DBFS_PAR"])
            if cores:
                runflags = " ".join(shlex.split(runflags) + [f"-u{int(cores)}"])
        elif cores and int(cores) > 1:
            cflags = " ".join(shlex.split(cflags) + [f"-DNCORE={int(cores)}"])
        cflags, runflags = searchflags.search_flags(cflags, runflags, where=model, **opts)
    except ValueError as e:
        print(f"{model}: cannot read the flags ({e}); check the quotes of CFLAGS/RUNFLAGS",
              file=sys.stderr)
        return 2
    except runstore.RunError as e:
        print(e, file=sys.stderr)
        return 2
    work = runstore.verify_dir(model)
    # What runs, as it runs: the budgets too (the memory ceiling is
    # compiled into pan).
    seconds, mb, _ = searchflags.budgets()
    shown = " ".join(shlex.split(defs) + modelfiles.include_flags(model))
    announced = []

    def announce(flags):  # pan's flags are known once spin -a has run
        announced.append(flags)
        print(searchflags.describe(model, shown, cflags, flags, (seconds, mb), formula),
              flush=True)
    try:
        r = panrun.run_full(model, work, defs, cflags, runflags, formula=formula,
                            announce=announce)
    except runstore.RunError as e:
        if not announced:
            announce(runflags)
        if getattr(e, "output", None):  # what Spin or pan printed: never hidden
            print(e.output, end="" if e.output.endswith("\n") else "\n")
        names = modelfiles.claim_names(model)
        print(f"{e}" + (f"; the model's claims are: {', '.join(names)}"
                        if "cannot find claim" in str(e) and names else ""), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{model}: interrupted; no verdict", file=sys.stderr)
        return 1
    text, trail, runflags = r.text, r.trail, r.runflags
    # What replay needs to repeat this run's trail: the flags of the run
    # and the trail pan wrote (none with -c0, several with -e).
    fields = panreport.parse(text)
    with open(os.path.join(work, "verify.flags"), "w") as f:
        f.write("".join(f"{k}={v}\n" for k, v in (
            ("model", model), ("defs", r.defs), ("cflags", cflags), ("runflags", runflags),
            ("errors", fields.get("errors", "")), ("trail", (r.trails or [""])[0]),
            ("violation", fields.get("violation", "")), ("claim", fields.get("claim", "")),
            ("formula", formula))))
    # The claim Spin made of the formula (spin -f), every line spin -a
    # printed (its warnings, the ltl formula it translated), then pan's
    # report.
    if formula:
        neg = searchflags.shell_word(searchflags.negation(formula))
        print(f"--- the never claim Spin makes of {searchflags.negation(formula)} "
              f"(spin -f {neg}); pan -a looks for its acceptance cycles ---")
        for line in r.claim_lines:
            print(line)
    for line in r.spin_lines:
        print(line)
    print(text, end="")
    # pan's "unreached in" lines, marked on the source (build/workbench/unreached.py).
    unreached_view(text, work, name, model)
    why = panreport.incomplete(text, fields, runflags, book_depth(model, runflags)) \
        or panreport.liveness_problem(fields, runflags, **opts)
    if trail is not None:
        path = os.path.join(work, r.trails[0] + ".txt")
        with open(path, "w") as f:
            f.write(trail)
        print(f"\n--- readable trail ({' '.join(['spin', panrun.trail_flag(name, r.trails[0]), '-p'])}), "
              f"kept in {path} ---")
        print(trail, end="")
        cycle = panreport.cycle_summary(trail)
        if cycle:
            print(f"--- {cycle} ({again('replay', model)} shows it with the values) ---")
        # The trail as the book shows its own: a per-process timeline and
        # the variables step by step (build/workbench/trail-view.py).
        trail_view(work, name, r.defs, model, proc, formula)
    if why:
        names = modelfiles.claim_names(model)
        hint = f" (its claims: {', '.join(names)})" if names and opts["ltl"] else ""
        print(f"{model}: incomplete search: {why}{hint}", file=sys.stderr)
        return 1
    unchecked = panreport.claim_unchecked(fields)
    if fields.get("errors") == "0" and unchecked:
        names = modelfiles.claim_names(model)
        ltl = ("LTL=" + (fields["claim"] if fields["claim"] in names else names[0])) \
            if names else "RUNFLAGS=-a"
        print(f"{model}: no assertion violation or invalid end state in "
              f"{fields.get('stored')} states, but this was {unchecked}; to check "
              f"it, type: {again('verify', model)} {ltl}"
              + (f" (the model's claims: {', '.join(names)})" if len(names) > 1 else ""),
              file=sys.stderr)
        return 1
    warning = panreport.coverage_warning(text)
    if warning:
        print(f"{model}: {warning}", file=sys.stderr)
    code, line = panreport.search_end(text, fields, r.trails, runflags, formula=formula, **opts)
    if code and bfspar and fields.get("errors") not in (None, "0"):
        # pan -DBFS_PAR names its trail after its process, NAME_pan_PID.trail.
        line = (f"pan's parallel breadth-first search (-DBFS_PAR) found {fields['errors']} "
                f"error(s); its trail is not the one spin -t reads: run without BFSPAR= "
                f"for the trail")
    elif code and cores and int(cores) > 1 and fields.get("errors") not in (None, "0"):
        # pan -DNCORE writes a trail ("wrote trailfile") that spin -t does
        # not replay step by step; the one-core search does.
        line = (f"pan's multi-core search (-DNCORE={int(cores)}) found {fields['errors']} "
                f"error(s); its trail does not replay with spin -t: run without CORES= "
                f"for the trail")
    if code and modelfiles.reads_stdin(model):
        line += ("; the model reads standard input (STDIN), which only a simulation gives "
                 f"it: {searchflags.make_command('simulate', ('MODEL', model))}")
    if "{replay}" in line:
        line = line.replace("{replay}", again("replay", model))
    print(f"{model}: {line}", file=sys.stderr if code else sys.stdout)
    return code


def again(target, model):
    """The make command that repeats a run of MODEL, quoted to be pasted."""
    return searchflags.make_command(target, ("MODEL", model))


def unreached_view(text, work, name, model):
    # Run apart, its lines passed on (so that verify_lines keeps them).
    p = subprocess.run([os.path.join(HERE, "unreached.py"), model,
                        os.path.join(work, name + ".unreached.html"), work],
                       input=text, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    print(p.stdout, end="")
    print(p.stderr, end="", file=sys.stderr)


def trail_view(work, name, defs, model, proc="", formula=""):
    p = subprocess.run([os.path.join(HERE, "trail-view.py"), work, name, defs,
                        proc or os.environ.get("WB_PROC", ""), model, formula],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    print(p.stdout, end="")
    print(p.stderr, end="", file=sys.stderr)


def book_depth(model, runflags):
    """The -m to suggest for MODEL cut at its depth: ten times the one
    used, or the largest -m of the book's own runs of that model."""
    best = searchflags.depth_flag(runflags) * 10
    name = os.path.basename(model)
    if os.path.abspath(model) != os.path.abspath(os.path.join(runstore.MODELS, name)):
        return best  # another model of the same name: the book's runs say nothing of it
    for path in runstore.defined_everywhere("run") + \
            runstore.defined_everywhere("sweep"):
        spec, _ = blockformat.read_spec(path)
        if spec.get("model") == name and "-m" in spec.get("runflags", ""):
            best = max(best, searchflags.depth_flag(spec["runflags"]))
    return best


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit("verify: interrupted; no verdict")
