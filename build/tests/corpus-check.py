#!/usr/bin/python3
"""corpus-check NAME... | --list | --table: each model of the corpus
(build/tests/fixtures/corpus/, models of the field's shapes written for
this project) run through make verify, simulate, replay, automaton and
interactive TRAIL=1, each held to the same run of plain Spin 6.5.2 made
here by hand, in a copy of the model's directory:

  verify      the same stored, matched and transition counts, depth and
              errors; every line spin -a printed and every line of pan's
              report (less its times) present, in order; the same verdict
              (a pass, an approximate pass, an error; or, where the table
              says so, a refusal, with the line that says why); the
              readable trail of an error (spin -t -p) present
  simulate    every line of spin -p -u200 -n5 present, in order
  replay      every line of spin -t -p -g -l -s -r present, in order (of
              ./pan -r for a model with embedded C)
  automaton   as many transitions per process as pan -d lists
  interactive TRAIL=1, Enter at each choice: every step of the trail
              taken, the same count as spin -t -p shows

One line per run ("ok: ..." or "PROBLEM: ..."); --table prints the
table of plain Spin's verdict beside the workbench's (Markdown).  Exits
1 on a problem.  OUT is where the runs go (a directory of its own)."""

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from build.lib import modelfiles
from build.lib import panreport

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(HERE, "fixtures", "corpus")

# (model, its shape, the workbench's verify variables, plain Spin's three
# commands (spin's flags before -a, cc's flags, pan's flags), what the
# workbench must conclude: pass, approximate, error, or refuse TEXT).
RUNS = [
    ("channels.spin", "buffered channels, mtype, an end label",
     {}, ("", "-DSAFETY", ""), "pass"),
    ("never-unnamed.spin", "an unnamed never claim (never_0), searched with -a",
     {"RUNFLAGS": "-a"}, ("", "", "-a"), "error"),
    ("never-named.spin", "two named never claims, one chosen with LTL=",
     {"LTL": "small_forever"}, ("", "", "-a -N small_forever"), "error"),
    ("ltl-blocks.spin", "four ltl blocks, one trivially true, chosen with LTL=",
     {"LTL": "trivial"}, ("", "", "-a -N trivial"), "pass"),
    ("ltl-blocks.spin", "the same, a formula that fails",
     {"LTL": "never_two"}, ("", "", "-a -N never_two"), "error"),
    ("subdir-header.spin", "a header in a subdirectory, includes in comments",
     {}, ("", "-DSAFETY", ""), "pass"),
    ("nested/parent-header.spin", "a header one directory up (../inc/)",
     {}, ("", "-DSAFETY", ""), "pass"),
    ("embedded-c.spin", "embedded C: c_state, c_code, c_expr",
     {}, ("", "-DSAFETY", ""), "pass"),
    ("deadlock.spin", "a deadlock (invalid end state)",
     {}, ("", "-DSAFETY", ""), "error"),
    ("reads-stdin.spin", "reads standard input (STDIN)",
     {}, ("", "-DSAFETY", ""), "error"),
    ("defs-collide.spin", "its own #define N against DEFS=-DN=3",
     {"DEFS": "-DN=3"}, ("-DN=3", "-DSAFETY", ""),
     "refuse '#define N 4' overrides DEFS=-DN=3"),
    ("defs-guarded.spin", "an #ifndef-guarded #define N, DEFS=-DN=3",
     {"DEFS": "-DN=3"}, ("-DN=3", "-DSAFETY", ""), "pass"),
    ("noreduce.spin", "rendezvous and weak fairness: needs -DNOREDUCE",
     {"LTL": "turns", "FAIR": "1", "CFLAGS": "-DNOREDUCE"},
     ("", "-DNOREDUCE", "-a -f -N turns"), "pass"),
    ("bitstate.spin", "a bitstate search with a small bit array",
     {"CFLAGS": "-DBITSTATE", "RUNFLAGS": "-w18"}, ("", "-DSAFETY -DBITSTATE", "-w18"),
     "approximate"),
    ("elided-break.spin", "an assertion violated after a loop left by break",
     {}, ("", "-DSAFETY", ""), "error"),
    ("many-errors.spin", "many errors, pan -e: a trail for each",
     {"RUNFLAGS": "-e -c0"}, ("", "-DSAFETY", "-e -c0"), "error"),
    # A claim from a formula typed on the command line: plain Spin is
    # given its negation by hand (spin -a -f '!(...)'), and -N picks it
    # among the model's own claims.
    ("embedded-c-fails.spin", "embedded C whose assertion fails: its trail replayed by pan -r",
     {}, ("", "-DSAFETY", ""), "error"),
    ("ltl-blocks.spin", "a formula on the command line (spin -a -f), among ltl blocks",
     {"FORMULA": "[] <> (at == 0)"}, ("", "", "-a -N never_0"), "pass"),
    ("never-named.spin", "a formula on the command line that fails, beside two named claims",
     {"FORMULA": "<> (count == 3)"}, ("", "", "-a -N never_2"), "error"),
]

problems = []


def say(ok, line):
    print(("ok: " if ok else "PROBLEM: ") + line)
    if not ok:
        problems.append(line)


def sh(cmd, cwd=None, env=None, stdin=""):
    p = subprocess.run(cmd, cwd=cwd, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, env=env, timeout=600)
    return p.returncode, p.stdout


def in_order(want, got):
    """The first line of WANT missing from GOT in order (spacing
    collapsed, pan's times left out), or None."""
    g = panreport.report_lines(got)
    j = 0
    for line in panreport.report_lines(want):
        while j < len(g) and g[j] != line:
            j += 1
        if j == len(g):
            return line
        j += 1
    return None


def tool(goal, variables, out, stdin=""):
    """A workbench goal as make runs it: its tool with WB_ variables."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("WB_")}
    env.update({"WB_" + k: v for k, v in variables.items()}, OUT=out)
    cmd = {"verify": ["build/workbench/verify.py", "--env"],
           "simulate": ["build/workbench/simulate.py", "random", "--env"],
           "replay": ["build/workbench/simulate.py", "replay", "--env"],
           "interactive": ["build/workbench/simulate.py", "interactive", "--env"],
           "automaton": ["build/workbench/automaton.py", "--env"]}[goal]
    return sh(cmd, cwd=ROOT, env=env, stdin=stdin)


def claim(variables):
    """Plain Spin's flags for the claim of a FORMULA: its negation, by hand."""
    return ["-f", "!(" + variables["FORMULA"] + ")"] if variables.get("FORMULA") else []


def plain(model, tmp, spin_flags, cflags, runflags, claim_flags=()):
    """Plain Spin in a copy of the model's directory: (spin -a's output,
    pan's report, the readable trail or None, the directory, the name).
    CLAIM_FLAGS: spin -f and a formula, given to spin -a and -t."""
    src = os.path.dirname(os.path.join(CORPUS, model))
    top = os.path.join(tmp, "plain")
    shutil.rmtree(top, ignore_errors=True)
    shutil.copytree(CORPUS, top)
    d = os.path.join(top, os.path.relpath(src, CORPUS))
    name = os.path.basename(model)
    _, spin_out = sh(["spin"] + shlex.split(spin_flags) + ["-a"] + list(claim_flags) + [name],
                     cwd=d)
    sh(["cc"] + shlex.split(cflags) + ["-o", "pan", "pan.c"], cwd=d)
    _, report = sh(["./pan"] + shlex.split(runflags), cwd=d)
    trails = re.findall(r"^pan: wrote (\S+)$", report, re.M)
    trail = None
    if trails:
        n = trails[0][len(name):-len(".trail")]
        _, trail = sh(["spin", f"-t{n}", "-p"] + shlex.split(spin_flags) + list(claim_flags)
                      + [name], cwd=d)
        # (the copy of the model made here may fall in the trail's second)
        trail = modelfiles.without_copy_warning(trail)
    return spin_out, report, trail, d, name, trails


def check(index, tmp):
    model, shape, variables, (spin_flags, cflags, runflags), want = RUNS[index]
    label = f"{model}" + (f" ({' '.join(f'{k}={v}' for k, v in variables.items())})"
                          if variables else "")
    out = os.path.join(tmp, "out")
    path = os.path.join(CORPUS, model)
    rel = os.path.relpath(path, ROOT)
    spin_out, report, trail, d, name, trails = plain(model, tmp, spin_flags, cflags, runflags,
                                                     claim(variables))
    fields = panreport.parse(report)
    code, got = tool("verify", dict(variables, MODEL=rel), out)
    if want.startswith("refuse "):
        reason = want[len("refuse "):]
        say(code != 0 and reason in got and "State-vector" not in got,
            f"{label}: plain Spin runs it ({panreport.verdict(fields)}, with {spin_out.strip()!r}), "
            f"the workbench refuses it before the search: {reason}")
        return
    # spin -a's lines, whatever the verdict (a run refused above never
    # reaches spin -a).
    missing = in_order(spin_out, got)
    say(missing is None, f"{label}: verify shows every line plain spin -a printed"
        + (f"; missing {missing!r}" if missing else f" ({len(spin_out.splitlines())})"))
    mine = panreport.parse(got)
    same = [k for k in ("errors", "stored", "matched", "transitions", "depth", "state_vector")
            if fields.get(k) != mine.get(k)]
    say(not same and "errors" in fields, f"{label}: verify: {panreport.verdict(fields)}, "
        f"{fields.get('stored')} stored, {fields.get('matched')} matched, "
        f"{fields.get('transitions')} transitions, as plain Spin"
        + (f"; differs in {same}" if same else ""))
    missing = in_order(report, got)
    say(missing is None, f"{label}: verify shows every line of plain pan's report"
        + (f"; missing {missing!r}" if missing else ""))
    verdict_line = got.strip().splitlines()[-1] if got.strip() else ""
    plain_verdict = "pass" if fields.get("errors") == "0" else "error"
    ok = {"pass": code == 0 and "no " in verdict_line and "approximate" not in verdict_line,
          "approximate": code == 0 and "an approximate search" in verdict_line,
          "error": code == 1 and f"pan found {fields.get('errors')} error(s)" in verdict_line}[want]
    formula = variables.get("FORMULA")
    if formula:  # the formula named, with the claim plain pan searched
        named = f"the formula {formula} holds" if want == "pass" else f"against the formula {formula}"
        ok = ok and named in verdict_line and \
            re.search(rf"\b{fields.get('claim')}\b", verdict_line) is not None
    say(ok and (plain_verdict == "pass") == (want in ("pass", "approximate")),
        f"{label}: plain Spin says {plain_verdict}, the workbench {want}: {verdict_line!r}")
    if trail is not None:
        missing = in_order(trail.replace(d + "/", ""), got)
        say(missing is None, f"{label}: verify shows plain spin -t -p's trail"
            + (f"; missing {missing!r}" if missing else f" ({len(trail.splitlines())} lines)"))
    # make replay: the trail with values, as plain Spin replays it.
    if trails:
        n = trails[0][len(name):-len(".trail")]
        how = ["spin", f"-t{n}", "-p", "-g", "-l", "-s", "-r"] + shlex.split(spin_flags) \
            + claim(variables) + [name]
        if re.search(r"\bc_(code|expr|state|track|decl)\b", open(path).read()):
            # spin -t only prints embedded C; Spin says to replay with pan -r.
            how = ["./pan", f"-r{n}"]
        _, want_replay = sh(how, cwd=d)
        want_replay = modelfiles.without_copy_warning(want_replay)
        rcode, rgot = tool("replay", {"MODEL": rel}, out)
        missing = in_order(want_replay, rgot)
        how = " ".join(how[:-1] if how[0] == "spin" else how)
        say(rcode == 0 and missing is None, f"{label}: replay shows every line of plain "
            f"{how} ({len(want_replay.splitlines())})"
            + (f"; missing {missing!r}" if missing else ""))
    # make interactive TRAIL=1, Enter at each choice; a model that reads
    # STDIN is refused it, since the choices are its input too.
    if trails and "STDIN" in open(path).read():
        icode, igot = tool("interactive", {"MODEL": rel, "TRAIL": "1"}, out, stdin="\n")
        say(icode != 0 and "reads standard input (STDIN)" in igot and "make replay" in igot,
            f"{label}: interactive TRAIL=1 is refused in one line, the replay named")
    elif trails:
        steps = len(re.findall(r"^\s*\d+:\s+proc\s+\d+ .*\[.*\]$|^\s*\d+: proc \d+ terminates",
                               trail, re.M))
        icode, igot = tool("interactive", {"MODEL": rel, "TRAIL": "1"}, out, stdin="\n" * (3 * steps + 10))
        m = re.search(r"--- (\d+) of the trail's (\d+) steps taken", igot)
        followed = m is not None and m.group(1) == m.group(2) == str(steps)
        say(followed,
            f"{label}: interactive TRAIL=1 takes the trail's {steps} steps of spin -t -p"
            + (f"; it says {m.group(0)!r}" if m else "; no count of the steps taken")
            # Where it stopped following, to tell a rare miss apart: its last lines.
            + ("" if followed else "; its last lines: " + " | ".join(l.strip() for l in igot.splitlines()[-8:])))
    else:
        icode, igot = tool("interactive", {"MODEL": rel, "TRAIL": "1"}, out, stdin="\n")
        say(icode != 0 and "no trail to start from" in igot,
            f"{label}: interactive TRAIL=1 says there is no trail, as pan wrote none")
    # make simulate SEED=5 STEPS=200 and plain spin -p -u200 -n5.
    stdin = "hi\n" if "STDIN" in open(path).read() else ""
    _, want_sim = sh(["spin", "-p", "-u200", "-n5"] + shlex.split(spin_flags) + [name], cwd=d,
                     stdin=stdin)
    _, sgot = tool("simulate", {"MODEL": rel, "SEED": "5", "STEPS": "200",
                                "DEFS": variables.get("DEFS", "")}, out, stdin=stdin)
    missing = in_order(want_sim, sgot)
    say(missing is None and "--- a random run with seed 5" in sgot,
        f"{label}: simulate shows every line of plain spin -p -u200 -n5 "
        f"({len(want_sim.splitlines())})" + (f"; missing {missing!r}" if missing else ""))
    # make automaton: the transitions pan -d lists, per process.
    sh(["spin", "-o3", "-a"] + shlex.split(spin_flags) + [name], cwd=d)
    sh(["cc", "-w", "-o", "pan", "pan.c"], cwd=d)
    _, tables = sh(["./pan", "-d"], cwd=d)
    counts, cur = {}, None
    for line in tables.splitlines():
        h = re.match(r"^(?:proctype|claim|trace|notrace) (\S+)$|^(init)$", line)
        if h:
            cur = h.group(1) or h.group(2)
            counts[cur] = 0
        elif cur and re.match(r"^\s+state\s+\d+ -\(tr", line):
            counts[cur] += 1
    acode, agot = tool("automaton", {"MODEL": rel, "DEFS": variables.get("DEFS", "")}, out)
    page = re.search(r"--- the state machines of .*: (\S+)$", agot, re.M)
    shown = re.findall(r'<h2 id="[^"]*">([^<]*)</h2>\n<p class="note">(\d+) transitions',
                       open(page.group(1)).read()) if page else []
    shown = {p.split()[-1]: int(n) for p, n in shown}
    say(acode == 0 and shown == counts, f"{label}: automaton draws the transitions of "
        f"pan -d per process {counts}" + ("" if shown == counts else f"; it drew {shown}"))


def table():
    """The corpus as a Markdown table: plain Spin's verdict and the
    workbench's, from fresh runs."""
    print("| model | shape | plain Spin 6.5.2 | the workbench |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for model, shape, variables, flags, want in RUNS:
            spin_out, report, _, _, _, _ = plain(model, tmp, *flags, claim(variables))
            f = panreport.parse(report)
            warn = "; spin -a warns: " + spin_out.strip().splitlines()[0] \
                if "warning" in spin_out else ""
            code, got = tool("verify", dict(variables, MODEL=os.path.relpath(
                os.path.join(CORPUS, model), ROOT)), os.path.join(tmp, "out"))
            last = got.strip().splitlines()[-1].split(": ", 1)[-1] if got.strip() else ""
            args = " ".join(f"{k}={v}" for k, v in variables.items())
            print(f"| {model} {args} | {shape} | {panreport.verdict(f)}, {f.get('stored')} "
                  f"stored{warn} | {last} |")


def main():
    args = sys.argv[1:]
    names = [f"{i}" for i in range(len(RUNS))]
    if args == ["--list"]:
        print(" ".join(names))
        return
    if args == ["--table"]:
        return table()
    if not args or any(a not in names for a in args):
        sys.exit("usage: build/tests/corpus-check.py N... (--list: the run numbers) | --table")
    with tempfile.TemporaryDirectory() as tmp:
        for a in args:
            check(int(a), tmp)
    sys.exit(1 if problems else 0)


main()
