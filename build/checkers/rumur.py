"""rumur: the adapter of Murphi models (.m files), run by rumur, the
free Murphi (Debian's rumur).  rumur writes a C verifier; the C compiler
builds it; the verifier searches.

The verifier is generated with one thread (-t 1): with several, a
failing search stops at the first error any thread finds, and its
counts and trace change from run to run.  With one, everything but the
time is the same on every run.  --deadlock-detection stuck reports a
state in which no rule is enabled."""

import re
import subprocess

from build.lib import checkers
from build.lib.runstore import RunError

SUFFIX = ".m"
PACKAGE = "rumur"
ALWAYS = ["-t", "1", "--deadlock-detection", "stuck"]

# Compared by make check, in the order a difference is named.
FIELDS = [
    ("verdict", "verdict"),
    ("error", "first error"),
    ("trace_steps", "rules in the error trace"),
    ("states", "states explored"),
    ("rules_fired", "rules fired"),
    ("state_bits", "bits per state"),
]
# Read from the report (the book may quote them) but never compared.
VARYING = [("time", "seconds the search took")]


def version():
    checkers.need("rumur", PACKAGE)
    checkers.need("cc", "gcc")
    rumur = subprocess.run(["rumur", "--version"], capture_output=True, text=True)
    cc = subprocess.run(["cc", "--version"], capture_output=True, text=True)
    return f"{rumur.stdout.strip()}; {(cc.stdout.splitlines() or ['cc ?'])[0]}"


def prepare(text, settings, path):
    """The model with each NAME=VALUE of set= written into its one
    `NAME: N;` constant line (rumur has no -D)."""
    for name, value in settings:
        if not value.isdigit():
            raise RunError(f"set={name}={value}: a Murphi constant here is a whole number")
        text, n = re.subn(rf"^(\s*{re.escape(name)}\s*:\s*)\d+;", rf"\g<1>{value};",
                          text, flags=re.M)
        if n != 1:
            raise RunError(f"{path}: set={name}=... needs one line `{name}: N;`, "
                           f"and the model has {n}; write it once in the const section")
    return text


def commands(name, spec):
    stem = name[:-len(SUFFIX)]
    return [" ".join(["rumur"] + ALWAYS + spec.get("args", "").split()
                     + [name, "-o", stem + ".c"]),
            " ".join(["cc"] + spec.get("cflags", "").split()
                     + ["-w", stem + ".c", "-o", stem, "-lpthread"]),
            "./" + stem]


def run(text, name, work, spec, timeout, memlim, execute):
    with open(f"{work}/{name}", "w") as f:
        f.write(text)
    gen, cc, verify = commands(name, spec)
    p = execute(gen.split(), "rumur")
    if p.returncode != 0:
        first = (p.stderr.strip().splitlines() or ["(no message)"])[0]
        raise RunError(f"{spec['id']}: rumur rejects models/{spec['model']}: {first}")
    p = execute(cc.split(), "cc")
    if p.returncode != 0:
        first = (p.stderr.strip().splitlines() or ["(no message)"])[0]
        raise RunError(f"{spec['id']}: cc fails on rumur's verifier: {first}")
    return execute([verify], "the verifier").stdout


# A progress line: how far the search had got after so many seconds.
PROGRESS = re.compile(r"^\s*\d+ states explored in \d+s, with \d+ rules fired "
                      r"and \d+ states in the queue\.\n", re.M)


def steady(report):
    """The report without its progress lines, whose times (and so their
    number of seconds) vary from run to run: what a chapter and
    chapters/runs/ keep."""
    return PROGRESS.sub("", report)


def headline(report):
    """The report's own lines that say its verdict, first: the status
    ("No error found." or "N error(s) found."), the first error, and the
    size of the search."""
    lines = []
    for pat in (r"^Status:\s*\n\s*\n\s*(.+?)\s*$",
                r"^The following is the error trace for the error:\s*\n\s*\n\s*(.+?)\s*$",
                r"^\s*(\d+ states, \d+ rules fired in \d+s\.)"):
        m = re.search(pat, report, re.M)
        if m:
            lines.append(m.group(1))
    return lines


def parse(report):
    f = {}
    m = re.search(r"The size of each state is (\d+) bits", report)
    if m:
        f["state_bits"] = m.group(1)
    m = re.search(r"^Status:\s*\n\s*\n\s*(.+?)\s*$", report, re.M)
    if m:
        f["verdict"] = m.group(1)
        e = re.match(r"(\d+) error\(s\) found\.$", m.group(1))
        f["errors"] = e.group(1) if e else "0"
    m = re.search(r"^\s*(\d+) states, (\d+) rules fired in (\d+)s\.", report, re.M)
    if m:
        f["states"], f["rules_fired"], f["time"] = m.groups()
    m = re.search(r"^The following is the error trace for the error:\s*\n"
                  r"\s*\n\s*(.+?)\s*$", report, re.M)
    if m:
        # "Assertion failed: FILE:L.C-L.C: text": the place moves with any
        # edit above it; the rule's name and the message do not.
        f["error"] = re.sub(r"\S+:\d+\.\d+-(\d+\.)?\d+: ", "", m.group(1))
        end = report.find("End of the error trace", m.end())
        trace = report[m.end():end if end >= 0 else len(report)]
        f["trace_steps"] = str(len(re.findall(r"^Rule ", trace, re.M)))
    return f


def verdict(fields):
    v = fields.get("verdict", "")
    if v == "No error found.":
        return "pass"
    if re.fullmatch(r"\d+ error\(s\) found\.", v):
        return "fail"
    return None
