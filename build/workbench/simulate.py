#!/usr/bin/python3
"""simulate random|replay|interactive ...: Spin's simulations, for readers.

  simulate random MODEL [DEFS] [SEED] [STEPS] [SIMFLAGS]
      one random run: spin -p -u STEPS -n SEED; without SEED, Spin
      chooses the seed (spin -h prints it, so that the run can be
      repeated); how it ended is told by panreport.sim_end
  simulate replay MODEL|'' [RUN] [TRAILFLAGS]
      the trail of the last make verify of MODEL, or of the chapter's run
      RUN: spin -t -p -g -l -s -r (every step, the globals and locals it
      changes, the messages sent and received), replayed with the copy of
      the model, the -D flags and the claim (a FORMULA's spin -f) that
      made the trail
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

from build.lib import blockformat
from build.lib import modelfiles
from build.lib import panreport
from build.lib import panrun
from build.lib import ranlog
from build.lib import runstore
from build.lib import searchflags

OUT = runstore.OUT
USAGE = ("usage: make simulate MODEL=models/NAME.spin [SEED=n] [STEPS=n] [DEFS=] [SIMFLAGS=]\n"
         "       make replay MODEL=models/NAME.spin | RUN=id [TRAILFLAGS=]\n"
         "       make interactive MODEL=models/NAME.spin [DEFS=] [SIMFLAGS=]")


def fail(msg):
    print(msg, file=sys.stderr)
    sys.exit(2)


def copy_model(model, work, defs=""):
    """A fresh WORK holding MODEL and the files it includes; the
    preprocessor flags Spin then needs (modelfiles.copy_model).  Refuses
    a DEFS that the model's own #define overrides."""
    if not model:
        fail(USAGE)
    if shutil.which("spin") is None:
        fail("spin: not installed; run make deps (or: sudo apt-get install spin)")
    try:
        extra = modelfiles.fresh_copy(model, work)
    except runstore.RunError as e:
        fail(str(e))
    why = modelfiles.defs_overridden(model, defs, work, extra)
    if why:
        fail(why)
    return extra


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


def run(cmd, work, interactive=False, model=None):
    """Run spin in WORK, showing the command; its lines are shown as Spin
    prints them (line-buffered) and returned.  An interactive run, or a
    model that reads standard input, is given this terminal's input."""
    print("$ " + " ".join(shlex.quote(w) for w in cmd), flush=True)
    if interactive:
        return subprocess.run(cmd, cwd=work).returncode, ""
    stdin = subprocess.DEVNULL
    if model and modelfiles.reads_stdin(model):
        stdin = None  # ours: the terminal, or what was piped in
        print(f"--- {model} reads standard input (STDIN): "
              + ("type its input (Spin waits for more at its end)" if sys.stdin.isatty()
                 else "it reads what was piped in"), flush=True)
    p = subprocess.Popen(["stdbuf", "-oL"] + cmd, cwd=work, stdin=stdin, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    out = []
    for line in p.stdout:
        if modelfiles.copy_warning(line):
            continue
        out.append(line)
        print(line, end="", flush=True)
    p.wait()
    return p.returncode, "".join(out)


def random_run(model, defs="", seed="", steps="", flags=""):
    """make simulate: one random run, its end told by panreport.sim_end.
    Without SEED, Spin chooses the seed itself (no -n; -h prints it)."""
    code, _ = random_lines(model, defs, seed, steps, flags)
    sys.exit(code)


def random_lines(model, defs="", seed="", steps="", flags=""):
    """random_run's work: (exit status, Spin's output)."""
    why_defs = searchflags.defs_problem(defs)
    if why_defs:
        fail(f"{model}: {why_defs}")
    if seed:
        seed = number("SEED", seed, "7")
    steps = number("STEPS", steps, searchflags.SIMULATION_STEPS)
    work = os.path.join(OUT, "simulate", os.path.basename(model or "x"))
    extra = copy_model(model, work, defs)
    cmd = searchflags.simulation_command(seed, os.path.basename(model), steps,
                                         words("DEFS", defs) + extra + words("SIMFLAGS", flags))
    code, out = run(cmd, work, model=model)
    key, status, ended = panreport.sim_end(out, code)
    if key == "rejected":
        print(f"{model}: {ended}; fix the model and run it again", file=sys.stderr)
        return 2, out
    used = re.search(r"^seed used: (\d+)$", out, re.M)
    chosen = seed or (used.group(1) if used else "")
    again = searchflags.make_command("simulate", ("MODEL", model), ("SEED", chosen),
                                     ("STEPS", steps), ("DEFS", defs), ("SIMFLAGS", flags))
    print(f"--- a random run with seed {chosen or '(not printed)'}"
          f"{'' if seed else ' (chosen by Spin)'}, at most {steps} steps: {ended}; "
          f"the same run again: {again}", file=sys.stderr if status else sys.stdout)
    if key == "assertion":
        print(f"{model}: this run violates an assertion; "
              f"{searchflags.make_command('verify', ('MODEL', model), ('DEFS', defs))} "
              f"searches every run; this one again: seed {chosen or '(not printed)'}", file=sys.stderr)
    return status, out


def verify_keys(model):
    """What make verify kept of its last search of MODEL (verify.flags)."""
    src = runstore.verify_dir(model)
    path = os.path.join(src, "verify.flags")
    return src, (blockformat.read_spec(path)[0] if os.path.exists(path) else {})


def replay(model, rid="", flags=""):
    trail_name, keys = "", {}
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
        src, keys = verify_keys(model)
        if keys.get("model") and os.path.abspath(keys["model"]) != os.path.abspath(model):
            fail(f"{src}: its trail was made from {keys['model']}, not {model}; "
                 f"run {searchflags.make_command('verify', ('MODEL', model))} first")
        defs = keys.get("defs", "")
        again = searchflags.make_command("verify", ("MODEL", model))
        source = model
        trail_name = keys.get("trail", "")
        if keys.get("errors") not in (None, "", "0") and not trail_name:
            fail(f"{model}: the last search found {keys['errors']} error(s) but pan wrote no "
                 f"trail (./pan {keys.get('runflags', '')}); run {again} without -c0 first")
    trail = os.path.join(src, trail_name or name + ".trail")
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
    tflag = panrun.trail_flag(name, os.path.basename(trail))
    # The claim the trail was made with: a FORMULA's comes from spin -f.
    formula = keys.get("formula", "") if not rid else ""
    cmd = (["spin", tflag, "-p", "-g", "-l", "-s", "-r"] + words("DEFS", defs)
           + searchflags.formula_flags(formula) + words("TRAILFLAGS", flags) + [name])
    if modelfiles.embedded_c(os.path.join(work, name)):
        cmd = pan_replay(src, work, name, tflag, keys.get("runflags", ""), flags, again)
    code, out = run(cmd, work)
    if code != 0 and not re.search(r"^spin: trail ends after", out, re.M):
        fail(f"{trail}: spin could not replay it (status {code}); see its message above")
    cycle = panreport.cycle_summary(out)
    print(f"--- replayed {trail}" + (f"; {cycle}" if cycle else ""))
    # The trail as the book shows its own (build/workbench/trail-view.py).
    subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), "trail-view.py"),
                    work, name, defs, os.environ.get("WB_PROC", ""), source, formula])


def pan_replay(src, work, name, tflag, runflags, flags, again):
    """The command that replays the trail of a model with embedded C:
    spin -t only prints C code (it cannot execute it), so the pan the
    search built (same flags, the C compiled in) replays it, ./pan -r
    (-rN for pan -e's Nth trail; -N for the claim the search used)."""
    pan = os.path.join(src, "pan")
    if not os.path.isfile(pan):
        fail(f"{pan}: the model has embedded C, whose trail only the pan that made it can "
             f"replay (./pan -r), and it is gone; run {again} first")
    if flags:
        fail(f"TRAILFLAGS={flags}: the model has embedded C, whose trail ./pan -r replays; "
             "spin's flags do not apply: drop TRAILFLAGS")
    shutil.copy2(pan, os.path.join(work, "pan"))
    words_ = shlex.split(runflags)
    claim = words_[words_.index("-N"):words_.index("-N") + 2] if "-N" in words_ else []
    print(f"--- {name} holds embedded C (c_code, c_expr, ...), which spin -t only prints: "
          f"the trail is replayed by ./pan -r, the pan its search built, which runs it",
          flush=True)
    return ["./pan", "-r" + tflag[2:]] + claim


def interactive(model, defs="", flags=""):
    if os.environ.get("WB_TRAIL"):
        # TRAIL=1: start along the trail of the last make verify of MODEL
        # (build/workbench/interactive-trail.py; Spin's -t ignores -i).
        src, keys = verify_keys(model)
        if modelfiles.reads_stdin(model):
            # Spin's prompts and the model's STDIN would share one input,
            # and a line meant for the model would be taken for a choice.
            fail(f"{model}: the model reads standard input (STDIN), which make interactive "
                 f"TRAIL=1 uses for your choices; replay its trail with "
                 f"{searchflags.make_command('replay', ('MODEL', model))}, or give it input in "
                 f"{searchflags.make_command('simulate', ('MODEL', model))}")
        os.execv(os.path.join(os.path.dirname(os.path.abspath(__file__)), "interactive-trail.py"),
                 ["interactive-trail.py", src, os.path.basename(model), keys.get("defs", ""), model,
                  keys.get("trail", ""), keys.get("formula", "")])
    why = searchflags.defs_problem(defs)
    if why:
        fail(f"{model}: {why}")
    work = os.path.join(OUT, "simulate", os.path.basename(model or "x"))
    extra = copy_model(model, work, defs)
    print("At each choice, type the number of the step to take (q to stop).")
    cmd = (["spin", "-i", "-p", "-g"] + words("DEFS", defs) + extra + words("SIMFLAGS", flags)
           + [os.path.basename(model)])
    code, _ = run(cmd, work, interactive=True)
    sys.exit(0 if code == 0 else 1)


# The commands of a chapter's {.sim} blocks, as make simulate, replay and
# interactive build theirs below.
def random_cmd(name, defs, seed, steps, flags, extra=()):
    return searchflags.simulation_command(seed, name, steps, words("DEFS", defs) + list(extra)
                                          + words("SIMFLAGS", flags))


def replay_cmd(name, defs, flags):
    return (["spin", "-t", "-p", "-g", "-l", "-s", "-r"] + words("DEFS", defs)
            + words("TRAILFLAGS", flags) + [name])


def interactive_cmd(name, defs, flags, extra=()):
    return (["spin", "-i", "-p", "-g"] + words("DEFS", defs) + list(extra)
            + words("SIMFLAGS", flags) + [name])


def shown(out):
    """Spin's output as a reader sees it (its note that pan.c is older
    than the model is not)."""
    return modelfiles.without_copy_warning(out)


PROMPT = re.compile(r"Select \[\d+-\d+\]: ")


def block_output(spec_path, again=False):
    """(spec, text): the output of a chapter's {.sim} block, from a fresh
    run in a directory of its own (AGAIN: the check's second run, in
    another).  The command is logged there (ranlog), as a search's is,
    unless it reads the reader's choices from its input."""
    spec, _ = blockformat.read_spec(spec_path)
    sid, mode, name = spec["id"], spec.get("mode", "random"), spec["model"]
    defs, flags = spec.get("defs", ""), spec.get("flags", "")
    work = os.path.join(OUT, "simulate", "sim-" + sid + ("-again" if again else ""))
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
        extra = copy_model(os.path.join(runstore.MODELS, name), work, defs)
        if mode == "random":
            cmd = random_cmd(name, defs, spec["seed"], spec.get("steps") or searchflags.SIMULATION_STEPS, flags, extra)
        else:
            choices = spec["choices"].split()
            stdin = "".join(c + "\n" for c in choices) + "q\n"
            cmd = interactive_cmd(name, defs, flags, extra)
    if mode != "interactive":
        ranlog.start(work)
        ranlog.add(work, cmd)
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
    again = block_output(spec_path, again=True)[1].rstrip("\n").split("\n")
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
    if args[1:] == ["--env"]:  # make's values, passed untouched (workbench.mk)
        keys = {"random": ("MODEL", "DEFS", "SEED", "STEPS", "SIMFLAGS"),
                "replay": ("MODEL", "RUN", "TRAILFLAGS"),
                "interactive": ("MODEL", "DEFS", "SIMFLAGS")}.get(args[0], ())
        args = args[:1] + [os.environ.get("WB_" + k, "") for k in keys]
    modes = {"random": (random_run, 6), "replay": (replay, 4), "interactive": (interactive, 4)}
    if not args or args[0] not in modes or len(args) > modes[args[0]][1]:
        fail(USAGE)
    modes[args[0]][0](*args[1:])


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit("simulate: interrupted")
