"""searchflags: the flags of one Spin search.  Safety or liveness,
the C compiler's and pan's flags a block's attributes (or make verify's
LTL= FAIR= NP=) imply, the commands a reader would type, and the time
and memory budgets under the user's ceilings."""

import os
import re
import shlex
import sys

from build.lib import runstore
from build.lib.runstore import RunError


def _budget(name, default):
    """A budget from the environment (a make variable): a whole number."""
    v = os.environ.get(name, "") or default
    if not re.fullmatch(r"[1-9]\d*", v.strip()):
        sys.exit(f"{name}={v!r}: not a whole number; give it as digits, e.g. "
                 f"make check {name}={default}")
    return int(v)


# The user's budgets, a ceiling over every search (see the Makefile):
# memory in MB and seconds.  A block's memlim= and timeout= are kept under
# them.
MEMLIM_MB = _budget("MEMLIM", runstore.DEFAULTS["MEMLIM"])


TIME_S = _budget("TIME", runstore.DEFAULTS["TIME"])


# Safety and liveness searches.  A safety search (the default) compiles pan
# with -DSAFETY and looks for assertion violations and invalid end states.
# A liveness search looks for cycles: acceptance cycles of a claim (an ltl
# formula or a never claim; pan -a, -N NAME picks the formula) or
# non-progress cycles (pan compiled with -DNP, run with -l), optionally
# under weak fairness (-f).  It must not be compiled with -DSAFETY, which
# makes pan skip the cycles.  The chapters' blocks (ltl= fair= np=) and
# make verify (LTL= FAIR= NP=) both get their flags from search_flags.

LIVENESS_KEYS = ("ltl", "fair", "np")

# The C compiler's flags every safety search has, defined here alone.  A
# block's cflags= and make verify's CFLAGS= mean one thing: flags added to
# these (pan_cflags), never put in their place; a liveness search has none.
SAFETY_CFLAGS = "-DSAFETY"


def _words(flags):
    return shlex.split(flags or "")


def is_liveness(runflags="", ltl="", fair="", np=""):
    """Whether a search looks for cycles (asked by ltl/fair/np or by pan's
    own -a or -l)."""
    words = _words(runflags)
    return bool(ltl or fair or np or "-a" in words or "-l" in words)


# One random simulation: make simulate's run and an exercise's seed= demand.
SIMULATION_STEPS = "1000"


# A claim from a formula typed on the command line (make verify
# FORMULA='[] <> p'): the formula is the property that must hold, and
# Spin is given its negation (spin -a -f '!(F)'), whose acceptance
# cycles pan looks for (-a), as for an ltl block.

def formula_flags(formula):
    """Spin's flags that add the claim of FORMULA, a property that must
    hold: -f and its negation; none without FORMULA."""
    return ["-f", negation(formula)] if formula else []


def negation(formula):
    """The formula Spin turns into the claim: FORMULA negated."""
    return f"!({formula})"


def shell_word(word):
    """WORD as a shell reads it back: quoted only when it needs to be."""
    return word if re.fullmatch(r"[\w./+=,:@%-]+", word) else shlex.quote(word)


def simulation_command(seed, model, steps=SIMULATION_STEPS, extra=()):
    """Spin's command line for one random run of MODEL with SEED, at most
    STEPS steps, EXTRA words (-D flags, spin's own flags) before the model.
    Without SEED, Spin chooses the seed and prints it (-h)."""
    return (["spin", "-p", f"-u{steps}", f"-n{seed}" if seed else "-h"]
            + list(extra) + [model])


def pan_cflags(given="", live=False):
    """The C compiler's words for pan.c: GIVEN (a block's cflags=, make
    verify's CFLAGS=) added to the search's own flags (SAFETY_CFLAGS for a
    safety search, none for a liveness one).  The own flags GIVEN lacks
    come first, then GIVEN's words as given, so that flags which already
    name them (cflags="-O2 -DSAFETY -DCOLLAPSE") compile as written.
    Every user of cflags (runs, sweeps, grades, make verify, the book's
    command lines, provenance) gets its flags from here."""
    words = _words(given)
    own = [] if live else _words(SAFETY_CFLAGS)
    return [w for w in own if w not in words] + words


def search_flags(cflags, runflags="", ltl="", fair="", np="", where="run"):
    """(cflags, runflags) of a search.  CFLAGS (None or '' for none) is
    added to the search's own flags (pan_cflags).  LTL names the formula
    (or never claim) whose acceptance cycles are looked for; NP asks for
    non-progress cycles; FAIR for weak fairness.  The flags these imply
    are added to what CFLAGS and RUNFLAGS hold (never twice).  Raises
    RunError, naming WHERE, when the flags contradict each other."""
    live = is_liveness(runflags, ltl, fair, np)
    cw = pan_cflags(cflags, live)
    rw = _words(runflags)
    if ltl and not re.fullmatch(r"[A-Za-z_]\w*", ltl):
        raise RunError(f"{where}: ltl={ltl!r} is not the name of a formula; give "
                       "the name that follows ltl in the model, e.g. ltl q { []<> x }"
                       " is LTL=q")
    for name, value in (("fair", fair), ("np", np)):
        if value not in ("", "1"):
            raise RunError(f"{where}: {name}={value!r}: give {name}=1 or leave it out")
    if live and any(w in cw for w in _words(SAFETY_CFLAGS)):
        raise RunError(f"{where}: a search for cycles cannot use a pan compiled with "
                       f"{SAFETY_CFLAGS} (pan skips cycles then); drop {SAFETY_CFLAGS} from the C flags")
    if np and ltl:
        raise RunError(f"{where}: ltl={ltl} and np=1 ask for two searches; pan looks "
                       "for acceptance cycles (ltl) or non-progress cycles (np) in one"
                       " run: give one of them")
    if np or "-l" in rw:
        if "-DNP" not in cw:
            cw.append("-DNP")
        add = ["-l"]
    elif live:
        add = ["-a"]
    else:
        add = []
    if fair:
        add.append("-f")
    if ltl and "-N" not in rw:
        add += ["-N", ltl]
    rw = [w for w in add if w not in rw] + rw
    return " ".join(cw), " ".join(rw)


def spec_flags(spec, where=None):
    """(cflags, runflags) of the run a block defines (a read_spec dict)."""
    return search_flags(spec.get("cflags", ""), spec.get("runflags", ""),
                        spec.get("ltl", ""), spec.get("fair", ""), spec.get("np", ""),
                        where or f"run {spec.get('id', '?')}")


def describe(model, defs, cflags, runflags, budget=None, formula=""):
    """The three commands of a run, as a reader would type them; with
    BUDGET (seconds, MB), as panrun runs them: the memory ceiling
    compiled in, pan under timeout.  FORMULA: the claim of spin -f.
    CFLAGS and RUNFLAGS are the search's (search_flags); CFLAGS None: a
    safety search's own."""
    cflags = " ".join(pan_cflags()) if cflags is None else cflags
    name = os.path.basename(model)
    spin = " ".join(["spin"] + shlex.split(defs) + ["-a"]
                    + [shell_word(w) for w in formula_flags(formula)] + [name])
    memlim = [f"-DMEMLIM={budget[1]}"] if budget else []
    cc = " ".join(["cc"] + shlex.split(cflags) + memlim + ["-o", "pan", "pan.c"])
    pan = " ".join((["timeout", str(budget[0])] if budget else []) + ["./pan"] + shlex.split(runflags))
    return f"{spin}; {cc}; {pan}"


def make_command(target, *pairs):
    """The make command a reader types to repeat a run: make TARGET
    NAME=VALUE ..., each pair (NAME, VALUE) with a value, quoted for the
    shell when it needs to be, so that the line can be pasted."""
    words = ["make", target] + [f"{k}={v}" for k, v in pairs if v]
    return " ".join(shell_word(w) for w in words)


def budgets(timeout=None, memlim=None):
    """(seconds, MB, which) of one search: the block's own budgets, kept
    under the user's ceilings TIME and MEMLIM.  WHICH maps "time" and
    "memory" to what set each: "block" or "ceiling"."""
    which = {}
    t = int(timeout) if timeout else None
    m = int(memlim) if memlim else None
    which["time"] = "block" if t and t <= TIME_S else "ceiling"
    which["memory"] = "block" if m and m <= MEMLIM_MB else "ceiling"
    return min(t or TIME_S, TIME_S), min(m or MEMLIM_MB, MEMLIM_MB), which


def defs_problem(defs):
    """Why spin's preprocessor flags cannot be right, or None: each word
    must be an option (-DNAME=VALUE, -UNAME, -INCLUDE...)."""
    for word in shlex.split(defs):
        if not word.startswith("-"):
            return (f"DEFS word {word!r} is not a flag: give -D{word} "
                    f"(e.g. DEFS=\"-D{word}\")")
    return None


def depth_flag(runflags):
    """The search depth limit pan used (its -m flag, default 10000)."""
    m = re.search(r"(?:^|\s)-m(\d+)", runflags or "")
    return int(m.group(1)) if m else 10000
