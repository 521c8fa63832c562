#!/usr/bin/python3
"""serve-check [--server DIR] [--only CASE,...] [--list]: make serve's
server (build/serve/serve.py, or the copy in DIR) started on loopback
and driven through its API, as a reader's page drives it:

  api-*       a learner's fix of increment.spin verifies with errors: 0,
              and its report is verify.py's (make verify's) for the same
              model and flags; the race's trail page through Replay has
              the timeline make replay writes; an exercise graded through
              the API prints make exercise-N's lines; Save writes only a
              file unchanged on disk, else says so, and Save a copy
              writes to out/saved/;
  hostile-*   each refused or contained, the server answering after it:
              no token or a wrong one; a Host or an Origin not the
              server's own; each kind of embedded C; an #include by
              absolute path, by .., through a link; a search that never
              ends; a pan that allocates without bound; a model whose C
              forks in a loop (server started with --allow-c); a run
              that prints megabytes; 20 verifies at once (all answered,
              no more than --jobs at a time); path traversal on every
              file route; a bind to an address other than loopback.

Prints one line per case, ok or WRONG with what the server answered;
exits 1 when a case is WRONG.  build/tests/serve-selftest.sh runs the
hostile cases on copies of the server with one guard removed each."""

import argparse
import concurrent.futures
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
PY = "/usr/bin/python3"

FIXED = ("\tatomic {\n\t\ttemp = counter;\t\t/* load ... */\n"
         "\t\tcounter = temp + 1;\t/* ... then store: another process may run between */\n\t}\n")


class Server:
    """One server process on a free loopback port, with its own models,
    book and run folders."""

    def __init__(self, tmp, server_dir, *extra):
        self.tmp = tmp
        self.models = os.path.join(tmp, "models")
        if not os.path.isdir(self.models):
            shutil.copytree(os.path.join(REPO, "models"), self.models)
            os.symlink("/etc/hostname", os.path.join(self.models, "evil.h"))
        book = os.path.join(tmp, "book")
        os.makedirs(os.path.join(book, "sub"), exist_ok=True)
        with open(os.path.join(book, "index.html"), "w") as f:
            f.write("<html><body><p>the book</p></body></html>\n")
        cmd = [PY, os.path.join(server_dir, "serve.py"), "--repo", REPO, "--port", "0",
               "--book", book, "--models", self.models, "--saved", os.path.join(tmp, "saved"),
               "--runs", os.path.join(tmp, "runs")] + list(extra)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, cwd=REPO)
        line = self.proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/index\.html\?token=(\S+)", line)
        if not m:
            rest = line + self.proc.stdout.read()
            raise RuntimeError(f"the server did not start: {rest.strip()[-300:]}")
        self.port, self.token = int(m.group(1)), m.group(2)
        self.host = f"127.0.0.1:{self.port}"

    def request(self, method, path, body=None, headers=None, token=True, timeout=120):
        h = {"Host": self.host}
        if token:
            h["X-Token"] = self.token
        if body is not None:
            h["Content-Type"] = "application/json"
            h["Origin"] = f"http://{self.host}"
        h.update(headers or {})
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        c.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        for k, v in h.items():
            c.putheader(k, v)
        data = json.dumps(body).encode() if body is not None else b""
        c.putheader("Content-Length", str(len(data)))
        c.endheaders(data)
        r = c.getresponse()
        text = r.read().decode("utf-8", "replace")
        c.close()
        try:
            return r.status, json.loads(text)
        except ValueError:
            return r.status, text

    def post(self, kind, **body):
        return self.request("POST", f"/api/{kind}", body)

    def alive(self):
        status, body = self.request("GET", "/api/status", timeout=20)
        return status == 200 and isinstance(body, dict)

    def stop(self):
        self.proc.kill()
        self.proc.wait()


def model_text(name):
    with open(os.path.join(REPO, "models", name)) as f:
        return f.read()


def fixed_increment():
    text = model_text("increment.spin")
    old = ("\ttemp = counter;\t\t/* load ... */\n"
           "\tcounter = temp + 1;\t/* ... then store: another process may run between */\n")
    assert old in text, "models/increment.spin no longer has the load and store lines"
    return text.replace(old, FIXED)


def local(argv, text, name):
    """ARGV run as make runs it, outside the sandbox, in a folder laid out
    as the sandbox's: the reference output."""
    d = tempfile.mkdtemp(prefix="serve-ref.")
    try:
        os.makedirs(os.path.join(d, "models"))
        os.makedirs(os.path.join(d, "out"))
        os.symlink(os.path.join(REPO, "build"), os.path.join(d, "build"))
        os.symlink(os.path.join(REPO, "chapters"), os.path.join(d, "chapters"))
        if os.path.isdir(os.path.join(REPO, "out", "extract")):
            os.symlink(os.path.join(REPO, "out", "extract"), os.path.join(d, "out", "extract"))
        for f in os.listdir(os.path.join(REPO, "models")):
            if f.endswith(".h"):
                shutil.copy(os.path.join(REPO, "models", f), os.path.join(d, "models"))
        with open(os.path.join(d, "models", name), "w") as f:
            f.write(text)
        env = dict(os.environ, OUT="out", TIME="60", MEMLIM="1024")
        p = subprocess.run(argv, cwd=d, env=env, capture_output=True, text=True)
        pages = {}
        for top, _, files in os.walk(os.path.join(d, "out")):
            for f in files:
                if f.endswith(".html"):
                    with open(os.path.join(top, f)) as fh:
                        pages[f] = fh.read()
        return p.stdout + p.stderr, pages
    finally:
        shutil.rmtree(d, ignore_errors=True)


def steady(text):
    """A run's output without what changes from run to run (times, rates,
    the private folder's suffix)."""
    keep = []
    for line in text.splitlines():
        if re.search(r"elapsed time|states/second|^pan: rate|total actual memory", line):
            continue
        keep.append(line)
    return keep


def timeline(page):
    """The trail page's timeline and table of variables."""
    m = re.search(r'(<h2 id="timeline">.*</main>)', page, re.S)
    return m.group(1) if m else None


# ---- the cases: each returns (ok, what the server answered) ---------------

def api_fix_verifies(s):
    text = fixed_increment()
    status, r = s.post("verify", name="increment.spin", text=text, defs="-DNUMPROCS=2")
    ok = status == 200 and "errors: 0" in r.get("output", "") and r.get("code") == 0
    return ok, r.get("verdict") if isinstance(r, dict) else r


def api_same_as_make_verify(s):
    text = fixed_increment()
    _, r = s.post("verify", name="increment.spin", text=text, defs="-DNUMPROCS=3")
    ref, _ = local([PY, "build/workbench/verify.py", "models/increment.spin", "-DNUMPROCS=3",
                    "", ""], text, "increment.spin")
    a, b = steady(r.get("output", "")), steady(ref)
    diff = next((f"{x!r} vs {y!r}" for x, y in zip(a, b) if x != y), None)
    ok = a == b
    return ok, ("report identical to verify.py's, " + str(len(a)) + " lines") if ok else \
        f"differs from verify.py's: {diff or (len(a), len(b))}"


def api_race_trail(s):
    text = model_text("increment.spin")
    _, r = s.post("replay", name="increment.spin", text=text)
    page = (r.get("views") or {}).get("trail", "")
    _, pages = local(["sh", "-c", f"{PY} build/workbench/verify.py models/increment.spin '' '' ''"
                      f" >/dev/null 2>&1; {PY} build/workbench/simulate.py replay "
                      "models/increment.spin"], text, "increment.spin")
    ref = pages.get("increment.spin.trail.html", "")
    got, want = timeline(page), timeline(ref)
    ok = got is not None and got == want
    return ok, (f"{r.get('verdict')}; the timeline is make replay's ({len(got)} characters)"
                if ok else f"timeline {'missing' if got is None else 'differs'}: {r.get('verdict')}")


def api_grade(s):
    for path in sorted(os.listdir(os.path.join(REPO, "models"))):
        if re.match(r"^ex\d+-.*\.spin$", path):
            _, m = s.request("GET", f"/api/model?name={path}")
            if m.get("exercise"):
                break
    else:
        return False, "no exercise's file in models/"
    n, text = str(m["exercise"]), model_text(path)
    _, r = s.post("grade", name=path, text=text, exercise=n)
    ref, _ = local([PY, "build/workbench/grade.py", n, f"models/{path}"], text, path)
    got = [ln for ln in r.get("output", "").splitlines() if ln.strip()]
    want = [ln for ln in ref.splitlines() if ln.strip()]
    diff = next(((x, y) for x, y in zip(got + [""] * len(want), want + [""] * len(got))
                 if x != y), None)
    return got == want and got != [], (f"exercise {n}: {len(got)} lines, as grade.py's"
                                       if got == want else f"first difference: {diff}")


def api_simulate(s):
    text = model_text("increment.spin")
    _, r = s.post("simulate", name="increment.spin", text=text, seed="7", steps="200")
    ref, _ = local([PY, "build/workbench/simulate.py", "random", "models/increment.spin", "", "7",
                    "200", ""], text, "increment.spin")
    same = steady(r.get("output", "")) == steady(ref)
    return same and r.get("seed") == "7", (f"seed {r.get('seed')}: the run simulate.py prints, "
                                           f"{len(ref.splitlines())} lines" if same else
                                           f"differs from simulate.py's: {r.get('verdict')}")


def api_automaton(s):
    text = model_text("increment.spin")
    _, r = s.post("automaton", name="increment.spin", text=text)
    _, pages = local([PY, "build/workbench/automaton.py", "models/increment.spin", "", ""], text,
                     "increment.spin")
    got, want = (r.get("views") or {}).get("automaton"), pages.get("increment.spin.automaton.html")
    return got is not None and got == want and "<svg" in got, \
        (f"the page automaton.py writes, {got.count('<svg')} drawings" if got and got == want
         else f"differs from automaton.py's: {r.get('verdict')}")


def api_save(s):
    path = os.path.join(s.models, "increment.spin")
    status, m = s.request("GET", "/api/model?name=increment.spin")
    text = m["text"] + "/* a reader's note */\n"
    st1, r1 = s.post("save", name="increment.spin", text=text, base=m["sha"])
    written = open(path).read() == text
    with open(path, "a") as f:
        f.write("/* changed on disk meanwhile */\n")
    st2, r2 = s.post("save", name="increment.spin", text=text + "x", base=r1.get("sha"))
    kept = "meanwhile" in open(path).read()
    st3, r3 = s.post("save", name="increment.spin", text=text + "x", copy=True)
    copied = st3 == 200 and os.path.isfile(os.path.join(s.tmp, "saved",
                                                        os.path.basename(r3.get("saved", ""))))
    ok = st1 == 200 and written and st2 == 409 and kept and copied
    return ok, f"save {st1}; after a change on disk {st2}: {r2.get('error')}; copy: {r3.get('saved')}"


def hostile_token(s):
    a, _ = s.request("GET", "/index.html", token=False)
    b, _ = s.request("GET", "/index.html", token=False, headers={"X-Token": "wrong" + s.token})
    c, _ = s.request("POST", "/api/verify", {"name": "increment.spin", "text": ""}, token=False)
    d, _ = s.request("GET", f"/index.html?token={s.token}x", token=False)
    return (a, b, c, d) == (403, 403, 403, 403), f"no token {a}, wrong token {b}, POST without {c}, wrong in URL {d}"


def hostile_host(s):
    a, body = s.request("GET", "/api/status", headers={"Host": f"evil.example:{s.port}"})
    b, _ = s.request("GET", "/index.html", headers={"Host": "evil.example"})
    return (a, b) == (403, 403), f"Host evil.example:{s.port}: {a}, {str(body).strip()[:90]}; Host evil.example: {b}"


def hostile_origin(s):
    a, body = s.request("POST", "/api/verify", {"name": "increment.spin", "text": "init { skip }"},
                        headers={"Origin": "http://evil.example"})
    b, _ = s.request("POST", "/api/save", {"name": "increment.spin", "text": ""},
                     headers={"Origin": "null"})
    return (a, b) == (403, 403), f"Origin http://evil.example: {a} {body}; Origin null: {b}"


def hostile_form(s):
    # A cross-site form can send only form encodings, never JSON.
    h = {"Host": s.host, "X-Token": s.token, "Content-Type": "application/x-www-form-urlencoded"}
    c = http.client.HTTPConnection("127.0.0.1", s.port, timeout=20)
    c.request("POST", "/api/save", body="name=increment.spin&text=x", headers=h)
    r = c.getresponse()
    r.read()
    return r.status == 415, f"a form's POST: {r.status}"


def refused(s, text, want, **flags):
    status, r = s.post("verify", name="hostile.spin", text=text, **flags)
    line = r.get("refused", "") if isinstance(r, dict) else ""
    return bool(line) and want in line and "run" not in r, line or str(r)[:200]


C_CASES = {
    "c_code": 'c_code { system("id"); }\ninit { skip }\n',
    "c_decl": "c_decl { int x; }\ninit { skip }\n",
    "c_expr": "init { c_expr { 1 } -> skip }\n",
    "c_state": 'c_state "int y" "Global"\ninit { skip }\n',
    "c_track": 'c_track "&x" "4"\ninit { skip }\n',
}


def hostile_embedded_c(s):
    answers, ok = [], True
    for kind, text in C_CASES.items():
        good, line = refused(s, text, f"embedded C ({kind}) is refused")
        ok = ok and good
        answers.append(line)
    good, line = refused(s, "#define J(a,b) a##b\ninit { J(c_,code) { x } }\n", "token pasting")
    return ok and good, " | ".join(answers[:1] + [line])


def hostile_include_absolute(s):
    return refused(s, '#include "/etc/passwd"\ninit { skip }\n', "by its name in quotes")


def hostile_include_dotdot(s):
    ok1, a = refused(s, '#include "../README.md"\ninit { skip }\n', "by its name in quotes")
    ok2, b = refused(s, "#include </etc/passwd>\ninit { skip }\n", "by its name in quotes")
    return ok1 and ok2, a + " | " + b


def hostile_include_link(s):
    return refused(s, '#include "evil.h"\ninit { skip }\n', "link to a file outside")


# A state space without end: 40 counters, a search that stores a new
# state at nearly every step.
HUGE = ("byte a[40];\nbyte i;\n"
        "active proctype p() { do :: i = (i + 1) % 40 :: a[i] < 250 -> a[i]++ od }\n")


def hostile_never_ends(tmp, server_dir):
    s = Server(tmp, server_dir, "--time", "3")
    try:
        text = HUGE
        start = time.monotonic()
        try:
            _, r = s.request("POST", "/api/verify", {"name": "endless.spin", "text": text,
                                                      "cflags": "-DBITSTATE", "runflags": "-w30"},
                             timeout=30)
        except OSError as e:  # the budget is 3 s: 30 s is long past it and its slack
            return False, f"no answer in 30 s ({e})"
        took = time.monotonic() - start
        v = r.get("verdict", "")
        ok = "time budget of 3 s" in v and "TIME=" in v and s.alive()
        return ok, f"after {took:.0f} s: {v}"
    finally:
        s.stop()


def hostile_memory(tmp, server_dir):
    # (A time budget well past the seconds pan takes to fill 64 MB: a run
    # not stopped by the memory budget is stopped by it, and fails.)
    s = Server(tmp, server_dir, "--time", "20", "--memlim", "64")
    try:
        text = HUGE
        try:
            _, r = s.request("POST", "/api/verify", {"name": "hungry.spin", "text": text,
                                                      "runflags": "-w18"}, timeout=300)
        except OSError as e:
            return False, f"no answer in 300 s ({e})"
        v = r.get("verdict", "")
        return "memory budget" in v and "64 MB" in v and "MEMLIM=" in v and s.alive(), v
    finally:
        s.stop()


FORKS = r"""init {
	c_code {
		int i, n = 0;
		for (i = 0; i < 200; i++) {
			int p = fork();
			if (p == 0) { close(1); close(2); pause(); _exit(0); }
			if (p > 0) n++;
		}
		printf("forked %d\n", n);
	}
}
"""


def hostile_forks(tmp, server_dir):
    s = Server(tmp, server_dir, "--allow-c", "--procs", "40", "--time", "20")
    try:
        _, r = s.post("verify", name="forks.spin", text=FORKS)
        m = re.search(r"forked (\d+)", r.get("output", ""))
        n = int(m.group(1)) if m else None
        ok = n is not None and n < 40 and s.alive()
        return ok, f"the model's C forked {n} of 200 children (process limit 40); {r.get('verdict')}"
    finally:
        s.stop()


def escape_text(models):
    target = os.path.join(REPO, "README.md")
    dropped = os.path.join(models, "dropped.h")
    return ("init {\n\tc_code {\n"
            f'\t\tFILE *r = fopen("{target}", "r");\n'
            f'\t\tFILE *w = fopen("{dropped}", "w");\n'
            '\t\tprintf("read the repository: %s\\n", r ? "yes" : "no");\n'
            '\t\tprintf("wrote into models: %s\\n", w ? "yes" : "no");\n'
            "\t}\n}\n")


def hostile_escape(tmp, server_dir):
    s = Server(tmp, server_dir, "--allow-c", "--time", "20")
    try:
        _, r = s.post("verify", name="escape.spin", text=escape_text(s.models))
        out = r.get("output", "")
        said = re.findall(r"^(read the repository|wrote into models): (\w+)", out, re.M)
        ok = said == [("read the repository", "no"), ("wrote into models", "no")] and \
            not os.path.exists(os.path.join(s.models, "dropped.h")) and s.alive()
        return ok, "embedded C (allowed) tried to read the repository's README.md and to write " \
            f"into models/: {said or r.get('verdict')}"
    finally:
        s.stop()


def hostile_megabytes(tmp, server_dir):
    s = Server(tmp, server_dir, "--output-mb", "1", "--time", "20")
    try:
        text = ('active proctype p() { do :: printf("%d ' + "x" * 100 + '\\n", 1) od }\n')
        _, r = s.post("simulate", name="loud.spin", text=text, seed="1", steps="200000")
        v = r.get("verdict", "") if isinstance(r, dict) else ""
        size = len(r.get("output", "")) if isinstance(r, dict) else 0
        ok = "output limit" in v and size <= 2 ** 20 and s.alive()
        return ok, f"{v} ({size} characters kept)"
    finally:
        s.stop()


def hostile_twenty(s):
    text = fixed_increment()
    with concurrent.futures.ThreadPoolExecutor(20) as pool:
        # The last waits for the 19 before it, two at a time: on a busy
        # machine, minutes.
        answers = list(pool.map(lambda i: s.request("POST", "/api/verify", {
            "name": "increment.spin", "text": text}, timeout=900), range(20)))
    good = sum(1 for st, r in answers if st == 200 and "errors: 0" in r.get("output", ""))
    _, status = s.request("GET", "/api/status")
    ok = good == 20 and status["peak"] <= status["jobs"]
    return ok, f"{good} of 20 answered with errors: 0; at most {status['peak']} ran at once (jobs {status['jobs']})"


def hostile_traversal(s):
    wrong = []
    for path in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
                 "/sub/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd", "/..%2f..%2f..%2f..%2fetc/hostname",
                 "/_serve/..%2fserve.py", "/_serve/%2e%2e%2f%2e%2e%2fREADME.md",
                 "/api/model?name=../../../../etc/passwd", "/api/model?name=/etc/passwd",
                 "/api/model?name=..%2fREADME.md", "/api/model?name=evil.h"]:
        st, body = s.request("GET", path)
        text = json.dumps(body) if isinstance(body, dict) else body
        if st == 200 or "root:" in text or "README" in text.upper() and st == 200:
            wrong.append(f"{path}: {st}")
    for name in ["../README.md", "/tmp/x.spin", "..", "evil.h"]:
        st, body = s.post("save", name=name, text="init { skip }\n", base="")
        if st == 200:
            wrong.append(f"save {name}: {st}")
    st, body = s.request("GET", "/api/model?name=../../../../etc/passwd")
    named = isinstance(body, dict) and "not a model's file name" in body.get("error", "")
    if not named:
        wrong.append(f"model ../../etc/passwd: {body}")
    return not wrong and s.alive(), "; ".join(wrong) or \
        "every route answered 403, 404 or 400 (e.g. model ../../etc/passwd: " + body["error"] + ")"


def hostile_bind(tmp, server_dir):
    answers = []
    os.makedirs(os.path.join(tmp, "book"), exist_ok=True)
    with open(os.path.join(tmp, "book", "index.html"), "w") as f:
        f.write("<html><body></body></html>\n")
    for host in ("0.0.0.0", "::", "example.com"):
        p = subprocess.Popen([PY, os.path.join(server_dir, "serve.py"), "--repo", REPO,
                              "--host", host, "--port", "0", "--book", os.path.join(tmp, "book"),
                              "--runs", os.path.join(tmp, "runs")],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            out, _ = p.communicate(timeout=10)  # a refusal is immediate; a server listens on
        except subprocess.TimeoutExpired:
            p.kill()
            out = p.communicate()[0]
        answers.append((host, p.returncode, out.strip().splitlines()[-1:] or [""]))
    ok = all(code not in (0, None, -9) and "refused to listen" in line[0]
             for _, code, line in answers)
    return ok, "; ".join(f"--host {h}: status {c}: {ln[0][:100]}" for h, c, ln in answers)


SHARED = [api_fix_verifies, api_same_as_make_verify, api_race_trail, api_grade, api_simulate,
          api_automaton, api_save,
          hostile_token, hostile_host, hostile_origin, hostile_form, hostile_embedded_c,
          hostile_include_absolute, hostile_include_dotdot, hostile_include_link,
          hostile_traversal, hostile_twenty]
OWN = [hostile_never_ends, hostile_memory, hostile_forks, hostile_escape, hostile_megabytes, hostile_bind]


def name_of(f):
    return f.__name__.replace("_", "-")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=os.path.join(REPO, "build", "serve"))
    ap.add_argument("--only", default="")
    ap.add_argument("--list", action="store_true")
    opts = ap.parse_args()
    cases = SHARED + OWN
    if opts.list:
        print("\n".join(name_of(f) for f in cases))
        return 0
    only = [c for c in opts.only.split(",") if c]
    unknown = set(only) - {name_of(f) for f in cases}
    if unknown:
        sys.exit(f"serve-check: no case {', '.join(sorted(unknown))} (--list names them)")
    chosen = [f for f in cases if not only or name_of(f) in only]
    tmp = tempfile.mkdtemp(prefix="serve-check.")
    wrong = 0
    shared = None
    try:
        for f in chosen:
            try:
                if f in SHARED:
                    shared = shared or Server(tmp, opts.server)
                    ok, said = f(shared)
                    ok = ok and shared.alive()
                else:
                    ok, said = f(tmp, opts.server)
            except Exception as e:  # a case that cannot even ask is WRONG, said so
                ok, said = False, f"{type(e).__name__}: {e}"
            print(f"{'ok' if ok else 'WRONG'} {name_of(f)}: {said}", flush=True)
            wrong += not ok
    finally:
        if shared:
            shared.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"serve-check: {len(chosen) - wrong} cases ok, {wrong} WRONG")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
