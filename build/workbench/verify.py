#!/usr/bin/python3
"""verify MODEL [DEFS] [CFLAGS] [RUNFLAGS] [ltl=NAME] [fair=1] [np=1]: run
Spin on any model, one of the book's or one of your own, print pan's
report and, when pan found an error, the readable trail (spin -t -p),
which is also kept in out/verify/NAME/NAME.trail.txt.

A safety search (the default) compiles pan with -DSAFETY; CFLAGS and
RUNFLAGS are added to the defaults, never in place of them.  ltl=NAME
looks for acceptance cycles of the ltl formula NAME (pan -a -N NAME,
compiled without -DSAFETY), np=1 for non-progress cycles (-DNP, -l),
fair=1 under weak fairness (-f): build/lib/searchflags.py's search_flags, the rule
the chapters' blocks use too.  A model with a claim searched in safety
mode is never said to satisfy it.

Exits 1 when pan found an error, the search did not complete or did not
check the model's claim, 2 when the model could not be run."""

import os
import re
import shlex
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import blockformat  # noqa: E402
import modelfiles  # noqa: E402
import panreport  # noqa: E402
import panrun  # noqa: E402
import runstore  # noqa: E402
import searchflags  # noqa: E402

OUT = runstore.OUT
USAGE = ("usage: make verify MODEL=models/NAME.spin [DEFS=-DX=3] [CFLAGS=-DCOLLAPSE] "
         "[RUNFLAGS=-m100000] [LTL=name] [FAIR=1] [NP=1]")


def main():
    args = sys.argv[1:]
    opts = {"ltl": "", "fair": "", "np": ""}
    while args and re.match(r"^(ltl|fair|np)=", args[-1]):
        k, v = args.pop().split("=", 1)
        opts[k] = v
    if not 1 <= len(args) <= 4 or not args[0]:
        sys.exit(USAGE)
    model, defs, cflags, runflags = (args + ["", "", "", ""])[:4]
    name = os.path.basename(model)
    if name.endswith((".m", ".litmus")):
        sys.exit(f"{model}: make verify runs Spin on a Promela model; this one is for "
                 "another checker, run by its chapter's {.check} blocks (make chapter-N)")
    try:
        # Your flags are added to the default ones (-DSAFETY for a safety
        # search, none for a liveness one).
        live = searchflags.is_liveness(runflags, **opts)
        base = [] if live else shlex.split(blockformat.default("pan", "cflags"))
        cflags = " ".join(base + [w for w in shlex.split(cflags) if w not in base])
        cflags, runflags = searchflags.search_flags(cflags, runflags, where=model, **opts)
    except ValueError as e:
        sys.exit(f"{model}: cannot read the flags ({e}); check the quotes of CFLAGS/RUNFLAGS")
    except runstore.RunError as e:
        print(e, file=sys.stderr)
        sys.exit(2)
    work = runstore.verify_dir(model)
    # What runs, as it runs: the budgets too (the memory ceiling is
    # compiled into pan).
    seconds, mb, _ = searchflags.budgets()
    print(searchflags.describe(model, defs, cflags, runflags, (seconds, mb)))
    try:
        text, trail, _ = panrun.run(model, work, defs, cflags, runflags)
    except runstore.RunError as e:
        if getattr(e, "output", None):  # what pan printed instead of a search
            print(e.output, end="")
        names = modelfiles.ltl_names(model)
        print(f"{e}" + (f"; the model's ltl formulas are: {', '.join(names)}"
                        if "cannot find claim" in str(e) and names else ""), file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(f"{model}: interrupted; no verdict")
    # What replay needs to repeat this run's trail: the flags of the run.
    with open(os.path.join(work, "verify.flags"), "w") as f:
        f.write("".join(f"{k}={v}\n" for k, v in (
            ("model", model), ("defs", defs), ("cflags", cflags), ("runflags", runflags))))
    print(text, end="")
    # pan's "unreached in" lines, marked on the source (build/workbench/unreached.py).
    unreached_view(text, work, name, model)
    fields = panreport.parse(text)
    why = panreport.incomplete(text, fields, runflags, book_depth(name, runflags)) \
        or panreport.liveness_problem(fields, runflags, **opts)
    if trail is not None:
        path = os.path.join(work, name + ".trail.txt")
        with open(path, "w") as f:
            f.write(trail)
        print(f"\n--- readable trail (spin -t -p), kept in {path} ---")
        print(trail, end="")
        cycle = panreport.cycle_summary(trail)
        if cycle:
            print(f"--- {cycle} (make replay MODEL={model} shows it with the values) ---")
        # The trail as the book shows its own: a per-process timeline and
        # the variables step by step (build/workbench/trail-view.py).
        trail_view(work, name, defs, model)
    if why:
        names = modelfiles.ltl_names(model)
        hint = f" (its ltl formulas: {', '.join(names)})" if names and opts["ltl"] else ""
        print(f"{model}: incomplete search: {why}{hint}", file=sys.stderr)
        sys.exit(1)
    if fields.get("errors") != "0":
        kind = f" ({fields['violation']})" if fields.get("violation") else ""
        print(f"{model}: pan found {fields.get('errors')} error(s){kind}; the trail "
              "above shows how", file=sys.stderr)
        sys.exit(1)
    unchecked = panreport.claim_unchecked(fields)
    if unchecked:
        names = modelfiles.ltl_names(model)
        ltl = ("LTL=" + (fields["claim"] if fields["claim"] in names else names[0])) \
            if names else "RUNFLAGS=-a"
        print(f"{model}: no assertion violation or invalid end state in "
              f"{fields.get('stored')} states, but this was {unchecked}; to check "
              f"it, type: make verify MODEL={model} {ltl}"
              + (f" (the model's formulas: {', '.join(names)})" if len(names) > 1 else ""),
              file=sys.stderr)
        sys.exit(1)
    warning = panreport.coverage_warning(text)
    if warning:
        print(f"{model}: {warning}", file=sys.stderr)
    what = "no errors"
    if searchflags.is_liveness(runflags, **opts):
        kind = "non-progress cycles" if "-l" in runflags.split() else \
            f"acceptance cycles of {fields.get('claim')}"
        fair = "under weak fairness" if "-f" in runflags.split() else "without fairness"
        what = f"no {kind} ({fair})"
    print(f"{model}: {what} in {fields.get('stored')} states"
          + (" (an approximate search: see the warning)" if warning else ""))


def unreached_view(text, work, name, model):
    import subprocess
    subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), "unreached.py"),
                    model, os.path.join(work, name + ".unreached.html")], input=text, text=True)


def trail_view(work, name, defs, model):
    import subprocess
    subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), "trail-view.py"),
                    work, name, defs, os.environ.get("WB_PROC", ""), model])


def book_depth(name, runflags):
    """The -m to suggest for MODEL cut at its depth: ten times the one
    used, or the largest -m of the book's own runs of that model."""
    best = searchflags.depth_flag(runflags) * 10
    for path in runstore.defined_everywhere("run") + \
            runstore.defined_everywhere("sweep"):
        spec, _ = blockformat.read_spec(path)
        if spec.get("model") == name and "-m" in spec.get("runflags", ""):
            best = max(best, searchflags.depth_flag(spec["runflags"]))
    return best


try:
    main()
except KeyboardInterrupt:
    sys.exit("verify: interrupted; no verdict")
