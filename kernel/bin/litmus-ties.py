#!/usr/bin/python3
"""litmus-ties.py [--list | --variants DIR] [PATCH [LITMUSDIR]]

Check that the litmus tests of LITMUSDIR (default kernel/litmus) and the
kernel/rcu/qrcu.c that PATCH adds (default the series' 0001 patch) agree:

  - every tie (a "Series:" block in a test's header, see litmuslib.py)
    names a line of qrcu.c that is there, in the function named, between
    the code lines named: a barrier deleted, or moved within or out of
    its function, is a problem naming the test;
  - every code line of qrcu.c that holds an ordering primitive (barriers,
    fully ordered or acquire/release atomics, locks, RCU, wakeups) is
    named by a tie: a primitive with no test is a problem naming it;
    the one exception is a planted bug, a primitive that is the whole
    body of an "if (qrcu_torture_bug(qp, QRCU_BUG_NAME))" (code that only
    rcutorture's busted flavours run, and that no test should model):
    it is counted apart, and the same line without its guard is a
    primitive like any other;
  - every broken variant's sed script changes the test.

Prints one line per problem and exits 1 if there is any; otherwise one
line saying what was checked.  With --variants DIR, also writes each
broken variant into DIR as TEST+VARIANT.litmus; with --list, prints
each ordering line of qrcu.c (its line in PATCH, function, code) and the
test tied to it, tab-separated.
"""

import glob
import os
import re
import sys

from kernel.bin import litmuslib

# The guard of a planted bug, whose one-statement body no test models.
PLANTED = re.compile(r"^if \(qrcu_torture_bug\(qp, QRCU_BUG_[A-Z0-9]+\)\)$")


def main(argv):
    variants_dir = None
    listing = argv[:1] == ["--list"]
    if listing:
        argv = argv[1:]
    elif argv[:1] == ["--variants"]:
        if len(argv) < 2:
            print("usage: " + __doc__.strip().split("\n")[0], file=sys.stderr)
            return 2
        variants_dir = argv[1]
        argv = argv[2:]
    if len(argv) > 2:
        print("usage: " + __doc__.strip().split("\n")[0], file=sys.stderr)
        return 2
    if argv:
        patch = argv[0]
    else:
        found = sorted(glob.glob("kernel/patches/0001-*.patch"))
        if len(found) != 1:
            print("litmus-ties: no single kernel/patches/0001-*.patch here; run from the top of the repository or name the patch", file=sys.stderr)
            return 2
        patch = found[0]
    litmus_dir = argv[1] if len(argv) > 1 else "kernel/litmus"

    problems = []
    try:
        source = litmuslib.series_source(patch)
        tests = litmuslib.load_tests(litmus_dir)
    except (OSError, litmuslib.Problem) as e:
        print(f"litmus-ties: {e}", file=sys.stderr)
        return 1
    if not tests:
        print(f"litmus-ties: {litmus_dir} holds no .litmus test", file=sys.stderr)
        return 1
    funcs = litmuslib.functions(source)

    claimed = {}   # patch line -> tie
    nties = 0
    for test in tests:
        for tie in test.ties:
            nties += 1
            where = f"{test.path} line {tie.line}"
            defs = funcs.get(tie.func)
            if defs is None:
                problems.append(f"{where}: {tie.func}() is not a function of the series' {litmuslib.QRCU_C} ({patch}); fix the tie's name")
                continue
            body = [line for d in defs for line in d + [(0, "")]]
            hits = [i for i, (_, code) in enumerate(body) if code == tie.text]
            if not hits:
                problems.append(f"{where}: the series' {tie.func}() has no line '{tie.text}' ({patch}); the barrier this test models was removed or changed: restore it, or change the test and its tie")
                continue
            good = [i for i in hits
                    if i > 0 and body[i - 1][1] == tie.after
                    and i + 1 < len(body) and body[i + 1][1] == tie.before]
            if len(good) != 1:
                seen = "; ".join(
                    f"line {body[i][0]} follows '{body[i - 1][1] if i > 0 else ''}' and precedes '{body[i + 1][1] if i + 1 < len(body) else ''}'"
                    for i in hits)
                what = "is no longer" if not good else "is more than once"
                problems.append(f"{where}: the series' '{tie.text}' in {tie.func}() {what} between '{tie.after}' and '{tie.before}' ({patch} {seen}); move it back, or change the test and its tie")
                continue
            n = body[good[0]][0]
            if n in claimed and claimed[n].test is test:
                problems.append(f"{where}: ties {patch} line {n} a second time in the same test")
            claimed.setdefault(n, tie)
        for name in test.variants:
            try:
                text = test.variant_text(name)
            except litmuslib.Problem as e:
                problems.append(str(e))
                continue
            if variants_dir:
                os.makedirs(variants_dir, exist_ok=True)
                out = os.path.join(variants_dir, f"{test.name}+{name}.litmus")
                with open(out, "w", encoding="utf-8") as f:
                    f.write(text)

    nprims = nplanted = 0
    for func, defs in funcs.items():
        for d in defs:
            for i, (n, code) in enumerate(d):
                if not litmuslib.PRIMITIVE.search(code):
                    continue
                if (n not in claimed and i > 0 and PLANTED.match(d[i - 1][1])
                        and code.endswith(";")):
                    nplanted += 1
                    continue
                nprims += 1
                if n in claimed and listing:
                    print(f"{n}\t{func}\t{code}\t{claimed[n].test.path}")
                if n not in claimed:
                    problems.append(f"{patch} line {n}: {func}(): '{code}' is an ordering primitive that no litmus test in {litmus_dir} ties to; add a test with a 'Series: {func}(): {code}' tie")

    for p in problems:
        print(p)
    if problems:
        return 1
    if listing:
        return 0
    print(f"litmus-ties: {len(tests)} tests, {nties} ties, {nprims} ordering lines of {litmuslib.QRCU_C}, each tied"
          f" ({nplanted} more in planted bugs, untied)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
