#!/usr/bin/env python3
"""litmus-herd.py HERD7 MMDIR OUTDIR [LITMUSDIR]

Run herd7 (the program HERD7) under the Linux-kernel memory model of
MMDIR (a kernel tree's tools/memory-model, holding linux-kernel.cfg) on
each litmus test of LITMUSDIR (default kernel/litmus) and on each of its
broken variants (see litmuslib.py), keeping each report as
OUTDIR/NAME.out.  A test must be observed as its header's "Result:"
says, each variant as Sometimes.  Prints one line per run: its
Observation line, states and the exists result (Ok: some state
satisfies the clause, No: none does) and herd7's time; exits 1 if any
run is not as required, naming it, or if herd7 did not run or printed
no Observation line.
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import litmuslib  # noqa: E402


def report_fields(text):
    fields = {}
    lines = text.split("\n")
    for i, line in enumerate(lines):
        w = line.split()
        if not w:
            continue
        if w[0] == "States" and len(w) == 2:
            fields["states"] = w[1]
        elif w[0] in ("Ok", "No") and len(w) == 1:
            fields["exists"] = w[0]
        elif w[0] == "Observation" and len(w) == 5:
            fields["observation"] = line.strip()
            fields["result"] = w[2]
        elif w[0] == "Time" and len(w) == 3:
            fields["time"] = w[2]
        elif w[0] == "Positive:" and len(w) == 4:
            fields["positive"], fields["negative"] = w[1], w[3]
    return fields


def run(herd, mm, path, name, out_dir, want):
    try:
        res = subprocess.run([herd, "-conf", "linux-kernel.cfg", os.path.abspath(path)],
                             cwd=mm, capture_output=True, text=True)
    except OSError as e:
        return f"{name}: cannot run herd7 {herd}: {e.strerror} (kernel/bin/herd-build.sh builds it)"
    with open(os.path.join(out_dir, name + ".out"), "w", encoding="utf-8") as f:
        f.write(res.stdout)
    f = report_fields(res.stdout)
    if res.returncode != 0 or "observation" not in f:
        err = (res.stderr.strip().split("\n") or [""])[-1]
        return f"{name}: herd7 failed (status {res.returncode}): {err}"
    line = f"{f['observation']}; States {f.get('states', '?')}; {f.get('exists', '?')}; {f.get('time', '?')} s"
    if f["result"] != want:
        return f"{name}: herd7 says {f['result']}, {want} required ({line}); see {out_dir}/{name}.out"
    print(line)
    return None


def main(argv):
    if len(argv) not in (3, 4):
        print("usage: " + __doc__.strip().split("\n")[0], file=sys.stderr)
        return 2
    herd, mm, out_dir = argv[:3]
    litmus_dir = argv[3] if len(argv) > 3 else "kernel/litmus"
    if not os.path.isfile(os.path.join(mm, "linux-kernel.cfg")):
        print(f"litmus-herd: {mm} has no linux-kernel.cfg; give a kernel tree's tools/memory-model", file=sys.stderr)
        return 2
    try:
        tests = litmuslib.load_tests(litmus_dir)
    except (OSError, litmuslib.Problem) as e:
        print(f"litmus-herd: {e}", file=sys.stderr)
        return 1
    var_dir = os.path.join(out_dir, "variants")
    os.makedirs(var_dir, exist_ok=True)
    bad = []
    for t in tests:
        bad.append(run(herd, mm, t.path, t.name, out_dir, t.result))
        for v in t.variants:
            try:
                text = t.variant_text(v)
            except litmuslib.Problem as e:
                bad.append(str(e))
                continue
            vname = f"{t.name}+{v}"
            vpath = os.path.join(var_dir, vname + ".litmus")
            with open(vpath, "w", encoding="utf-8") as f:
                f.write(text)
            bad.append(run(herd, mm, vpath, vname, out_dir, "Sometimes"))
    bad = [b for b in bad if b]
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
