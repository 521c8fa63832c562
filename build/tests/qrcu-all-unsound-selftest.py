#!/usr/bin/python3
"""qrcu-all-unsound-selftest: an edit that makes chapter 9's all-sizes
model unsound fails make check, whatever make bless did.

Chapter 9's pass holds only if the abstract model keeps every transition
its matching argument needs.  Each case below removes concrete behaviour
from qrcu-all.spin (as the chapter's extraction wrote it into OUT) the
way a careless or hostile edit of the chapter would, and then judges
what make check would: the probes model is derived from the edited text
with the chapter's own probe edit, and the probe row that guards the
removed behaviour is run as sweep probe-all runs it (-DPROBE=NAME, the
sweep's flags) and judged by its verdict column and the marks the model
places, as build/pipeline/check-run.py does.  make bless refreshes the
expect column only, never the verdict or transition columns, so what is
judged here is exactly what survives a bless.  The case wants the line
that check prints: the transition dead, or its mark gone.

Some edits also change what a mutant run of the chapter concludes (an
environment that never flips lets chapter 8's mutant (a) pass); those
cases also derive the mutant from the edited model with the chapter's
own edit, run it with its block's flags, and want the line the chapter's
verdict= makes check print.

Then, for every row of every probe sweep of the book (chapter 9's
probe-all, chapter 8's probe-r5, -r6, -r7, appendix E's liveness probes:
each sweep whose parameter is PROBE), the line of the base model that
the row's mark sits on is deleted: the derived probes model must no
longer place that mark, which check-run.py reports for the row.

A control runs each case's probe on the unedited model and wants it to
stop on its probe (and each mutant to bear out its verdict), so that no
case passes because nothing ran.  Needs make chapter-9's extraction in
OUT; takes some seconds."""

import os
import re
import sys
import tempfile

from build.lib import blockformat
from build.lib import modelfiles
from build.lib import panreport
from build.lib import panrun
from build.lib import runstore

CHAPTER = "ch[0-9][0-9]-qrcu-all-sizes"
SWEEP = "probe-all"

# (the edit, the probe row that must notice, {mutant run: what its check
# must print}, [(pattern, replacement)]): every pattern must match, or
# the case fails saying the edit no longer applies to the model.
CASES = [
    ("dec loses its 'exactly B - 1' option", "dec_bound_down", {},
     [(r"\t:: \(x\) == \(B\) -> x = \(B\) - 1 \\\n", "")]),
    ("an other reader's failed increment made skip", "other_inc_fails", {},
     [(r":: else -> inc\(idle, 1\) \\", r":: else -> skip \\")]),
    ("an other reader's failed increment deleted", "other_inc_fails", {},
     [(r"\t\t:: else -> inc\(idle, 1\) \\\n", "")]),
    ("the watched reader gives up after one failed increment", "reader_retries", {},
     [(r":: else -> myidx = 0\n", ":: else -> myidx = 0; goto gaveup\n"),
      (r"\tatomic \{ rheld = 0; myidx = 0 \}\n\}", "\tatomic { rheld = 0; myidx = 0 };\ngaveup:\tskip\n}")]),
    ("the other readers never start", "other_reads_idx", {},
     [(r"\t\t:: idle = 1\n", "\t\t:: idle = 0\n")]),
    ("held bounded by 1", "other_holds_two", {},
     [(r"inc\(held\[b\], K\)", "inc(held[b], 1)")]),
    ("the environment never flips", "env_flips",
     {"mut-noresum-all-2": "passes", "mut-swap-all-2": "reports"},
     [(r"step == 2 -> idx = !idx; step = 3", "step == 2 -> step = 3")]),
]


def extracted(kind):
    for d in runstore.extract_dirs(runstore.OUT, CHAPTER):
        path = os.path.join(d, kind)
        if os.path.exists(path):
            return path
    sys.exit(f"qrcu-all-unsound-selftest: no {kind} in {runstore.OUT}/extract/; run make chapter-9")


def derive_body(name):
    return open(extracted("derive." + name)).read().split("\n---\n", 1)[1]


def probe_rows():
    """{PROBE: (row id, transition, verdict, runflags)} of sweep probe-all."""
    spec = extracted("sweep." + SWEEP)
    keys, _ = blockformat.read_spec(spec)
    rows = {}
    for rid, flags, _, _, cell in blockformat.sweep_rows(spec, "chapter 9"):
        rows[cell["PROBE"]] = (rid, cell["transition"], cell["verdict"], keys.get("runflags", ""),
                               keys.get("cflags", ""))
    return rows


def spin(text, name, spec, tmp, label, includes_from):
    """pan's report fields of MODEL text run with SPEC's flags, or a
    string saying why there is none."""
    d = os.path.join(tmp, label)
    os.makedirs(d)
    path = os.path.join(d, name)
    with open(path, "w") as f:
        f.write(text)
    for inc in modelfiles.includes(includes_from):
        with open(os.path.join(d, os.path.basename(inc)), "w") as f:
            f.write(open(inc).read())
    try:
        out, _, _ = panrun.run(path, os.path.join(d, "work"), defs=spec.get("defs", ""),
                               cflags=spec.get("cflags") or None,
                               runflags=spec.get("runflags", ""), label=None, trail=False)
    except panrun.RunError as e:
        return f"no report: {e}"
    return panreport.parse(out)


def probe_check(model_text, probe, rows, tmp, label, includes_from):
    """What make check prints first for row PROBE of sweep probe-all when
    the model is MODEL_TEXT, or None when the row passes."""
    probes = modelfiles.transform(model_text, derive_body("qrcu-all-probes.spin"))
    if isinstance(probes, Exception):
        return f"the change that makes qrcu-all-probes.spin does not apply: {probes}"
    rid, transition, verdict, runflags, cflags = rows[probe]
    problems = []
    fields = spin(probes, "qrcu-all-probes.spin",
                  {"defs": f"-DPROBE={probe}", "runflags": runflags, "cflags": cflags},
                  tmp, label, includes_from)
    if isinstance(fields, str):
        return f"{rid}: {fields}"
    why = panreport.probe_judge(fields, verdict, transition)
    if why:
        problems.append(f"the chapter's verdict: {why}")
    if probe not in set(panreport.PROBE_MARK.findall(probes)):
        problems.append(panreport.unplaced(probe, "qrcu-all-probes.spin"))
    if not problems:
        return None
    return (f"{rid}: differs from the chapter: {problems[0]}"
            f" ({fields.get('stored')} states stored)")


def mutant_check(model_text, rid, tmp, label, includes_from):
    """What make check prints first for the chapter's run RID (a mutant
    of qrcu-all.spin) when its base is MODEL_TEXT, or None."""
    spec, _ = blockformat.read_spec(extracted(f"run.{rid}.flags"))
    verdict = open(extracted("verdict." + rid)).read().strip()
    text = modelfiles.transform(model_text, derive_body(spec["model"]))
    if isinstance(text, Exception):
        return f"the change that makes {spec['model']} does not apply: {text}"
    fields = spin(text, spec["model"], spec, tmp, label, includes_from)
    if isinstance(fields, str):
        return f"{rid}: {fields}"
    why = panreport.judge(fields, verdict)
    return f"{rid}: differs from the chapter: the chapter's verdict: {why}" if why else None


def edited(base, edits):
    text = base
    for pattern, repl in edits:
        text, k = re.subn(pattern, repl, text)
        if k == 0:
            return None, pattern
    return text, None


def probe_sweeps():
    """(sweep id, base model name, base text, probe edit, {PROBE: row id})
    of every sweep of the book whose parameter is PROBE."""
    found = []
    for d in runstore.extract_dirs(runstore.OUT):
        for spec in runstore.defined("sweep", d):
            keys, _ = blockformat.read_spec(spec)
            if keys.get("params") != "PROBE":
                continue
            derive = os.path.join(d, "derive." + keys["model"])
            if not os.path.exists(derive):
                continue
            head, body = open(derive).read().split("\n---\n", 1)
            base = re.search(r"^from=(\S+)", head, re.M).group(1)
            path = os.path.join(runstore.MODELS, base)
            if not os.path.exists(path):
                continue
            rows = {c["PROBE"]: rid for rid, _, _, _, c in blockformat.sweep_rows(spec, d)}
            found.append((keys["id"], base, open(path).read(), body, keys["model"], rows))
    return found


def deletions(name, base, body, model, rows):
    """For each probe row: the base model NAME with the line its mark sits
    on deleted must give a probes model that no longer places the mark."""
    probes = modelfiles.transform(base, body)
    if isinstance(probes, Exception):
        return 1, [f"NOT OK the probe edit of {model} does not apply to {name}: {probes}"]
    b, p = base.split("\n"), probes.split("\n")
    head = len(p) - len(b)
    if head < 0 or p[head:][0] != b[0] or p[-1] != b[-1]:
        return 1, [f"NOT OK the probe edit of {model} no longer maps {name} line for line "
                   "after its header; the deletion cases need it to"]
    bad, lines = 0, []
    for probe in sorted(rows):
        at = [i for i, line in enumerate(p[head:]) if probe in panreport.PROBE_MARK.findall(line)]
        if not at:
            bad += 1
            lines.append(f"NOT OK deletion of {probe}: {model} places no mark for it")
            continue
        text = "\n".join(line for i, line in enumerate(b) if i not in at)
        got = modelfiles.transform(text, body)
        placed = set() if isinstance(got, Exception) else set(panreport.PROBE_MARK.findall(got))
        if probe in placed:
            bad += 1
            lines.append(f"NOT CAUGHT: deleting {name} line {at[0] + 1} still places "
                         f"reached({probe})")
        else:
            lines.append(f"ok: deleting {name} line {at[0] + 1} ({b[at[0]].strip()[:40]}): "
                         f"{rows[probe]}: probe {probe}: {model} places no reached({probe})")
    return bad, lines


def main():
    model_path = extracted("model.qrcu-all.spin")
    base = open(model_path).read()
    rows = probe_rows()
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n, (name, probe, mutants, edits) in enumerate(CASES):
            if probe not in rows:
                print(f"NOT OK {name}: sweep {SWEEP} has no row {probe}")
                bad += 1
                continue
            control = probe_check(base, probe, rows, tmp, f"control-{n}", model_path)
            control = control or next(filter(None, (
                mutant_check(base, rid, tmp, f"control-{n}-{rid}", model_path)
                for rid in mutants)), None)
            if control:
                print(f"NOT OK control of {name!r} on the unedited model: {control}")
                bad += 1
                continue
            text, missing = edited(base, edits)
            if text is None:
                print(f"NOT OK {name}: the edit {missing!r} no longer applies to "
                      f"{os.path.basename(model_path)}; rewrite the case for the model")
                bad += 1
                continue
            got = probe_check(text, probe, rows, tmp, f"case-{n}", model_path)
            if got:
                print(f"ok: {name}: make check prints: {got}")
            else:
                print(f"NOT CAUGHT: {name}: probe {probe} still stops on its probe")
                bad += 1
            for rid, want in mutants.items():
                got = mutant_check(text, rid, tmp, f"case-{n}-{rid}", model_path)
                if got and f"but {want}" in got:
                    print(f"ok: {name}: make check also prints: {got}")
                else:
                    print(f"NOT CAUGHT: {name}: {rid}: expected its verdict to fail with "
                          f"'but {want}', got {got!r}")
                    bad += 1
    sweeps = probe_sweeps()
    if not any(sid == SWEEP for sid, *_ in sweeps):
        print(f"NOT OK no sweep {SWEEP} among the book's probe sweeps")
        bad += 1
    deleted = 0
    for sid, name, text, body, model, sweep_rows in sweeps:
        k, lines = deletions(name, text, body, model, sweep_rows)
        print("\n".join(lines))
        bad += k
        deleted += len(sweep_rows)
    if bad:
        sys.exit(f"qrcu-all-unsound-selftest: {bad} case(s) wrong")
    print(f"qrcu-all-unsound-selftest: each of {len(CASES)} unsound edits fails make check, "
          f"and so does deleting the line of each of {deleted} probes of {len(sweeps)} probe "
          "sweeps; each control "
          "stops on its probe on the unedited model")


main()
