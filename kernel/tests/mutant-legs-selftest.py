#!/usr/bin/python3
"""mutant-legs-selftest.py: the LTSmin column of kernel/bin/mutant-legs.py
(MUTANT_LEGS replaces it) on reports made here, in LTSmin's own words,
under a scratch OUT: each cell must say what its run found (the verdict
from the report, the back-end from its command, the size from the
run's .from), so the same run with another report gives another cell;
a run without a report, without a verdict or without its size must be
a problem naming it, never a cell."""

import importlib.util
import os
import sys
import tempfile

TMP = tempfile.mkdtemp(prefix="mutant-legs-selftest.")
os.environ["OUT"] = TMP  # before runstore is read: the runs are these
SCRIPT = os.environ.get("MUTANT_LEGS") or os.path.join("kernel", "bin", "mutant-legs.py")

FAILS = ("$ prom2lts-seq --action=assert qrcu-loose.spin.spins\n"
         "prom2lts-seq, 0.010: Running dfs search strategy\n"
         "prom2lts-seq, 0.020: Error action (assert) found at depth 55!\n")
PASSES = ("$ prom2lts-seq --action=assert qrcu-loose.spin.spins\n"
          "prom2lts-seq, 0.010: Running dfs search strategy\n"
          "prom2lts-seq, 0.300: state space 68 levels, 400 states 682 transitions\n")
DIST = ("$ mpirun -np 2 prom2lts-dist --mpi --action=assert qrcu-loose.spin.spins\n"
        "prom2lts-dist( 0/ 2), 0.020: Error action 'assert' found at depth 18!\n")
SIZE = "set=N_QRCU_UPDATERS={} N_QRCU_READERS={} __instances_qrcu_updater={} __instances_qrcu_reader={}\n"


def load():
    spec = importlib.util.spec_from_file_location("mutant_legs", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def write(rid, report, u=1, r=1, sets=True, model="qrcu-loose.spin"):
    runs = os.path.join(TMP, "runs")
    os.makedirs(runs, exist_ok=True)
    for ext in ("out", "from"):
        path = os.path.join(runs, f"{rid}.{ext}")
        if os.path.exists(path):
            os.remove(path)
    if report is not None:
        open(os.path.join(runs, f"{rid}.out"), "w").write(report)
        open(os.path.join(runs, f"{rid}.from"), "w").write(
            f"tool=ltsmin\nmodel={model}\n" + (SIZE.format(u, r, u, r) if sets else "args=seq\n"))


def main():
    legs = load()
    bad = n = 0

    def case(name, rids, want_cell=None, want_problem=None):
        nonlocal bad, n
        n += 1
        legs.problems.clear()
        cell = legs.ltsmin_cell(rids, True)
        probs = " | ".join(legs.problems)
        if want_cell is not None and (cell != want_cell or probs):
            print(f"WRONG: {name}: cell {cell!r}, want {want_cell!r} (problems: {probs or 'none'})")
            bad = 1
        elif want_problem is not None and want_problem not in probs:
            print(f"WRONG: {name}: no problem naming {want_problem!r} (cell {cell!r}, problems: "
                  f"{probs or 'none'})")
            bad = 1
        else:
            print(f"ok: {name}")

    write("lt-x-2x2-seq", FAILS, 2, 2)
    case("a failing run", ["lt-x-2x2-seq"], want_cell="**fails at 2x2** (seq)")
    # The same run with a passing report: the cell follows the report.
    write("lt-x-2x2-seq", PASSES, 2, 1)
    case("the same run, passing", ["lt-x-2x2-seq"], want_cell="passes at 2x1 (seq)")
    write("lt-x-1x1-dist", DIST, 1, 1)
    write("lt-x-1x2-seq", PASSES, 1, 2)
    case("two runs, the back-end from the report", ["lt-x-1x2-seq", "lt-x-1x1-dist"],
         want_cell="passes at 1x2 (seq); **fails at 1x1** (dist)")
    write("lt-y-2x2-seq", FAILS, 2, 2, model="qrcu-noresum.spin")
    write("lt-z-2x2-seq", FAILS, 2, 2, model="qrcu-onesum.spin")
    case("runs of two models, each named from its .from", ["lt-y-2x2-seq", "lt-z-2x2-seq"],
         want_cell="`qrcu-noresum.spin`: **fails at 2x2** (seq); "
                   "`qrcu-onesum.spin`: **fails at 2x2** (seq)")
    write("lt-gone-1x1-seq", None)
    case("a run without a report", ["lt-gone-1x1-seq"], want_problem="run lt-gone-1x1-seq has no report")
    write("lt-cut-1x1-seq", FAILS.splitlines(True)[0] + FAILS.splitlines(True)[1])
    case("a report without a verdict", ["lt-cut-1x1-seq"], want_problem="lt-cut-1x1-seq.out: no verdict")
    write("lt-nosize-1x1-seq", FAILS, sets=False)
    case("a run whose .from gives no size", ["lt-nosize-1x1-seq"],
         want_problem="lt-nosize-1x1-seq.out: no verdict, tool or size")
    case("a mutant without runs", [], want_cell="no model")

    print(f"mutant-legs-selftest: {n} cases")
    if not bad:
        print("mutant-legs-selftest: every case judged as it must be")
    return bad


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        import shutil
        shutil.rmtree(TMP, ignore_errors=True)
