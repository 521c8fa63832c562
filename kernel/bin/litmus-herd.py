#!/usr/bin/python3
"""litmus-herd.py [--bless] [--only NAME] HERD7 MMDIR OUTDIR [LITMUSDIR]
litmus-herd.py --table OUTDIR [LITMUSDIR]
litmus-herd.py --files [LITMUSDIR]

Run herd7 (the program HERD7) under the Linux-kernel memory model of
MMDIR (a kernel tree's tools/memory-model, holding linux-kernel.cfg) on
the litmus tests LITMUSDIR/TESTS lists (default kernel/litmus), one name
a line, and on each test's broken variants (see litmuslib.py).

Each run is held to its test's header, field by field:
  - the result: a test's must be its "Result:", a variant's Sometimes;
  - its herd7 line (a test's "herd7:", a variant's "herd7 NAME:"): the
    Observation (result, positive and negative counts), the number of
    States, whether the exists clause is satisfied (Ok or No), and Hash,
    herd7's digest of the code: a different Hash means the test changed
    since its line was written, so the line is stale.
A changed field fails naming it; so do a test TESTS lists whose file is
missing, a file TESTS does not list, a herd7 that did not run or printed
no Observation line, and a test or variant without a herd7 line.

Each report is kept as OUTDIR/NAME.out (NAME is the test's, or
TEST+VARIANT) and, when all of a test's runs were as required, its rows
as OUTDIR/TEST.rows.  --only NAME runs that test alone (make check
gives each test a verdict of its own); without it, every test, and a
file TESTS does not list is a failure.  --bless rewrites each test's
herd7 lines from its runs instead of comparing (the Result rule still
holds).  --table writes OUTDIR/table.md, the Markdown table of every
listed test's rows, and fails if any test has none (it did not pass).
--files checks only that every .litmus file is listed and every listed
test has its file.
Prints one line per run; exits 1 if any run is not as required.
"""

import os
import subprocess
import sys

from build.lib import runstore
from kernel.bin import litmuslib


def usage():
    print("usage: " + __doc__.strip().split("\n")[0], file=sys.stderr)
    for line in __doc__.strip().split("\n")[1:3]:
        print("       " + line, file=sys.stderr)
    return 2


def report_fields(text):
    """The fields a herd7 line keeps, read from herd7's report."""
    fields = {}
    for line in text.split("\n"):
        w = line.split()
        if not w:
            continue
        if w[0] == "States" and len(w) == 2:
            fields["States"] = w[1]
        elif w[0] in ("Ok", "No") and len(w) == 1:
            fields["exists"] = w[0]
        elif w[0] == "Observation" and len(w) == 5:
            fields["Observation"] = " ".join(w[2:])
        elif w[0].startswith("Hash=") and len(w) == 1:
            fields["Hash"] = w[0][len("Hash="):]
        elif w[0] == "Time" and len(w) == 3:
            fields["time"] = w[2]
    return fields


def listed(litmus_dir):
    """The tests of TESTS (herd7 and the klitmus7 boot) and of HERD-ONLY
    (herd7 alone), which may be missing."""
    path = os.path.join(litmus_dir, "TESTS")
    names = []
    for p in (path, os.path.join(litmus_dir, "HERD-ONLY")):
        if p != path and not os.path.exists(p):
            continue
        with open(p, encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    names.append(line)
    return path + " (and HERD-ONLY)", names


class Runner:
    def __init__(self, herd, mm, out_dir, bless):
        # herd7 runs from MMDIR, so a relative path to it is made absolute.
        if os.sep in herd:
            herd = os.path.abspath(herd)
        self.herd, self.mm, self.out_dir, self.bless = herd, mm, out_dir, bless
        self.problems = []

    def run(self, path, name):
        """herd7 on PATH; its fields, or None (a problem is noted)."""
        try:
            res = subprocess.run([self.herd, "-conf", "linux-kernel.cfg", os.path.abspath(path)],
                                 cwd=self.mm, capture_output=True, text=True)
        except OSError as e:
            self.problems.append(f"{name}: herd7 did not run: {self.herd}: {e.strerror} (make herd builds it)")
            return None
        # herd7's "Time NAME 0.12" line differs from run to run: a report
        # the same but for it is left as it was, so the book that shows
        # it is not built again by a make that changed nothing.
        runstore.keep(os.path.join(self.out_dir, name + ".out"), res.stdout, varying=litmuslib.HERD_TIME)
        fields = report_fields(res.stdout)
        missing = [k for k in litmuslib.EXPECT_FIELDS if k not in fields]
        if res.returncode != 0 or missing:
            err = (res.stderr.strip().split("\n") or [""])[-1]
            self.problems.append(f"{name}: herd7 did not run to the end (status {res.returncode}"
                                 f"{', no ' + ' or '.join(missing) + ' in its report' if missing else ''})"
                                 f"{': ' + err if err else ''}")
            return None
        return fields

    def judge(self, test, variant, fields):
        """Hold one run to the test's header; True if it is as required."""
        name = test.name + ("+" + variant if variant else "")
        what = f"{test.path}: {'variant ' + variant if variant else 'the test'}"
        ok = True
        want = "Sometimes" if variant else test.result
        got = fields["Observation"].split()[0]
        if got != want:
            self.problems.append(f"{what}: herd7 says {got}, {want} is required"
                                 f"{'' if variant else ' (its Result: line)'}; see {self.out_dir}/{name}.out")
            ok = False
        if self.bless:
            return ok
        line = test.expect.get(variant)
        if line is None:
            self.problems.append(f"{what} has no 'herd7{' ' + variant if variant else ''}:' line in its header; "
                                 "run make lkmm-bless to write it")
            return False
        n, rec = line
        if rec["Hash"] != fields["Hash"]:
            self.problems.append(f"{test.path} line {n}: stale: recorded for other code (Hash {rec['Hash']}, "
                                 f"herd7 now gives {fields['Hash']}); check the run and make lkmm-bless")
            ok = False
        for key in ("Observation", "States", "exists"):
            if rec[key] != fields[key]:
                self.problems.append(f"{test.path} line {n}: {key}: recorded '{rec[key]}', herd7 now prints "
                                     f"'{fields[key]}' ({name}); see {self.out_dir}/{name}.out")
                ok = False
        return ok

    def test(self, test):
        """Run a test and its variants; returns its table rows if all passed."""
        rows = []
        got = {}
        all_ok = True
        for key in test.expect:
            if key is not None and key not in test.variants:
                self.problems.append(f"{test.path} line {test.expect[key][0]}: a herd7 line for variant "
                                     f"{key}, which the header does not define; remove it")
                all_ok = False
        var_dir = os.path.join(self.out_dir, "variants")
        os.makedirs(var_dir, exist_ok=True)
        for variant in [None] + list(test.variants):
            if variant is None:
                path, name = test.path, test.name
            else:
                name = f"{test.name}+{variant}"
                try:
                    text = test.variant_text(variant)
                except litmuslib.Problem as e:
                    self.problems.append(str(e))
                    all_ok = False
                    continue
                path = os.path.join(var_dir, name + ".litmus")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
            fields = self.run(path, name)
            if fields is None:
                all_ok = False
                continue
            ok = self.judge(test, variant, fields)
            all_ok = all_ok and ok
            got[variant] = fields
            print(f"{'ok' if ok else 'WRONG'}: {name}: Observation {fields['Observation']}; "
                  f"States {fields['States']}; exists {fields['exists']}; {fields.get('time', '?')} s")
            ties = test.ties if variant is None else test.variant_ties.get(variant, [])
            tied = "; ".join(f"`{t.func}(): {t.text}`" for t in ties)
            rows.append("| " + " | ".join([
                f"`{test.name}`" if variant is None else f"`+{variant}`",
                ("stands for " if variant is None else "breaks the ordering of ") + tied,
                "as written" if variant is None else test.variant_change(variant),
                f"`{fields['Observation']}`", fields["States"], fields["exists"]]) + " |")
        if self.bless and all_ok:
            bless(test, got)
        return rows if all_ok else None


def bless(test, got):
    """Write the test's herd7 lines (after its Result: line) from GOT."""
    keep = [l for l in test.lines if not litmuslib.EXPECT.match(l)]
    at = next(i for i, l in enumerate(keep) if litmuslib.RESULT.match(l))
    new = [f" * herd7: {litmuslib.format_expect(got[None])}"]
    new += [f" * herd7 {v}: {litmuslib.format_expect(got[v])}" for v in test.variants if v in got]
    keep[at + 1:at + 1] = new
    with open(test.path, "w", encoding="utf-8") as f:
        f.write("\n".join(keep))
    print(f"bless: {test.path}: {len(new)} herd7 lines written")


HEADER = ("| test, variant | the line of qrcu.c | what the variant changes | herd7's Observation | States | exists |\n"
          "|---|---|---|---|---|---|\n")


def table(out_dir, litmus_dir):
    _, names = listed(litmus_dir)
    rows, missing = [], []
    for name in names:
        path = os.path.join(out_dir, name + ".rows")
        if not os.path.isfile(path):
            missing.append(name)
            continue
        with open(path, encoding="utf-8") as f:
            rows.append(f.read())
    if missing:
        print(f"litmus-herd: no passed runs of {', '.join(missing)} in {out_dir}; their checks failed "
              "or did not run (make lkmm-check)", file=sys.stderr)
        return 1
    with open(os.path.join(out_dir, "table.md.tmp"), "w", encoding="utf-8") as f:
        f.write(HEADER + "".join(rows))
    os.replace(os.path.join(out_dir, "table.md.tmp"), os.path.join(out_dir, "table.md"))
    print(f"litmus-herd: {out_dir}/table.md: {len(names)} tests")
    return 0


def files(litmus_dir):
    try:
        list_path, names = listed(litmus_dir)
    except OSError as e:
        print(f"litmus-herd: cannot read the list of tests: {e}")
        return 1
    present = sorted(f[:-len(".litmus")] for f in os.listdir(litmus_dir) if f.endswith(".litmus"))
    bad = [f"{litmus_dir}/{n}.litmus: not listed in {list_path}; list it (or remove the file)"
           for n in present if n not in names]
    bad += [f"{litmus_dir}/{n}.litmus: missing ({list_path} lists {n}); restore it with git checkout, "
            "or remove it from the list" for n in names if n not in present]
    bad += [f"{list_path}: {n} is listed twice" for n in sorted(set(names)) if names.count(n) > 1]
    for b in bad:
        print(b)
    if not bad:
        print(f"litmus-herd: {list_path} lists the {len(names)} tests of {litmus_dir}")
    return 1 if bad else 0


def main(argv):
    if argv[:1] == ["--files"]:
        if len(argv) > 2:
            return usage()
        return files(argv[1] if len(argv) > 1 else "kernel/litmus")
    if argv[:1] == ["--table"]:
        if len(argv) not in (2, 3):
            return usage()
        return table(argv[1], argv[2] if len(argv) > 2 else "kernel/litmus")
    bless_ = argv[:1] == ["--bless"]
    if bless_:
        argv = argv[1:]
    only = None
    if argv[:1] == ["--only"]:
        if len(argv) < 2:
            return usage()
        only, argv = argv[1], argv[2:]
    if len(argv) not in (3, 4):
        return usage()
    herd, mm, out_dir = argv[:3]
    litmus_dir = argv[3] if len(argv) > 3 else "kernel/litmus"
    if not os.path.isfile(os.path.join(mm, "linux-kernel.cfg")):
        print(f"litmus-herd: {mm} has no linux-kernel.cfg; give a kernel tree's tools/memory-model "
              "(make lkmm-model extracts it)", file=sys.stderr)
        return 1
    try:
        list_path, names = listed(litmus_dir)
    except OSError as e:
        print(f"litmus-herd: cannot read the list of tests: {e}", file=sys.stderr)
        return 1
    os.makedirs(out_dir, exist_ok=True)
    runner = Runner(herd, mm, out_dir, bless_)
    if only is not None:
        if only not in names:
            print(f"litmus-herd: {only} is not listed in {list_path}", file=sys.stderr)
            return 1
        names = [only]
    else:
        present = sorted(f[:-len(".litmus")] for f in os.listdir(litmus_dir) if f.endswith(".litmus"))
        for name in present:
            if name not in names:
                runner.problems.append(f"{litmus_dir}/{name}.litmus: not listed in {list_path}; "
                                       "list it (or remove the file)")
    for name in names:
        path = os.path.join(litmus_dir, name + ".litmus")
        rows_path = os.path.join(out_dir, name + ".rows")
        if os.path.exists(rows_path):
            os.remove(rows_path)
        if not os.path.isfile(path):
            runner.problems.append(f"{path}: missing ({list_path} lists {name}); restore it with "
                                   "git checkout, or remove it from the list")
            continue
        try:
            test = litmuslib.Test(path)
        except (OSError, litmuslib.Problem) as e:
            runner.problems.append(str(e))
            continue
        if test.name != name:
            runner.problems.append(f"{path} line 1: the test is named {test.name}, not {name} as its file")
            continue
        rows = runner.test(test)
        if rows is not None:
            with open(rows_path, "w", encoding="utf-8") as f:
                f.write("".join(r + "\n" for r in rows))
    for p in runner.problems:
        print(p)
    return 1 if runner.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
