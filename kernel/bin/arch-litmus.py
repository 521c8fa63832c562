#!/usr/bin/python3
"""arch-litmus.py [--bless] [--only NAME] HERD7 OUTDIR [LITMUSDIR]
arch-litmus.py --ties [--list] DISDIR [LITMUSDIR]
arch-litmus.py --table OUTDIR [LITMUSDIR]

QRCU's orderings as the compiler emitted them, under the architectures'
own memory models.  LITMUSDIR (default kernel/arch-litmus) holds litmus
tests in AArch64 and PPC assembly, one name a line in its TESTS; each
pictures one ordering pattern of the series' kernel/rcu/qrcu.c as
kernel/bin/arch-build.sh compiled it, and says so in its header:

     * Result: Never
     * herd7: Observation Never 0 3; States 3; exists No; Hash ...
     * herd7 NAME: Observation Sometimes 1 3; States 4; exists Ok; Hash ...
     * Machine: FUNCTION(): BARRIER
     *   after: INSN ; INSN
     *   before: INSN
     *   broken: NAME: SED SCRIPT

A "Machine:" tie says that the disassembly of FUNCTION in
DISDIR/ARCH/qrcu.dis (ARCH arm64 for an AArch64 test, powerpc for a PPC
one) holds the instruction BARRIER with, just before it, the
instructions of "after:" in that order (the nearest first is the last
one written), and just after it those of "before:".  Each INSN is a
Python regular expression that must match the whole instruction,
written as objdump prints it with the address, the target address of
a branch and the relocation folded in ("bl mutex_unlock", "dmb ish",
"ldaddal w2, w2, \\[x1\\]").  Instructions that only shuffle registers
or the stack frame (FILLER below) are skipped when looking around the
barrier: they order nothing.  Either of after: and before: may be left
out, not both.  The broken variant NAME is the test with the tied
barrier taken away by the sed script (applied below the header), and
herd7 must find its outcome: Sometimes.

Runs herd7 with its own model of each architecture (-model aarch64.cat
or ppc.cat, from herd7's library) on every test and variant, and holds
each run to the header, field by field, as litmus-herd.py does for the
C tests (the Result, Observation, States, exists and Hash fields);
--bless writes the herd7 lines from the runs instead.  Each report is
kept as OUTDIR/NAME.out (NAME+VARIANT for a variant); a test whose runs
all passed leaves its table rows in OUTDIR/NAME.rows, and --table
joins them into OUTDIR/table.md.  --ties checks every tie against the
disassembly, and that every .litmus file is listed in TESTS and every
listed test has its file; with --list, it prints instead, for each tie,
the architecture, the function and the instructions it found (the
first place, with their addresses, filler left out), tab-separated.
One line per problem, naming the file (and the line) and the fix;
exit 1 if any.
"""

import difflib
import importlib.util
import os
import re
import subprocess
import sys

from build.lib import runstore
from kernel.bin import litmuslib

HERE = os.path.dirname(os.path.abspath(__file__))

_spec = importlib.util.spec_from_file_location("litmus_herd", os.path.join(HERE, "litmus-herd.py"))
litmus_herd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(litmus_herd)

# herd7's name of an architecture -> (kbuild's ARCH, herd7's model).
ARCHES = {"AArch64": ("arm64", "aarch64.cat"), "PPC": ("powerpc", "ppc.cat")}

# Instructions that order nothing and touch no shared memory: register
# moves, the stack frame, pointer authentication, no-ops.
FILLER = {
    "arm64": re.compile(r"^(mov [^\[]*|paciasp|autiasp|nop|adrp .*|(ldp|stp|ldr|str) [^\[]*\[sp\b.*"
                        r"|(add|sub) [wx]\d+, [wx]\d+, #0x[0-9a-f]+)$"),
    "powerpc": re.compile(r"^((mr|mflr|mtlr|li|extsw|clrldi|rldicl|sldi) .*|nop|ori r2,r2,0"
                          r"|(ld|std|stdu) r\d+,-?\d+\(r1\)|addis? r\d+,r\d+,-?\d+)$"),
}

MACHINE = re.compile(r"^\s*\*?\s*Machine:\s*(\w+)\(\):\s*(.*\S)\s*$")
FIELD = re.compile(r"^\s*\*?\s*(after|before|broken):\s*(.*\S)\s*$")


class Problem(Exception):
    pass


class Tie:
    def __init__(self, test, line, func, barrier):
        self.test, self.line, self.func, self.barrier = test, line, func, barrier
        self.after, self.before, self.variant = [], [], None


class Test:
    """An assembly litmus test and its header."""

    def __init__(self, path):
        self.path = path
        with open(path, encoding="utf-8") as f:
            self.lines = f.read().split("\n")
        first = self.lines[0].split()
        if len(first) != 2 or first[0] not in ARCHES:
            raise Problem(f"{path} line 1: not 'AArch64 NAME' or 'PPC NAME'; an assembly litmus "
                          "test starts with its architecture and its name")
        self.herd_arch, self.name = first
        self.arch, self.model = ARCHES[self.herd_arch]
        self.result = None
        self.ties, self.variants, self.variant_ties, self.expect = [], {}, {}, {}
        tie = None
        for n, line in enumerate(self.lines, 1):
            m = litmuslib.RESULT.match(line)
            if m:
                self.result = m.group(1)
                continue
            m = litmuslib.EXPECT.match(line)
            if m:
                fields = litmuslib.parse_expect(m.group(2))
                if fields is None:
                    raise Problem(f"{path} line {n}: not a herd7: line; run make arch-bless to write it again")
                if m.group(1) in self.expect:
                    raise Problem(f"{path} line {n}: a second herd7 line for {m.group(1) or 'the test'}; keep one")
                self.expect[m.group(1)] = (n, fields)
                continue
            m = MACHINE.match(line)
            if m:
                tie = Tie(self, n, m.group(1), m.group(2))
                self.ties.append(tie)
                continue
            m = FIELD.match(line)
            if m and tie is not None:
                key, val = m.groups()
                if key == "broken":
                    name, _, script = val.partition(":")
                    name = name.strip()
                    if not re.fullmatch(r"[a-z0-9-]+", name):
                        raise Problem(f"{path} line {n}: variant name {name!r}: use lower-case letters, digits and -")
                    if script.strip():
                        if name in self.variants:
                            raise Problem(f"{path} line {n}: variant {name} defined twice")
                        self.variants[name] = script.strip()
                    elif name not in self.variants:
                        raise Problem(f"{path} line {n}: variant {name} is not defined above; give its sed script")
                    tie.variant = name
                    self.variant_ties.setdefault(name, []).append(tie)
                else:
                    setattr(tie, key, [p.strip() for p in val.split(" ; ")])
        if self.result not in ("Never", "Sometimes"):
            raise Problem(f"{path}: no 'Result: Never' or 'Result: Sometimes' line in the header comment")
        if not self.ties:
            raise Problem(f"{path}: no 'Machine:' tie; say which compiled instructions the test pictures")
        for t in self.ties:
            if not t.after and not t.before:
                raise Problem(f"{path} line {t.line}: the tie of {t.func}() has neither 'after:' nor 'before:'")
            if t.variant is None:
                raise Problem(f"{path} line {t.line}: the tie of {t.func}() has no 'broken:' line")
            for p in [t.barrier] + t.after + t.before:
                try:
                    re.compile(p)
                except re.error as e:
                    raise Problem(f"{path} line {t.line}: '{p}' is not a regular expression: {e}")

    def code_start(self):
        for i, line in enumerate(self.lines):
            if line.strip() == "*)":
                return i + 1
        raise Problem(f"{self.path}: the header comment does not end with a line ' *)'")

    def variant_text(self, name):
        start = self.code_start()
        code = "\n".join(self.lines[start:])
        res = subprocess.run(["sed", "-e", self.variants[name]], input=code, capture_output=True, text=True)
        if res.returncode != 0:
            raise Problem(f"{self.path}: variant {name}: sed failed: {res.stderr.strip()}")
        if res.stdout.rstrip("\n") == code.rstrip("\n"):
            raise Problem(f"{self.path}: variant {name}: its sed script changes nothing below the header; fix the script")
        head = self.lines[:start]
        head[0] = f"{self.herd_arch} {self.name}+{name}"
        return "\n".join(head) + "\n" + res.stdout

    def variant_change(self, name):
        """What the variant changes, in words: the instructions it
        removes and those it rewrites, cell by cell of the threads'
        columns (a bar would break the book's table)."""
        start = self.code_start()

        def cells(lines):
            return [tuple(c.strip() for c in l.strip().rstrip(";").split("|")) for l in lines if "|" in l]
        old, new = cells(self.lines[start:]), cells(self.variant_text(name).split("\n")[start:])
        parts = []
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
            if op in ("delete", "replace") and i2 - i1 != j2 - j1:
                parts += [f"removes `{c}`" for row in old[i1:i2] for c in row if c]
                parts += [f"adds `{c}`" for row in new[j1:j2] for c in row if c]
            elif op == "replace":
                parts += [f"rewrites `{a}` as `{b}`" for ro, rn in zip(old[i1:i2], new[j1:j2])
                          for a, b in zip(ro, rn) if a != b]
            elif op == "insert":
                parts += [f"adds `{c}`" for row in new[j1:j2] for c in row if c]
        return "; ".join(parts)


INSN = re.compile(r"^\s*([0-9a-f]+):\t(\S+)(?:\s+(.*))?$")
RELOC = re.compile(r"^\s*[0-9a-f]+: (R_\w+)\t(\S+)$")
FUNC = re.compile(r"^[0-9a-f]+ <([\w.]+)>:$")


def disassembly(path):
    """FUNCTION -> its instructions, each (address, 'mnemonic operands')
    with the target of a call taken from its relocation and branch
    targets' addresses dropped."""
    funcs, cur = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            m = FUNC.match(line)
            if m:
                cur = funcs.setdefault(m.group(1), [])
                continue
            if cur is None:
                continue
            m = RELOC.match(line)
            if m and cur and m.group(1).endswith(("CALL26", "REL24")):
                mnem = cur[-1][1].split()[0]
                cur[-1] = (cur[-1][0], f"{mnem} {m.group(2).split('+')[0]}")
                continue
            m = INSN.match(line)
            if m:
                ops = re.sub(r"\s*//.*", "", m.group(3) or "")
                # A branch's target: the callee's name, or nothing.
                call = re.fullmatch(r"[0-9a-f]+ <([\w.]+)>", ops)
                if call and m.group(2) in ("bl", "b"):
                    ops = call.group(1)
                elif "<" in ops:
                    ops = re.sub(r"(^|,\s*)[0-9a-f]+\s*<[^>]*>$", "", ops)
                cur.append((m.group(1), " ".join((m.group(2) + " " + ops).split())))
    return funcs


def tie_holds(tie, insns, filler):
    """Each place where TIE's sequence is found in INSNS (a list of
    (address, text)): the indices of its instructions, filler left out."""
    text = [t for _, t in insns]
    hits = []
    for i, insn in enumerate(text):
        if not re.fullmatch(tie.barrier, insn):
            continue
        place, ok = [i], True
        for pats, step in ((list(reversed(tie.after)), -1), (tie.before, 1)):
            j = i
            for pat in pats:
                j += step
                while 0 <= j < len(text) and filler.match(text[j]):
                    j += step
                if not 0 <= j < len(text) or not re.fullmatch(pat, text[j]):
                    ok = False
                    break
                place.append(j)
            if not ok:
                break
        if ok:
            hits.append(sorted(place))
    return hits


def listed(litmus_dir):
    path = os.path.join(litmus_dir, "TESTS")
    names = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                names.append(line)
    return path, names


def load(litmus_dir, problems):
    try:
        list_path, names = listed(litmus_dir)
    except OSError as e:
        problems.append(f"arch-litmus: cannot read the list of tests: {e}")
        return []
    present = sorted(f[:-len(".litmus")] for f in os.listdir(litmus_dir) if f.endswith(".litmus"))
    problems += [f"{litmus_dir}/{n}.litmus: not listed in {list_path}; list it (or remove the file)"
                 for n in present if n not in names]
    problems += [f"{litmus_dir}/{n}.litmus: missing ({list_path} lists {n}); restore it with git checkout, "
                 "or remove it from the list" for n in names if n not in present]
    tests = []
    for n in names:
        if n not in present:
            continue
        try:
            t = Test(os.path.join(litmus_dir, n + ".litmus"))
        except (OSError, Problem) as e:
            problems.append(str(e))
            continue
        if t.name != n:
            problems.append(f"{t.path} line 1: the test is named {t.name}, not {n} as its file")
            continue
        tests.append(t)
    return tests


def ties(dis_dir, litmus_dir, listing=False):
    problems, found = [], []
    tests = load(litmus_dir, problems)
    cache, nties = {}, 0
    for t in tests:
        dis = os.path.join(dis_dir, t.arch, "qrcu.dis")
        if dis not in cache:
            try:
                cache[dis] = disassembly(dis)
            except OSError as e:
                problems.append(f"{t.path}: cannot read {dis} ({e.strerror}); make arch-build-{t.arch} compiles qrcu.c for it")
                cache[dis] = None
        funcs = cache[dis]
        if funcs is None:
            continue
        for tie in t.ties:
            nties += 1
            where = f"{t.path} line {tie.line}"
            insns = funcs.get(tie.func)
            if insns is None:
                problems.append(f"{where}: {dis} has no function {tie.func}(); it was renamed or inlined: fix the tie")
                continue
            hits = tie_holds(tie, insns, FILLER[t.arch])
            if hits:
                found.append(f"{t.arch}\t{tie.func}()\t"
                             + " ; ".join(f"{insns[i][0]}: {insns[i][1]}" for i in hits[0]) + f"\t{t.name}")
            else:
                seq = " ; ".join(tie.after + [f"[{tie.barrier}]"] + tie.before)
                n = sum(1 for _, i in insns if re.fullmatch(tie.barrier, i))
                problems.append(f"{where}: the compiled {tie.func}() ({dis}) no longer holds '{seq}' "
                                f"({n} '{tie.barrier}' in it, none between those instructions): the barrier this "
                                "test pictures was removed or moved by the source or the compiler; restore it, "
                                "or change the test and its tie")
    for p in problems:
        print(p)
    if listing and not problems:
        print("\n".join(found))
    elif not problems:
        print(f"arch-litmus: {len(tests)} tests, {nties} ties, each found in the compiled qrcu.c of {dis_dir}")
    return 1 if problems else 0


class Runner(litmus_herd.Runner):
    def run(self, path, name, model):
        try:
            res = subprocess.run([self.herd, "-model", model, os.path.abspath(path)],
                                 capture_output=True, text=True)
        except OSError as e:
            self.problems.append(f"{name}: herd7 did not run: {self.herd}: {e.strerror} (make herd builds it)")
            return None
        # herd7's "Time NAME 0.12" line differs from run to run: a report
        # the same but for it is left as it was, so the book that shows
        # it is not built again by a make that changed nothing.
        runstore.keep(os.path.join(self.out_dir, name + ".out"), res.stdout, varying=litmuslib.HERD_TIME)
        fields = litmus_herd.report_fields(res.stdout)
        missing = [k for k in litmuslib.EXPECT_FIELDS if k not in fields]
        if res.returncode != 0 or missing:
            err = (res.stderr.strip().split("\n") or [""])[-1]
            self.problems.append(f"{name}: herd7 did not run to the end (status {res.returncode}"
                                 f"{', no ' + ' or '.join(missing) + ' in its report' if missing else ''})"
                                 f"{': ' + err if err else ''}")
            return None
        return fields

    def test(self, test):
        rows, got, all_ok = [], {}, True
        for key in test.expect:
            if key is not None and key not in test.variants:
                self.problems.append(f"{test.path} line {test.expect[key][0]}: a herd7 line for variant "
                                     f"{key}, which the header does not define; remove it")
                all_ok = False
        var_dir = os.path.join(self.out_dir, "variants")
        os.makedirs(var_dir, exist_ok=True)
        results = {}
        for variant in [None] + list(test.variants):
            name = test.name + ("+" + variant if variant else "")
            path = test.path
            if variant:
                try:
                    text = test.variant_text(variant)
                except Problem as e:
                    self.problems.append(str(e))
                    all_ok = False
                    continue
                path = os.path.join(var_dir, name + ".litmus")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
            fields = self.run(path, name, test.model)
            if fields is None:
                all_ok = False
                continue
            ok = self.judge(test, variant, fields)
            all_ok = all_ok and ok
            got[variant] = fields
            results[variant] = fields
            print(f"{'ok' if ok else 'WRONG'}: {name} ({test.model}): Observation {fields['Observation']}; "
                  f"States {fields['States']}; exists {fields['exists']}")
        for variant in test.variants:
            if None not in results or variant not in results:
                continue
            tied = "; ".join(f"`{t.func}()`: `{t.barrier}`" for t in test.variant_ties[variant])
            rows.append("| " + " | ".join([
                f"`{test.name}`", test.herd_arch, tied, f"`+{variant}`: {test.variant_change(variant)}",
                f"`{results[None]['Observation']}`", f"`{results[variant]['Observation']}`"]) + " |")
        if self.bless and all_ok:
            litmus_herd.bless(test, got)
        return rows if all_ok else None


HEADER = ("| test | architecture | the compiled barrier | what the variant changes | as written | without the barrier |\n"
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
        print(f"arch-litmus: no passed runs of {', '.join(missing)} in {out_dir}; their checks failed "
              "or did not run (make arch-check)", file=sys.stderr)
        return 1
    with open(os.path.join(out_dir, "table.md.tmp"), "w", encoding="utf-8") as f:
        f.write(HEADER + "".join(rows) + "\n: Each assembly litmus test under herd7's model of its architecture, "
                "as written and with its barrier taken away (Observation, positive and negative counts). "
                "Written by `kernel/bin/arch-litmus.py`.\n")
    os.replace(os.path.join(out_dir, "table.md.tmp"), os.path.join(out_dir, "table.md"))
    print(f"arch-litmus: {out_dir}/table.md: {len(names)} tests")
    return 0


def usage():
    for i, line in enumerate(__doc__.strip().split("\n")[:3]):
        print(("usage: " if i == 0 else "       ") + line, file=sys.stderr)
    return 2


def main(argv):
    if argv[:1] == ["--ties"]:
        listing = argv[1:2] == ["--list"]
        if listing:
            argv = argv[1:]
        if len(argv) not in (2, 3):
            return usage()
        return ties(argv[1], argv[2] if len(argv) > 2 else "kernel/arch-litmus", listing)
    if argv[:1] == ["--table"]:
        if len(argv) not in (2, 3):
            return usage()
        return table(argv[1], argv[2] if len(argv) > 2 else "kernel/arch-litmus")
    bless_ = argv[:1] == ["--bless"]
    if bless_:
        argv = argv[1:]
    only = None
    if argv[:1] == ["--only"]:
        if len(argv) < 2:
            return usage()
        only, argv = argv[1], argv[2:]
    if len(argv) not in (2, 3):
        return usage()
    herd, out_dir = argv[:2]
    litmus_dir = argv[2] if len(argv) > 2 else "kernel/arch-litmus"
    problems = []
    tests = load(litmus_dir, problems)
    if only is not None:
        tests = [t for t in tests if t.name == only]
        problems = [p for p in problems if only in p]
        if not tests and not problems:
            problems.append(f"arch-litmus: {only} is not a test of {litmus_dir}/TESTS")
    os.makedirs(out_dir, exist_ok=True)
    runner = Runner(herd, ".", out_dir, bless_)
    runner.problems = problems
    for t in tests:
        rows_path = os.path.join(out_dir, t.name + ".rows")
        if os.path.exists(rows_path):
            os.remove(rows_path)
        rows = runner.test(t)
        if rows is not None:
            with open(rows_path, "w", encoding="utf-8") as f:
                f.write("".join(r + "\n" for r in rows))
    for p in runner.problems:
        # (litmus-herd.py's messages name the C tests' target.)
        print(p.replace("make lkmm-bless", "make arch-bless"))
    return 1 if runner.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
