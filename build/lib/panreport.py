"""panreport: read what pan prints: the stable fields of its report,
which make check compares, and when a report must not be read as a
pass (cut short, approximate, the wrong claim, a claim never checked)."""

import difflib
import re

from build.lib.searchflags import depth_flag, is_liveness


# Reading pan's report.

# What differs between two runs of one model with the same Spin and the
# same flags, named here once: make check compares every other line of a
# report with the one its chapter shows (check-run.py), and the book
# refuses to quote these from a report make check makes afresh
# (run-figures.py).  Each: (field of parse() or None, the line or the
# part of a line that varies, what it is).
VARYING = [
    ("time", r"^pan: elapsed time .*$", "the seconds the search took"),
    (None, r"^pan: rate .*$", "states searched per second"),
    (None, r"(?<=Memory=)(\s*[\d.]+)\s+t=.*$", "the seconds and rate of pan's progress lines"),
]
VARYING_FIELDS = {key for key, _, _ in VARYING if key}


def report_lines(text):
    """The lines of a report that a run with the same model, Spin and flags
    prints alike: blank lines and what VARYING names left out, spacing
    collapsed."""
    kept = []
    for line in text.splitlines():
        for _, pattern, _ in VARYING:
            line = re.sub(pattern, lambda m: m.group(1) if m.groups() else "", line)
        line = " ".join(line.split())
        if line:
            kept.append(line)
    return kept


def first_change(a, b):
    """Where the list of lines B first departs from A: (i, j), the index
    of that line in A and in B, either one None when that side has no
    line there (a line of A that B lacks, or a line B adds); None when
    the two are the same."""
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag != "equal":
            return (i1 if i1 < i2 else None, j1 if j1 < j2 else None)
    return None


def first_difference(want, got):
    """Where the report lines GOT first differ from WANT, in words, or None."""
    change = first_change(want, got)
    if change is None:
        return None
    i, j = change
    if i is not None and j is not None:
        return f"report line {want[i]!r} is {got[j]!r} in the run"
    if i is not None:
        return f"report line {want[i]!r} is missing from the run"
    return f"the run prints {got[j]!r}, which the chapter's report does not show"

FIELDS = [
    ("errors", "errors"),
    ("violation", "error found"),
    ("claim", "never claim"),
    ("cycles", "cycle search"),
    ("state_vector", "state-vector bytes"),
    ("depth", "depth reached"),
    ("stored", "states, stored"),
    ("matched", "states, matched"),
    ("transitions", "transitions"),
    ("unreached", "unreached in proctype"),
]


def parse(text):
    """The stable fields of a pan report, plus the unstable ones that the
    tables show (memory, time), which are never compared."""
    f = {}
    m = re.search(r"State-vector (\d+) byte, depth reached (\d+), errors: (\d+)",
                  text)
    if m:
        f["state_vector"], f["depth"], f["errors"] = m.groups()
    for key, pat in [("stored", r"^\s*([\d.e+]+) states, stored"),
                     ("matched", r"^\s*([\d.e+]+) states, matched"),
                     ("transitions", r"^\s*([\d.e+]+) transitions"),
                     ("memory", r"^\s*([\d.]+)\s+total actual memory usage"),
                     ("time", r"^pan: elapsed time ([\d.e+]+) seconds")]:
        m = re.search(pat, text, re.M)
        if m:
            f[key] = m.group(1)
    # What was searched for: the claim used (an ltl formula's name, :np_:
    # for non-progress cycles) and whether cycles were looked for, e.g.
    # "acceptance cycles + (fairness enabled)" or "cycle checks -
    # (disabled by -DSAFETY)".
    m = re.search(r"^\s*never claim\s+\+ \((.*)\)\s*$", text, re.M)
    if m:
        f["claim"] = m.group(1)
    m = re.search(r"^\s*((?:acceptance\s+|non-progress\s+)?cycles?(?: checks)?)\s+"
                  r"([+-]) \((.*)\)\s*$", text, re.M)
    if m:
        f["cycles"] = f"{' '.join(m.group(1).split())} {m.group(2)} ({m.group(3)})"
    m = re.search(r"^pan:\d*:?\s*(.*(?:violated|invalid end state|end state in claim|acceptance "
                  r"cycle|non-progress cycle).*?)(?: \(at depth -?\d+\))?$", text,
                  re.M)
    if m:
        f["violation"] = m.group(1).strip()
    unreached, cur = [], None
    for line in text.splitlines():
        if line.startswith("unreached in "):
            cur = line.strip()
            unreached.append(cur)
        elif cur and line.startswith(("\t", " ")) and line.strip():
            unreached.append("  " + " ".join(line.split()))
        else:
            cur = None
    if unreached:
        f["unreached"] = "\n".join(unreached)
    return f


def incomplete(text, fields, runflags="", suggest=None):
    """Why a report cannot be read as a verdict, or None.  SUGGEST, when
    given, is the -m value to propose for a search cut at its depth."""
    if "max search depth too small" in text:
        depth = suggest or depth_flag(runflags) * 10
        return ("pan hit its depth limit (error: max search depth too small, "
                f"-m{depth_flag(runflags)}); raise it, e.g. RUNFLAGS=-m{depth}")
    if "Search not completed" in text and fields.get("errors") == "0":
        return ("pan says 'Search not completed' yet reports no error: "
                "the state space was not covered; raise -m or the budgets")
    if "State-vector" not in text:
        return "pan printed no report"
    return None


def coverage_warning(text):
    """A warning when a bitstate (or hash-compact) search may have missed
    much of the state space, or None: pan's hash factor below 100."""
    m = re.search(r"^hash factor: ([\d.e+]+)", text, re.M)
    if m and float(m.group(1)) < 100:
        return (f"warning: an approximate search with hash factor {m.group(1)}"
                " (pan wants > 100): many states may have been skipped, so 'no"
                " errors' proves nothing; raise -w (e.g. RUNFLAGS=-w28) or drop"
                " -DBITSTATE")
    return None


# How a search that gave a report ended, and the verdict line make verify
# prints: (key, what pan printed, what the line says).  search_end()
# picks the row; a search cut short (the depth limit, 'Search not
# completed', no report) is incomplete() above, a budget reached is
# panrun's, each with pan's own lines shown.
SEARCH_ENDS = [
    ("error", "errors: N (N > 0) and one line 'pan: wrote NAME.trail'",
     "pan found N error(s) (the first, as pan names it); the trail above shows how"),
    ("errors-trails", "errors: N and several 'pan: wrote' lines (pan -e: a trail per error)",
     "pan found N errors and wrote N trails; the first is above, make replay replays it"),
    ("errors-no-trail", "errors: N and no 'pan: wrote' line (pan -c0 counts errors "
     "without keeping a trail; -cK keeps only the Kth)",
     "pan found N error(s) but wrote no trail; run without -c0 for the trail of the first"),
    ("pass", "errors: 0 after a full search ('Full statespace search')",
     "no errors (or: no acceptance / non-progress cycles, with or without fairness) in S states"),
    ("pass-approximate", "errors: 0 after a bitstate or hash-compact search",
     "the same, said to be approximate: states may have been skipped, so it proves nothing"),
]


# How a simulation (spin -p, make simulate) ended, and what make
# simulate says of it: (key, what Spin printed, what the line says).
# sim_end() picks the row; errors in statements on the way (an index out
# of bounds: Spin prints the error and goes on) are added to any of them.
SIM_ENDS = [
    ("rejected", "a syntax error, or an error before any step (a missing include)",
     "spin rejects the model: its first error line"),
    ("assertion", "'assertion violated': Spin stops there",
     "it stopped at a violated assertion"),
    ("step-limit", "'depth-limit (-uN steps) reached'", "it stopped at the step limit"),
    ("deadlock", "'timeout' with a process not at a valid end state",
     "it stopped in a deadlock: no process can move"),
    ("blocked-valid", "'timeout' with every process left at a valid end state",
     "no process can move, each at a valid end state (not a deadlock)"),
    ("end", "none of these: every process terminated", "it ran to its end"),
]
SIM_STEP = re.compile(r"^\s*\d+:\s+proc\s+\d+ \(.*\[.*\]\s*$")
SIM_FINAL = re.compile(r"^\s*\d+:\s+proc\s+\d+ \(\S+\) \S+:\d+ \(state \d+\)(.*)$")


def sim_end(out, returncode):
    """(key of SIM_ENDS, exit status, the words that end make simulate's
    line) for a simulation that printed OUT and exited RETURNCODE."""
    lines = out.splitlines()
    errors = [l.strip() for l in lines if "Error:" in l and "assertion violated" not in l]
    stepped = any(SIM_STEP.match(l) for l in lines)
    if returncode != 0 and (not stepped or any("syntax error" in e for e in errors)):
        return "rejected", 2, "spin rejects the model: " + (errors[0] if errors else
                                                           "see its message above")
    after = ""
    if errors:
        after = (f"; on the way Spin reported {len(errors)} error(s) in statements (the "
                 f"first: {errors[0]}), which a search with make verify stops at")
    if any("assertion violated" in l for l in lines):
        return "assertion", 1, "it stopped at a violated assertion" + after
    if any(re.match(r"^depth-limit \(-u\d+ steps\) reached", l) for l in lines):
        return "step-limit", 1 if errors else 0, "it stopped at the step limit" + after
    if any(l.strip() == "timeout" for l in lines):
        tail = lines[max(i for i, l in enumerate(lines) if l.strip() == "timeout"):]
        final = [m.group(1) for m in map(SIM_FINAL.match, tail) if m]
        stuck = [f for f in final if "<valid end state>" not in f]
        if stuck:
            return "deadlock", 1, (f"it stopped in a deadlock: no process can move, and "
                                   f"{len(stuck)} of the {len(final)} left are not at a valid "
                                   "end state (Spin prints timeout)" + after)
        return "blocked-valid", 1 if errors else 0, (
            "no process can move, each left at a valid end state, which is no deadlock "
            "(Spin prints timeout)" + after)
    return "end", 1 if errors else 0, "it ran to its end" + after


def approximate(text):
    """'bitstate' or 'hash-compact' when pan's search may skip states, else None."""
    if re.search(r"^Bit statespace search", text, re.M):
        return "bitstate"
    if re.search(r"^Hash-Compact \d+ search", text, re.M):
        return "hash-compact"
    return None


def search_end(text, fields, trails, runflags="", ltl="", fair="", np="", formula=""):
    """(exit status, the verdict line) of a complete report, by the row of
    SEARCH_ENDS it matches.  '{replay}' in the line stands for the make
    replay command of the model.  FORMULA (make verify FORMULA=) is named
    in the line."""
    errors = fields.get("errors")
    first = fields.get("violation") or next(iter(re.findall(
        r"^pan:\d+:\s*(.*?)(?: \(at depth -?\d+\))?$", text, re.M)), "")
    kind = f" ({first})" if first else ""
    if formula:
        kind += f" against the formula {formula} (the claim {fields.get('claim')}, of !({formula}))"
    if errors not in (None, "0"):
        if len(trails) > 1:
            names = ", ".join(trails) if len(trails) <= 3 else f"{trails[0]} to {trails[-1]}"
            return 1, (f"pan found {errors} error(s){kind} and wrote {len(trails)} trails "
                       f"({names}); the first is above, {{replay}} replays it")
        if not trails:
            return 1, (f"pan found {errors} error(s){kind} but wrote no trail (./pan "
                       f"{runflags}: -c0 counts errors without keeping a trail, -cK keeps "
                       "only the Kth); run without -c0 for the trail of the first")
        return 1, f"pan found {errors} error(s){kind}; the trail above shows how"
    what = "no errors"
    if is_liveness(runflags, ltl, fair, np):
        words = runflags.split()
        kind = "non-progress cycles" if "-l" in words else \
            f"acceptance cycles of {fields.get('claim')}"
        if formula:
            kind += f" (the claim of !({formula}))"
        what = f"no {kind} ({'under weak fairness' if '-f' in words else 'without fairness'})"
    approx = approximate(text)
    if approx:
        return 0, (f"{what} among the {fields.get('stored')} states a {approx} search stored: "
                   "an approximate search, which may have skipped states, so this proves "
                   "nothing; a full search (without -DBITSTATE or -DHC) does")
    return 0, f"{what} in {fields.get('stored')} states" + (
        f": the formula {formula} holds" if formula else "")


def liveness_problem(fields, runflags="", ltl="", fair="", np=""):
    """Why the report of a liveness search is no verdict on what it was
    asked to check, or None: pan searched another claim (or none: a
    model without that formula), or did not look for cycles at all."""
    if not is_liveness(runflags, ltl, fair, np):
        return None
    claim, cycles = fields.get("claim"), fields.get("cycles", "")
    if ltl and claim != ltl:
        return (f"pan searched {'the claim ' + claim if claim else 'no claim'}, not "
                f"ltl {ltl}: the model has no formula of that name")
    if not re.search(r"cycles \+ \(", cycles):
        return f"pan did not look for cycles ({cycles or 'no search line'})"
    return None


def claim_unchecked(fields):
    """When a report shows a claim (an ltl formula or never claim) that the
    search did not check for cycles (a safety search), what to say, else
    None.  Such a run is never a pass of the claim."""
    claim = fields.get("claim")
    cycles = fields.get("cycles", "")
    if not claim or claim == ":np_:" or re.search(r"\+ \(", cycles):
        return None
    return (f"a safety search: the claim {claim} was not checked for "
            "acceptance cycles")


def verdict(fields):
    """'errors: N' and, when pan said which, the kind of the first error."""
    v = f"errors: {fields.get('errors')}"
    if fields.get("errors") not in (None, "0") and fields.get("violation"):
        v += f" ({fields['violation']})"
    return v


def judge(fields, want):
    """Why a report does not bear out the verdict WANT the chapter gives,
    or None.  WANT is 'pass' (no error) or 'violated TEXT' (the search
    stopped on an assertion whose text holds TEXT, spaces ignored);
    a verdict is the chapter's, never refreshed from a run."""
    want = " ".join(want.split())
    got = verdict(fields)
    if want == "pass":
        return None if fields.get("errors") == "0" else f"it must pass, but reports {got}"
    if not want.startswith("violated "):
        return (f"verdict {want!r} is neither 'pass' nor 'violated TEXT' (TEXT: "
                "what the violated assertion says)")
    text = want[len("violated "):].replace(" ", "")
    if fields.get("errors") == "0":
        return f"it must stop on the assertion {text}, but passes ({got})"
    if text not in fields.get("violation", "").replace(" ", ""):
        return f"it must stop on the assertion {text}, but reports {got}"
    return None


def probe_judge(fields, want, transition=None):
    """judge() of a probe sweep's row, whose TRANSITION column names the
    transition its probe marks: a probe row must stop on its probe, so a
    row that passes instead says that transition is dead."""
    why = judge(fields, want)
    if why and transition and fields.get("errors") == "0":
        why = (f"the transition it probes is dead ({transition}): "
               "no run of the model takes it")
    return why


# A probe placed in a model: reached(NAME) or reached_if(NAME, ...).
PROBE_MARK = re.compile(r"\breached(?:_if)?\((\w+)\s*[,)]")


def unplaced(probe, model):
    """What a check says of a probe row whose probe MODEL no longer places."""
    return (f"probe {probe}: {model} places no reached({probe}); the transition "
            "it marked is gone, or the probe's edit no longer finds it")


CYCLE_MARK = "<<<<<START OF CYCLE>>>>>"
# A step and a process's end in a replay of a trail (spin -t -p): the
# step's number, the process's pid and name, the source line and the
# statement; the end's step number and pid.
TRAIL_STEP = re.compile(r"^\s*(\d+):\s+proc\s+(\d+) \(([^)]*)\) \S+:(\d+) \(state \d+\)\s+\[(.*)\]$")
TRAIL_END = re.compile(r"^\s*(\d+): proc (\d+) terminates")


def cycle_summary(trail):
    """'prefix: steps A to B, once; cycle: ...' of a readable trail (spin -t
    -p) of a liveness error, or None when the trail holds no cycle."""
    steps, start = [], None
    for line in trail.splitlines():
        if line.strip() == CYCLE_MARK and start is None:
            start = len(steps)
        m = re.match(r"^\s*(\d+):\s+proc\s", line)
        if m and "[" in line:
            steps.append(int(m.group(1)))
    if start is None or start >= len(steps):
        return None

    def span(a, b):
        return f"step {a}" if a == b else f"steps {a} to {b}"
    prefix = f"prefix: {span(steps[0], steps[start - 1])}, once" if start else "no prefix"
    return (f"{prefix}; cycle: from {CYCLE_MARK}, "
            f"{span(steps[start], steps[-1])}, repeated forever")


def number(s):
    """pan prints large counts as 1.0711811e+06; read either form."""
    return int(round(float(s)))
