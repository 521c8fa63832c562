#!/usr/bin/python3
"""interactive-trail WORK NAME [DEFS] [SOURCE] [TRAIL]: an interactive simulation
(spin -i) that starts along the trail WORK/NAME.trail (or WORK/TRAIL, the
first of pan -e's NAME1.trail, NAME2.trail, ...) and lets you leave
it at any branch point.

Spin itself cannot do this: a guided simulation (spin -t) ignores -i,
and an interactive one cannot start from a trail's state.  So this runs
spin -i -p -g on the copy of the model that made the trail, from its
initial state, and at each choice Spin offers, finds the choice the
trail took (the same process, source line and statement) and offers it
as the default:

  Enter   take the trail's step          a number   take that choice instead
  t       follow the trail to its end    q          stop

Once you take another choice, or the trail ends, every later choice is
yours, as in make interactive.  Exits 2 with one line when there is no
trail."""

import os
import re
import select
import shutil
import subprocess
import sys

from build.lib import panrun
from build.lib import searchflags

STEP = re.compile(r"^\s*\d+:\s+proc\s+(\d+) \([^)]*\) (\S+):(\d+) \(state \d+\)\s+\[(.*)\]\s*$")
END = re.compile(r"^\s*\d+:\s+proc\s+(\d+) (?:\([^)]*\)\s+)?terminates")
CHOICE = re.compile(r"^\s*choice (\d+): (?:proc\s+(\d+) \([^)]*\) (\S+):(\d+) \(state \d+\)"
                    r"(?: <valid end state>)? \[(.*)\]|(.*))$")
HEADER = re.compile(r"^Select stmnt \(proc\s+(\d+) ")
PROMPT = re.compile(r"Select \[(\d+)-(\d+)\]: $")


def fail(msg):
    print(msg, file=sys.stderr)
    sys.exit(2)


def trail_steps(work, name, defs, trail, formula=""):
    """The trail's steps as (pid, statement), from Spin's own replay
    (with FORMULA's claim, spin -f, when the trail was made with it)."""
    p = subprocess.run(["spin", panrun.trail_flag(name, trail), "-p"] + defs.split()
                       + searchflags.formula_flags(formula) + [name],
                       cwd=work,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    steps = []
    for line in p.stdout.splitlines():
        m = STEP.match(line)
        if m:
            steps.append((int(m.group(1)), m.group(4)))
        m = END.match(line)
        if m:
            steps.append((int(m.group(1)), "-end-"))
    if not steps:
        fail(f"{os.path.join(work, trail)}: spin could not replay it: "
             f"{(p.stdout.strip().splitlines() or ['no output'])[-1]}")
    # A trail that ends in its never claim's error (an ltl formula's
    # assertion): spin -i runs no claim, so it cannot show that step.
    claim = re.search(r"^spin: ((?:_spin_nvr\.tmp|\S+\.nvr):\d+), Error: (.*)$", p.stdout, re.M)
    return steps, (f"{claim.group(2)} in the claim ({claim.group(1)})" if claim else None)


class Session:
    def __init__(self, steps, ask):
        self.steps, self.ask = steps, ask
        self.at = 0            # the next step of the trail
        self.on = True         # still on the trail
        self.auto = False      # t: follow without asking
        self.choices, self.pid = [], None
        self.taken = None      # the trail's step just chosen, until Spin prints it

    def executed(self, line):
        """A step Spin printed: the trail's next one (or the one after: a
        step Spin's replay shows apart) advances it; any other (a jump,
        .(goto), that the replay does not show) leaves it where it is.
        Only a choice other than the trail's leaves the trail."""
        if self.on and "Error: " in line and self.at == len(self.steps) - 1:
            # The trail's last step fails, as in the trail: Spin stops there.
            self.at += 1
            self.on = False
            print(f"--- the run has reached the trail's error, its step {self.at}", flush=True)
            return
        m = STEP.match(line)
        end = END.match(line)
        if not (m or end) or not self.on:
            return
        step = (int(m.group(1)), m.group(4)) if m else (int(end.group(1)), "-end-")
        for ahead in (0, 1):
            if self.at + ahead < len(self.steps) and self.steps[self.at + ahead] == step:
                self.at += ahead + 1
                self.taken = None
                break
        else:
            # The trail's step just chosen, printed under another name
            # (an else that ends a loop prints as DO): it is that step.
            if self.taken and step[0] == self.taken[0] and m:
                self.at += 1
            self.taken = None
        if self.at == len(self.steps):
            self.on = False
            print(f"\n--- the end of the trail ({len(self.steps)} steps): from here "
                  "you choose every step", flush=True)

    def listed(self, line):
        m = HEADER.match(line)
        if m:
            self.pid = int(m.group(1))
            return
        m = CHOICE.match(line)
        if m:
            if m.group(2):
                self.choices.append((m.group(1), int(m.group(2)), m.group(5)))
            elif m.group(6) and m.group(6).strip() == "other process":
                self.choices.append((m.group(1), "other", ""))
            elif m.group(6):
                self.choices.append((m.group(1), self.pid, m.group(6).strip()))

    def answer(self, low, high):
        """What to type at Spin's prompt."""
        want = self.steps[self.at] if self.on and self.at < len(self.steps) else None
        pick = None
        if want:
            for num, pid, stmt in self.choices:
                if (pid, stmt) == want:
                    pick = num
            # Inside an atomic sequence Spin offers the process's own
            # statements and "other process": the trail moves another one.
            if pick is None and self.pid is not None and want[0] != self.pid:
                pick = next((num for num, pid, _ in self.choices if pid == "other"), None)
            if pick is not None:
                self.taken = want
            # A step the trail does not show (the break that leaves a
            # loop, a goto): the process's own such choice leads on to the
            # trail's next step.
            if pick is None:
                pick = next((num for num, pid, stmt in self.choices if pid == want[0]
                             and re.fullmatch(r"break|goto \S+|\.\(goto\)|DO|IF", stmt)), None)
        self.choices, self.pid = [], None
        if want and pick is None:
            print(f"\n(the trail's next step, process {want[0]}: {want[1]}, is not among these "
                  "choices; choose one)", flush=True)
        if pick is not None and self.auto:
            print(pick, flush=True)
            return pick
        while True:
            if pick is not None:
                prompt = (f"\n[trail: choice {pick}, process {want[0]}: {want[1]}] Enter "
                          f"follows it, {low}-{high} takes another, t follows to the end, q stops: ")
            else:
                prompt = f"\nchoose {low}-{high} (q stops): "
            reply = self.ask(prompt)
            if reply is None or reply == "q":
                return None
            if reply == "" and pick is not None:
                return pick
            if reply == "t" and pick is not None:
                self.auto = True
                return pick
            if reply.isdigit() and int(low) <= int(reply) <= int(high):
                if pick is not None and reply != pick:
                    self.on = False
                    print(f"--- you left the trail at its step {self.at + 1}: from here you "
                          "choose every step", flush=True)
                return reply
            print(f"type a number from {low} to {high}"
                  + (", Enter, t" if pick is not None else "") + " or q")


def ask(prompt):
    try:
        return input(prompt).strip()
    except EOFError:
        return None


def main():
    args = sys.argv[1:]
    if not 2 <= len(args) <= 6:
        fail("usage: build/workbench/interactive-trail.py WORK NAME [DEFS] [SOURCE] [TRAIL] [FORMULA]")
    src, name, defs, source, trail_name, formula = (args + ["", "", "", ""])[:6]
    trail = os.path.join(src, trail_name or name + ".trail")
    if not os.path.isfile(trail):
        fail(f"{trail}: no trail to start from (the last search found no error, or was "
             f"not run here); run make verify MODEL={source or name} first")
    work = src.rstrip("/") + "-interactive"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(src, work, ignore=shutil.ignore_patterns("pan", "pan.*", "*.html"))
    steps, claim_error = trail_steps(work, name, defs, os.path.basename(trail), formula)
    print(f"Along the trail of {source or name} ({len(steps)} steps): at each choice, "
          "Enter takes the trail's step, a number another (the run then leaves the trail), "
          "t follows the trail to its end, q stops.", flush=True)
    session = Session(steps, ask)
    cmd = ["spin", "-i", "-p", "-g"] + defs.split() + [name]
    print("$ " + " ".join(cmd), flush=True)
    # Spin's output unbuffered (stdbuf -o0), so that each prompt arrives
    # at once through the pipe.
    proc = subprocess.Popen(["stdbuf", "-o0"] + cmd, cwd=work, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    fd = proc.stdout.fileno()
    pending = ""
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], 30)
            if not ready:
                continue
            try:
                data = os.read(fd, 4096).decode(errors="replace")
            except OSError:
                break
            if not data:
                break
            pending += data
            # Whole lines: shown, and read for steps and choices.
            while "\n" in pending:
                line, pending = pending.split("\n", 1)
                print(line, flush=True)
                session.executed(line)
                session.listed(line)
                if claim_error and session.at == len(steps):
                    print(f"--- the trail's last step is the error of its never claim, "
                          f"{claim_error}, which spin -i does not run: stopped here", flush=True)
                    proc.terminate()
                    pending = ""
                    break
            if proc.poll() is not None and claim_error and session.at == len(steps):
                break
            m = PROMPT.search(pending)
            if m:
                print(pending.rstrip(), end="", flush=True)
                pending = ""
                reply = session.answer(m.group(1), m.group(2))
                try:
                    proc.stdin.write(((reply if reply is not None else "q") + "\n").encode())
                    proc.stdin.flush()
                except BrokenPipeError:
                    break
    except KeyboardInterrupt:
        pass
    if pending:
        print(pending, flush=True)
    proc.wait()
    print(f"--- {session.at} of the trail's {len(steps)} steps taken as the trail took them")


main()
