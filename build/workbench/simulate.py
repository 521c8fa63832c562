#!/usr/bin/python3
"""simulate random|replay|interactive ...: Spin's simulations, for readers.

  simulate random MODEL [DEFS] [SEED] [STEPS] [SIMFLAGS]
      one random run: spin -p -u STEPS -n SEED (SEED chosen and printed
      when not given, so that the same run can be repeated)
  simulate replay MODEL|'' [RUN] [TRAILFLAGS]
      the trail of the last make verify of MODEL, or of the chapter's run
      RUN: spin -t -p -g -l -s -r (every step, the globals and locals it
      changes, the messages sent and received), replayed with the copy of
      the model and the -D flags that made the trail
  simulate interactive MODEL [DEFS] [SIMFLAGS]
      spin -i -p -g: you choose each step when there is a choice
  simulate block SPEC
      a chapter's {.sim} block (out/extract/TAG/sim.ID): the same command,
      its choices typed for it in mode=interactive; the output, as the
      book shows it, written to out/runs/ID.sim
  simulate check SPEC
      that output compared with the chapter's, and with a second fresh
      run (a simulation the book shows must be the same every time)

Every run is made in its own directory under out/ (Spin writes files
there, e.g. _spin_nvr.tmp for a model with ltl formulas), with a copy of
the model and what it includes.  The flags given are added to these.
Exits 2 with one line when the model or trail cannot be used."""

import os
import re
import shlex
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import blockformat  # noqa: E402
import modelfiles  # noqa: E402
import panreport  # noqa: E402
import runstore  # noqa: E402
import searchflags  # noqa: E402

OUT = runstore.OUT
USAGE = ("usage: make simulate MODEL=models/NAME.spin [SEED=n] [STEPS=n] [DEFS=] [SIMFLAGS=]\n"
         "       make replay MODEL=models/NAME.spin | RUN=id [TRAILFLAGS=]\n"
         "       make interactive MODEL=models/NAME.spin [DEFS=] [SIMFLAGS=]")


def fail(msg):
    print(msg, file=sys.stderr)
    sys.exit(2)


def copy_model(model, work):
    """A fresh WORK holding MODEL and the files it includes."""
    if not model:
        fail(USAGE)
    if shutil.which("spin") is None:
        fail("spin: not installed; run make deps (or: sudo apt-get install spin)")
    try:
        modelfiles.fresh_copy(model, work)
    except runstore.RunError as e:
        fail(str(e))


def number(name, value, default):
    value = value or default
    if not value.isdigit():
        fail(f"{name}={value!r}: not a whole number; give digits, e.g. {name}={default}")
    return value


def words(name, flags):
    try:
        return shlex.split(flags)
    except ValueError as e:
        fail(f"{name}={flags!r}: cannot read it ({e}); check its quotes")


def run(cmd, work, interactive=False):
    """Run spin in WORK, showing the command; its output goes straight to
    the terminal (an interactive run reads your choices)."""
    print("$ " + " ".join(shlex.quote(w) for w in cmd), flush=True)
    if interactive:
        return subprocess.run(cmd, cwd=work).returncode, ""
    p = subprocess.run(cmd, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    out = shown(p.stdout)
    print(out, end="")
    return p.returncode, out


# The commands, one place each: make simulate, replay and interactive
# and the chapters' {.sim} blocks run these.
def random_cmd(name, defs, seed, steps, flags):
    return (["spin", "-p", f"-u{steps}", f"-n{seed}"] + words("DEFS", defs)
            + words("SIMFLAGS", flags) + [name])


def replay_cmd(name, defs, flags):
    return (["spin", "-t", "-p", "-g", "-l", "-s", "-r"] + words("DEFS", defs)
            + words("TRAILFLAGS", flags) + [name])


def interactive_cmd(name, defs, flags):
    return (["spin", "-i", "-p", "-g"] + words("DEFS", defs) + words("SIMFLAGS", flags)
            + [name])


def shown(out):
    """Spin's output as a reader sees it (its note that pan.c is older
    than the model is not)."""
    return "".join(line for line in out.splitlines(True) if "is newer than" not in line)


def random_run(model, defs="", seed="", steps="", flags=""):
    why_defs = searchflags.defs_problem(defs)
    if why_defs:
        fail(f"{model}: {why_defs}")
    chosen = not seed
    seed = number("SEED", seed, str(int(time.time() * 1000) % 1000000 + 1))
    steps = number("STEPS", steps, "1000")
    work = os.path.join(OUT, "simulate", os.path.basename(model or "x"))
    copy_model(model, work)
    code, out = run(random_cmd(os.path.basename(model), defs, seed, steps, flags), work)
    if code != 0 and "Error:" not in out:
        fail(f"{model}: spin stopped with status {code}; see its message above")
    again = f"make simulate MODEL={model} SEED={seed} STEPS={steps}" + \
        (f" DEFS=\"{defs}\"" if defs else "") + (f" SIMFLAGS=\"{flags}\"" if flags else "")
    ended = "stopped at the error above" if code != 0 else \
        "stopped at the step limit" if "depth-limit" in out else "ran to its end"
    print(f"--- a random run with seed {seed}{' (chosen for you)' if chosen else ''}, at "
          f"most {steps} steps: it {ended}; the same run again: {again}")
    if code != 0:
        # Say what stopped it: spin stops a simulation on a violated
        # assertion and on a model it cannot read (a syntax error).
        errors = [line.strip() for line in out.splitlines() if "Error:" in line]
        if any("assertion violated" in e for e in errors):
            print(f"{model}: this run violates an assertion; make verify MODEL={model} "
                  "searches every run", file=sys.stderr)
        else:
            print(f"{model}: spin rejects the model: "
                  f"{errors[0] if errors else 'see its message above'}; fix the model "
                  "and run it again", file=sys.stderr)
        sys.exit(1)


def replay(model, rid="", flags=""):
    if rid:
        found = runstore.run_flags_path(rid, OUT)
        if not found:
            fail(f"RUN={rid}: no run of that name in the chapters (extracted under "
                 f"{OUT}/extract/); give a .pan block's #id, e.g. make replay RUN=increment-2")
        spec, _ = blockformat.read_spec(found)
        src = os.path.join(OUT, "work", rid)
        name, defs = spec["model"], spec.get("defs", "")
        again = f"make chapter-N (the chapter of run {rid})"
        source = os.path.join("models", name)
    else:
        if not model:
            fail(USAGE)
        name = os.path.basename(model)
        src = runstore.verify_dir(model)
        keys = blockformat.read_spec(os.path.join(src, "verify.flags"))[0] \
            if os.path.exists(os.path.join(src, "verify.flags")) else {}
        if keys.get("model") and os.path.abspath(keys["model"]) != os.path.abspath(model):
            fail(f"{src}: its trail was made from {keys['model']}, not {model}; "
                 f"run make verify MODEL={model} first")
        defs = keys.get("defs", "")
        again = f"make verify MODEL={model}"
        source = model
    trail = os.path.join(src, name + ".trail")
    if not os.path.isfile(trail):
        fail(f"{trail}: no trail to replay (the last search found no error, or was not "
             f"run here); run {again} first")
    work = os.path.join(OUT, "replay", rid or name)
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(src, work, ignore=shutil.ignore_patterns("pan", "pan.*", "*.trail.txt"))
    if os.path.isfile(source) and modelfiles.model_hash(source) != \
            modelfiles.model_hash(os.path.join(work, name)):
        print(f"note: {source} has changed since the trail was made; this replays the "
              f"copy that made it ({os.path.join(src, name)})", file=sys.stderr)
    code, out = run(replay_cmd(name, defs, flags), work)
    if code != 0:
        fail(f"{trail}: spin could not replay it (status {code}); see its message above")
    cycle = panreport.cycle_summary(out)
    print(f"--- replayed {trail}" + (f"; {cycle}" if cycle else ""))
    # The trail as the book shows its own (build/workbench/trail-view.py).
    subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), "trail-view.py"),
                    work, name, defs, os.environ.get("WB_PROC", ""), source])


def interactive(model, defs="", flags=""):
    if os.environ.get("WB_TRAIL"):
        # TRAIL=1: start along the trail of the last make verify of MODEL
        # (build/workbench/interactive-trail.py; Spin's -t ignores -i).
        src = runstore.verify_dir(model)
        keys = blockformat.read_spec(os.path.join(src, "verify.flags"))[0] \
            if os.path.exists(os.path.join(src, "verify.flags")) else {}
        os.execv(os.path.join(os.path.dirname(os.path.abspath(__file__)), "interactive-trail.py"),
                 ["interactive-trail.py", src, os.path.basename(model), keys.get("defs", ""), model])
    why = searchflags.defs_problem(defs)
    if why:
        fail(f"{model}: {why}")
    work = os.path.join(OUT, "simulate", os.path.basename(model or "x"))
    copy_model(model, work)
    print("At each choice, type the number of the step to take (q to stop).")
    code, _ = run(interactive_cmd(os.path.basename(model), defs, flags), work, interactive=True)
    sys.exit(0 if code == 0 else 1)


PROMPT = re.compile(r"Select \[\d+-\d+\]: ")


def block_output(spec_path):
    """(spec, text): the output of a chapter's {.sim} block, from a fresh
    run in a directory of its own."""
    spec, _ = blockformat.read_spec(spec_path)
    sid, mode, name = spec["id"], spec.get("mode", "random"), spec["model"]
    defs, flags = spec.get("defs", ""), spec.get("flags", "")
    work = os.path.join(OUT, "simulate", "sim-" + sid)
    stdin = None
    if mode == "replay":
        rspec = blockformat.read_spec(runstore.run_flags_path(spec["run"]) or fail(
            f"{spec['where']}: run={spec['run']}: no run of that name was extracted"))[0]
        src = runstore.work_dir(spec["run"])
        if rspec["model"] != name:
            fail(f"{spec['where']}: model={name}, but run {spec['run']} is of {rspec['model']}")
        if not os.path.isfile(os.path.join(src, name + ".trail")):
            fail(f"{spec['where']}: run {spec['run']} left no trail in {src}; "
                 f"make {runstore.run_file(spec['run'], 'out')} makes it")
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(src, work, ignore=shutil.ignore_patterns("pan", "pan.*", "*.trail.txt"))
        cmd = replay_cmd(name, rspec.get("defs", "") + (" " + defs if defs else ""), flags)
    else:
        copy_model(os.path.join(runstore.MODELS, name), work)
        if mode == "random":
            cmd = random_cmd(name, defs, spec["seed"], spec.get("steps") or "1000", flags)
        else:
            choices = spec["choices"].split()
            stdin = "".join(c + "\n" for c in choices) + "q\n"
            cmd = interactive_cmd(name, defs, flags)
    try:
        p = subprocess.run(cmd, cwd=work, input=stdin or "", capture_output=True, text=True,
                           timeout=60)
    except subprocess.TimeoutExpired:
        fail(f"{spec['where']}: {' '.join(cmd)} ran 60 s; a simulation the book shows "
             "is short: lower steps=")
    out = shown(p.stdout + p.stderr)
    if mode == "interactive":
        # The transcript as the reader's terminal shows it: each choice
        # typed after its prompt.
        typed = iter(choices + ["q"])
        out = PROMPT.sub(lambda m: m.group(0) + next(typed, "") + "\n", out)
    return spec, out


def block(spec_path):
    spec, out = block_output(spec_path)
    runstore.put(runstore.run_file(spec["id"], "sim"), out)


def check(spec_path):
    """The chapter's output against the stored run and a second fresh one."""
    spec, body = blockformat.read_spec(spec_path)
    want = (body or "").rstrip("\n").split("\n")
    path = runstore.run_file(spec["id"], "sim")
    if not os.path.exists(path):
        print(f"{spec['where']}: simulation {spec['id']}: no output ({path}); make {path}")
        sys.exit(1)
    stored = open(path).read().rstrip("\n").split("\n")
    again = block_output(spec_path)[1].rstrip("\n").split("\n")
    bad = False
    for what, got in (("the run", stored), ("a second run", again)):
        change = panreport.first_change(want, got)
        if change is not None:
            i, j = change
            if i is None:
                why = f"{what} prints {got[j]!r}, which the chapter's output lacks"
            else:
                why = f"line {i + 1} {want[i]!r} of the chapter's output is " + \
                    (f"{got[j]!r} in {what}" if j is not None else f"missing from {what}")
            print(f"{spec['where']}: simulation {spec['id']}: {why}; after a deliberate "
                  "change, make bless")
            bad = True
    if stored != again:
        print(f"{spec['where']}: simulation {spec['id']}: two runs printed different output: "
              "the book can show only a simulation that Spin repeats exactly")
        bad = True
    if bad:
        sys.exit(1)
    print(f"simulation {spec['id']}: {len(want)} lines as the chapter shows them, "
          "in two fresh runs")


def main():
    args = sys.argv[1:]
    if args[:1] in (["block"], ["check"]) and len(args) == 2:
        (block if args[0] == "block" else check)(args[1])
        return
    modes = {"random": (random_run, 6), "replay": (replay, 4), "interactive": (interactive, 4)}
    if not args or args[0] not in modes or len(args) > modes[args[0]][1]:
        fail(USAGE)
    modes[args[0]][0](*args[1:])


try:
    main()
except KeyboardInterrupt:
    sys.exit("simulate: interrupted")
