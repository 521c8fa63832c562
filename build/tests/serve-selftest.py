#!/usr/bin/python3
"""serve-selftest [NAME...]: each guard of make serve's server removed,
one at a time, from a copy of build/serve/, and the hostile case of
build/tests/serve-check.py that guards it run against that copy: the
case must turn WRONG.  A break that no longer applies (its text is gone
from the server) is a failure too.  Prints ok or WRONG per guard."""

import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))

# name: (file of build/serve/, [(text, replacement)], the case that must fail)
BREAKS = {
    "token": ("serve.py", [("if not hmac.compare_digest(", "if False and not hmac.compare_digest(")],
              "hostile-token"),
    "host": ("serve.py", [('if request.headers.get("Host", "") not in self.own_hosts():', "if False:")],
             "hostile-host"),
    "origin": ("serve.py", [("if origin is not None and origin not in", "if False and origin not in")],
               "hostile-origin"),
    "json-only": ("serve.py", [('if request.content_type != "application/json":', "if False:")],
                  "hostile-form"),
    "embedded-c": ("guard.py", [("m = EMBEDDED_C.search(line)", "m = None")], "hostile-embedded-c"),
    "token-pasting": ("guard.py", [('if "##" in line:', "if False:")], "hostile-embedded-c"),
    "include-form": ("guard.py", [('m = PLAIN_INCLUDE.match(d.group(2)) if d.group(1) == "include" else None',
                                   "m = re.match(r'^\\s*[\"<]([^\">]+)', d.group(2))")],
                     "hostile-include-absolute"),
    "include-dotdot": ("guard.py", [('m = PLAIN_INCLUDE.match(d.group(2)) if d.group(1) == "include" else None',
                                     "m = re.match(r'^\\s*[\"<]([^\">]+)', d.group(2))")],
                       "hostile-include-dotdot"),
    "include-link": ("guard.py", [("if not inside(folder, path) or not os.path.isfile(path):",
                                   "if not os.path.isfile(path):")], "hostile-include-link"),
    "time": ("sandbox.py", [('"TIME": str(limits.time)', '"TIME": "100000"'),
                            ("return self.time + self.slack", "return 100000")],
             "hostile-never-ends"),
    "memory": ("sandbox.py", [('"MEMLIM": str(limits.memlim)', '"MEMLIM": "100000"'),
                              ('f"--as={(limits.memlim + 1024) * 2 ** 20}"', '"--as=unlimited"')],
               "hostile-memory"),
    # No process limit: as high as this machine lets the server set it.
    "processes": ("sandbox.py", [('f"--nproc={limits.procs}"',
                                  '"--nproc=" + (lambda h: "unlimited" if h < 0 else str(h))('
                                  '__import__("resource").getrlimit(__import__("resource").RLIMIT_NPROC)[1])')],
                  "hostile-forks"),
    "sandbox": ("sandbox.py", [('args = ["--ro-bind", "/usr", "/usr"]', 'return ["--bind", "/", "/"]')],
                "hostile-escape"),
    "output": ("sandbox.py", [("if size[0] > cap:", "if False:")], "hostile-megabytes"),
    "jobs": ("serve.py", [("self.jobs = asyncio.Semaphore(opts.jobs)", "self.jobs = asyncio.Semaphore(1000)")],
             "hostile-twenty"),
    "traversal": ("serve.py", [("if os.path.commonpath([path, folder]) != folder:", "if False:")],
                  "hostile-traversal"),
    "model-name": ("guard.py", [('if not isinstance(name, str) or not NAME.match(name) or name in (".", ".."):',
                                 "if not isinstance(name, str):")], "hostile-traversal"),
    "loopback": ("serve.py", [("if not loopback:", "if False:")], "hostile-bind"),
}
# Breaks run alone, not beside another (a fork bomb).
ALONE = {"processes"}
# The page's workbench, for build/tests/serve-browser.py (--browser).
BROWSER = {
    "edit-kept": ("serve.js", [("keep(self.name, {text: self.cm.getValue()", "void ({text: self.cm.getValue()")],
                  "browser"),
    "trail-shown": ("serve.js", [("if (!views[k]) return;", "if (views[k]) return;")], "browser"),
    "grade-offered": ("serve.js", [("if (m.exercise) {", "if (false) {")], "browser"),
    "seed-shown": ("serve.js", [("if (r.seed) {", "if (false) {")], "browser"),
    "verdict-shown": ("serve.js", [("var verdict = r.refused || r.error || r.verdict || '(no verdict)';",
                                    "var verdict = r.refused || r.error || '(no verdict)';")], "browser"),
}


def judge(table, name):
    """(the verdict line of break NAME, whether it is WRONG)."""
    path, subs, case = table[name]
    tmp = tempfile.mkdtemp(prefix="serve-selftest.")
    try:
        serve = os.path.join(tmp, "build", "serve")
        shutil.copytree(os.path.join(REPO, "build", "serve"), serve)
        os.symlink(os.path.join(REPO, "build", "lib"), os.path.join(tmp, "build", "lib"))
        shutil.copy(os.path.join(REPO, "build", "__init__.py"), os.path.join(tmp, "build"))
        target = os.path.join(serve, path)
        text = open(target).read()
        missing = [old for old, _ in subs if text.count(old) != 1]
        if missing:
            return (f"WRONG {name}: the break no longer applies to build/serve/{path}: "
                    f"{missing[0]!r} is not there once"), True
        for old, new in subs:
            text = text.replace(old, new)
        with open(target, "w") as f:
            f.write(text)
        check = [os.path.join(HERE, "serve-browser.py"), "--server", serve] if case == "browser" \
            else [os.path.join(HERE, "serve-check.py"), "--server", serve, "--only", case]
        # The broken copy is imported from its own top (PYTHONPATH, as
        # build/lib/defaults.mk sets it for the project), never this one's.
        p = subprocess.run(check, capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=tmp))
        line = next((ln for ln in p.stdout.splitlines() if ln.startswith(("ok ", "WRONG "))
                     or "WRONG" in ln), p.stdout.strip() + p.stderr.strip()[-200:])[:400]
        if p.returncode == 1 and "WRONG" in line:
            return f"ok {name}: without it, {line}", False
        return f"WRONG {name}: {case} still passes without the guard: {line}", True
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(names):
    table = BREAKS
    if names[:1] == ["--browser"]:
        table, names = BROWSER, names[1:]
    names = names or list(table)
    for name in names:
        if name not in table:
            sys.exit(f"serve-selftest: no break {name} (one of: {', '.join(table)})")
    # Two breaks at a time: each has its copy, its server on a port of its
    # own and its own folders; most of a case is waiting (for a limit to
    # stop a hostile run), not computing.  The break of the process limit
    # runs alone, after them: its fork bomb must not starve another
    # case.  Printed in the table's order.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        found = dict(pool.map(lambda name: (name, judge(table, name)), [n for n in names if n not in ALONE]))
    found.update((name, judge(table, name)) for name in names if name in ALONE)
    verdicts = [found[name] for name in names]
    for line, _ in verdicts:
        print(line, flush=True)
    wrong = sum(1 for _, bad in verdicts if bad)
    print(f"serve-selftest: {len(names) - wrong} guards seen to matter, {wrong} WRONG")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
