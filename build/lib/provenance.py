"""provenance: what produced a report (the model's content and what it
includes, the Spin version, the flags).  A report is read only against
the run that produced it: freshness by content, not by file times."""

import os
import subprocess

from build.lib import runstore

from build.lib.modelfiles import model_hash
from build.lib.runstore import RunError
from build.lib.searchflags import spec_flags


# What produced a report: the content of the model and what it includes,
# the Spin version and the flags.  A report is only read against the run
# that produced it (freshness by content, not by file times), and a
# recorded report in chapters/runs/ID.out carries it in ID.from.

# The Spin the book's reports come from (build/lib/defaults.mk): tables
# and notes name it; a report made by another Spin is stale by its
# provenance.
SPIN_PINNED = "Spin " + runstore.DEFAULTS["SPIN_PINNED"]


PROVENANCE_KEYS = ("model", "model-sha256", "spin", "defs", "cflags", "runflags")


_spin_version = None


def spin_version():
    global _spin_version
    if _spin_version is None:
        try:
            p = subprocess.run(["spin", "-V"], capture_output=True, text=True)
            _spin_version = (p.stdout.strip().splitlines() or ["unknown"])[0]
        except OSError:
            _spin_version = "not installed"
    return _spin_version


def provenance(spec, models="models"):
    """The provenance text of the run SPEC (a read_spec dict) as of now:
    the flags are those the search used (a liveness block's included)."""
    try:
        cflags, runflags = spec_flags(spec)
    except RunError:  # the run reports it; the provenance keeps the block's
        cflags, runflags = spec.get("cflags", ""), spec.get("runflags", "")
    values = {
        "model": spec["model"],
        "model-sha256": model_hash(os.path.join(models, spec["model"])),
        "spin": spin_version(),
        "defs": spec.get("defs", ""),
        "cflags": cflags,
        "runflags": runflags,
    }
    return "".join(f"{k}={values[k]}\n" for k in PROVENANCE_KEYS)


# A run of another checker (a .check block): the model's content, the
# checker's version (its adapter says what that takes: rumur's and the C
# compiler's) and everything the block gives it.
CHECK_KEYS = ("tool", "tool-version", "model", "model-sha256", "set", "args", "cflags")


def check_provenance(spec, version, models="models"):
    """The provenance text of the .check run SPEC as of now; VERSION is
    its adapter's version() line."""
    values = {
        "tool": spec["tool"],
        "tool-version": version,
        "model": spec["model"],
        "model-sha256": model_hash(os.path.join(models, spec["model"])),
        "set": spec.get("set", ""),
        "args": spec.get("args", ""),
        "cflags": spec.get("cflags", ""),
    }
    return "".join(f"{k}={values[k]}\n" for k in CHECK_KEYS)


def provenance_differs(old_text, new_text, keys_compared=PROVENANCE_KEYS):
    """The keys on which two provenance texts differ (all when OLD is empty)."""
    def keys(t):
        return dict(line.split("=", 1) for line in t.splitlines() if "=" in line)
    a, b = keys(old_text or ""), keys(new_text)
    return [k for k in keys_compared if a.get(k) != b.get(k)]
