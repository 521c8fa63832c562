#!/usr/bin/python3
"""serve: the book and a workbench inside its pages, on this machine only.

    build/serve/serve.py [--port N] [--allow-c] [--time S] [--memlim MB] ...

Serves out/book/ and an API on 127.0.0.1 (an address that is not a
loopback one is refused at start), behind a random token: it prints one
URL that carries it; the page keeps it in a cookie of this port.  Every
request must name this server as its Host (a DNS-rebound name is
refused), carry the token, and a request that changes something must
come from this server's own pages (Origin) with a JSON body.

The API runs the workbench's own tools (build/workbench/: verify.py,
simulate.py, automaton.py, grade.py: what make verify, simulate, replay,
automaton and exercise-N run), each in a sandbox of its own
(sandbox.py), after guard.py has refused embedded C and includes from
outside the models' folder (unless --allow-c).  At most --jobs runs at
once; the others wait.  Save writes a model of models/ only when the
file on disk is the one the page loaded; nothing else writes there."""

import argparse
import asyncio
import glob
import hashlib
import hmac
import ipaddress
import json
import os
import re
import secrets
import shutil
import sys
import tempfile
import time

from aiohttp import web

from build.lib import blockformat
from build.serve import guard
from build.lib import runstore
from build.serve import sandbox

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))

CODEMIRROR = "/usr/share/javascript/codemirror"
PY = "/usr/bin/python3"
MAX_TEXT = 512 * 1024
ASSETS = {  # what /_serve/ serves: the page's script and style, CodeMirror
    "serve.js": os.path.join(HERE, "serve.js"),
    "serve.css": os.path.join(HERE, "serve.css"),
    "codemirror.js": os.path.join(CODEMIRROR, "lib", "codemirror.js"),
    "codemirror.css": os.path.join(CODEMIRROR, "lib", "codemirror.css"),
    "clike.js": os.path.join(CODEMIRROR, "mode", "clike", "clike.js"),
}


def sha(text):
    return hashlib.sha256(text.encode()).hexdigest()


def fail(status, message):
    """A JSON answer with one line saying why."""
    return web.json_response({"error": message}, status=status)


class Server:
    def __init__(self, opts):
        self.opts = opts
        self.token = secrets.token_urlsafe(24)
        self.limits = sandbox.Limits(time=opts.time, memlim=opts.memlim, output=opts.output_mb,
                                     procs=opts.procs, jobs=opts.jobs)
        self.jobs = asyncio.Semaphore(opts.jobs)
        self.running = self.queued = self.peak = self.served = 0
        self.book = os.path.realpath(opts.book)
        self.models = os.path.realpath(opts.models)
        self.port = None
        self.book_version = 0

    # ---- who may ask ------------------------------------------------------

    def own_hosts(self):
        return {f"127.0.0.1:{self.port}", f"localhost:{self.port}", f"[::1]:{self.port}"}

    def token_of(self, request):
        return (request.headers.get("X-Token") or request.cookies.get(self.cookie) or
                request.query.get("token") or "")

    @property
    def cookie(self):
        return f"spin-serve-{self.port}"

    @web.middleware
    async def gate(self, request, handler):
        # DNS rebinding: a page of another name that resolves here.
        if request.headers.get("Host", "") not in self.own_hosts():
            return web.Response(status=403, text="make serve: refused: this server answers "
                                "only to its own address (Host: 127.0.0.1:PORT)\n")
        if not hmac.compare_digest(self.token_of(request).encode(), self.token.encode()):
            return web.Response(status=403, text="make serve: refused: no token or a wrong "
                                "one; open the URL make serve printed (it carries the token)\n")
        if request.method not in ("GET", "HEAD"):
            # A cross-site POST: another page's form or script.
            origin = request.headers.get("Origin")
            if origin is not None and origin not in {f"http://{h}" for h in self.own_hosts()}:
                return fail(403, "refused: a request from another site's page")
            if request.content_type != "application/json":
                return fail(415, "refused: send JSON (Content-Type: application/json)")
        response = await handler(request)
        if "token" in request.query and request.method == "GET":
            response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/")
        return response

    # ---- files -----------------------------------------------------------

    def within(self, folder, rel):
        """FOLDER/REL when it stays inside FOLDER, links followed, else None."""
        path = os.path.realpath(os.path.join(folder, rel.lstrip("/")))
        if os.path.commonpath([path, folder]) != folder:
            return None
        return path

    async def book_file(self, request):
        rel = request.match_info["path"] or "index.html"
        path = self.within(self.book, rel)
        if path and os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not path or not os.path.isfile(path):
            return web.Response(status=404, text=f"make serve: no such page: {rel}\n")
        if path.endswith(".html"):
            with open(path, encoding="utf-8", errors="replace") as f:
                page = f.read()
            extra = ('<link rel="stylesheet" href="/_serve/codemirror.css">'
                     '<link rel="stylesheet" href="/_serve/serve.css">'
                     '<script src="/_serve/codemirror.js"></script>'
                     '<script src="/_serve/clike.js"></script>'
                     f'<script>window.SERVE={json.dumps(self.page_info())};</script>'
                     '<script src="/_serve/serve.js"></script>')
            page = page.replace("</body>", extra + "</body>", 1) if "</body>" in page \
                else page + extra
            return web.Response(text=page, content_type="text/html",
                                headers={"Cache-Control": "no-store"})
        return web.FileResponse(path, headers={"Cache-Control": "no-store"})

    def page_info(self):
        return {"allow_c": self.opts.allow_c, "version": self.book_version,
                "keywords": promela_keywords()}

    async def asset(self, request):
        path = ASSETS.get(request.match_info["name"])
        if not path or not os.path.isfile(path):
            return web.Response(status=404, text="make serve: no such file\n")
        return web.FileResponse(path, headers={"Cache-Control": "no-store"})

    def model_path(self, name):
        name = guard.model_name(name)
        path = self.within(self.models, name)
        if not path:
            raise guard.Refused(f"models/{name}: not a file of the models' folder")
        return name, path

    async def model(self, request):
        try:
            name, path = self.model_path(request.query.get("name"))
        except guard.Refused as e:
            return fail(400, str(e))
        if not os.path.isfile(path):
            return fail(404, f"models/{name}: no such model (make models writes them)")
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        return web.json_response({"name": name, "text": text, "sha": sha(text),
                                  "runs": book_runs(name), "exercise": exercise_of(name)})

    async def save(self, request):
        body = await json_body(request)
        if isinstance(body, web.Response):
            return body
        try:
            name, path = self.model_path(body.get("name"))
        except guard.Refused as e:
            return fail(400, str(e))
        text = body.get("text")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            return fail(400, "give the model's text (at most 512 KB)")
        if body.get("copy"):
            os.makedirs(self.opts.saved, exist_ok=True)
            stem, ext = os.path.splitext(name)
            dest = os.path.join(self.opts.saved, f"{stem}.{time.strftime('%Y%m%d-%H%M%S')}{ext}")
            runstore.put(dest, text)
            return web.json_response({"saved": os.path.relpath(dest, REPO)})
        if not os.path.isfile(path):
            return fail(404, f"models/{name}: no such model; Save writes only a model the "
                        "book defines")
        with open(path, encoding="utf-8", errors="replace") as f:
            now = f.read()
        if now != text and sha(now) != body.get("base"):
            return fail(409, f"models/{name} has changed on disk since this page loaded it; "
                        "not saved (Save a copy keeps yours in out/saved/)")
        runstore.put(path, text)
        return web.json_response({"saved": f"models/{name}", "sha": sha(text)})

    # ---- runs -------------------------------------------------------------

    async def status(self, request):
        return web.json_response({"running": self.running, "queued": self.queued,
                                  "peak": self.peak, "served": self.served,
                                  "jobs": self.limits.jobs, "allow_c": self.opts.allow_c})

    async def sandboxed(self, name, text, steps):
        """Run STEPS (argv lists, one after the other) on the model NAME of
        TEXT in one run directory, each in a sandbox: (results, files)
        where files maps a path under out/ to its text."""
        includes = guard.check_text(f"models/{name}", text, self.models, self.opts.allow_c)
        run_dir = tempfile.mkdtemp(prefix="run.", dir=self.opts.runs)
        try:
            models = os.path.join(run_dir, "models")
            os.makedirs(models)
            for inc in includes:
                shutil.copyfile(os.path.join(self.models, inc), os.path.join(models, inc))
            with open(os.path.join(models, name), "w") as f:
                f.write(text)
            sandbox.prepare(run_dir)
            self.queued += 1
            async with self.jobs:
                self.queued -= 1
                self.running += 1
                self.peak = max(self.peak, self.running)
                try:
                    results = []
                    for argv in steps:
                        r = await sandbox.run(argv, run_dir, REPO, self.limits)
                        results.append(r)
                        if r.limit:
                            break
                finally:
                    self.running -= 1
                    self.served += 1
            files = {}
            for path in glob.glob(os.path.join(run_dir, "out", "*", "*", "*.html")):
                if os.path.getsize(path) <= 8 * 2 ** 20:
                    with open(path, encoding="utf-8", errors="replace") as f:
                        files[os.path.relpath(path, run_dir)] = f.read()
            return results, files
        finally:
            shutil.rmtree(run_dir, ignore_errors=True)

    async def request_run(self, request, kind):
        body = await json_body(request)
        if isinstance(body, web.Response):
            return body
        try:
            name = guard.model_name(body.get("name"))
            text = body.get("text")
            if not isinstance(text, str) or len(text) > MAX_TEXT:
                raise guard.Refused("give the model's text (at most 512 KB)")
            allow = self.opts.allow_c
            defs = guard.check_flags("DEFS", body.get("defs"), allow)
            model = f"models/{name}"
            if kind == "verify" or kind == "replay":
                cflags = guard.check_flags("CFLAGS", body.get("cflags"), allow)
                runflags = guard.check_flags("RUNFLAGS", body.get("runflags"), allow)
                live = [f"ltl={guard.word('LTL', body.get('ltl'))}"] if body.get("ltl") else []
                live += ["fair=1"] if body.get("fair") else []
                live += ["np=1"] if body.get("np") else []
                steps = [[PY, "build/workbench/verify.py", model, defs, cflags, runflags] + live]
                if kind == "replay":
                    steps.append([PY, "build/workbench/simulate.py", "replay", model])
            elif kind == "simulate":
                seed = guard.word("SEED", body.get("seed"), r"^[0-9]{0,10}$")
                nsteps = guard.word("STEPS", body.get("steps"), r"^[0-9]{0,9}$")
                steps = [[PY, "build/workbench/simulate.py", "random", model, defs, seed, nsteps, ""]]
            elif kind == "automaton":
                proc = guard.word("PROC", body.get("proc"))
                steps = [[PY, "build/workbench/automaton.py", model, proc, defs]]
            else:  # grade
                n = guard.word("exercise", body.get("exercise"), r"^[1-9][0-9]{0,2}$")
                if exercise_of(name) != int(n):
                    raise guard.Refused(f"{model} is not the file of exercise {n}")
                steps = [[PY, "build/workbench/grade.py", n, model]]
            results, files = await self.sandboxed(name, text, steps)
        except guard.Refused as e:
            return web.json_response({"refused": str(e), "verdict": str(e)})
        return web.json_response(answer(kind, model, results, files))

    async def verify(self, request):
        return await self.request_run(request, "verify")

    async def simulate(self, request):
        return await self.request_run(request, "simulate")

    async def replay(self, request):
        return await self.request_run(request, "replay")

    async def automaton(self, request):
        return await self.request_run(request, "automaton")

    async def grade(self, request):
        return await self.request_run(request, "grade")

    async def version(self, request):
        return web.json_response({"version": self.book_version})

    # ---- the book, rebuilt when a chapter changes --------------------------

    async def watch(self, app):
        def stamp():
            return [(p, os.path.getmtime(p)) for p in sorted(
                glob.glob(os.path.join(REPO, "chapters", "*.md")) +
                glob.glob(os.path.join(REPO, "quizzes", "*.md")))]
        seen = stamp()
        while True:
            await asyncio.sleep(2)
            now = stamp()
            if now == seen:
                continue
            seen = now
            print("make serve: a chapter changed; rebuilding the book (make book)", flush=True)
            p = await asyncio.create_subprocess_exec("make", "--no-print-directory", "-s", "book",
                                                     cwd=REPO)
            if await p.wait() == 0:
                self.book_version += 1
            else:
                print("make serve: make book failed; the pages stay as they were", flush=True)


def answer(kind, model, results, files):
    """What the page shows: the verdict first, the run's output, the
    limit it hit, the views the workbench wrote."""
    out = "".join(r.out for r in results)
    limit = next((r.limit for r in results if r.limit), "")
    verdict = limit
    if not verdict:
        mine = [ln for ln in out.splitlines() if ln.startswith(model + ":")]
        errs = [ln for r in results for ln in r.err.splitlines() if ln.strip()]
        # else the last line the tool printed (the grader's count, a
        # simulation's seed)
        verdict = (mine[-1] if mine else errs[-1] if errs else
                   next((ln for ln in reversed(out.splitlines()) if ln.strip()), ""))
    views = {}
    for path, text in files.items():
        kindof = ("trail" if path.endswith(".trail.html") else "automaton"
                  if path.endswith(".automaton.html") else "unreached"
                  if path.endswith(".unreached.html") else None)
        if kindof and (kind != "replay" or path.startswith("out/replay/") or kindof != "trail"):
            views[kindof] = text
    seed = re.search(r"a random run with seed (\d+)", out)
    return {"verdict": verdict, "output": out, "code": results[-1].code if results else None,
            "limit": limit, "views": views, "seed": seed.group(1) if seed else None}


async def json_body(request):
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        return fail(400, "the body is not JSON")
    if not isinstance(body, dict):
        return fail(400, "the body is not a JSON object")
    return body


def book_runs(name):
    """The book's .pan runs of model NAME: their id and flags, as the
    chapters' blocks give them (out/extract/)."""
    runs = []
    for path in runstore.defined_everywhere("run"):
        spec, _ = blockformat.read_spec(path)
        if spec.get("model") == name:
            runs.append({k: spec.get(k, "") for k in
                         ("id", "defs", "cflags", "runflags", "ltl", "fair", "np")}
                        | {"id": os.path.basename(path)[4:-6]})
    return runs


def exercise_of(name):
    """The exercise whose file is NAME, or None."""
    for path in runstore.defined_everywhere("grade"):
        spec, _ = blockformat.read_spec(path)
        if spec.get("model") == name and spec.get("exercise", "").isdigit():
            return int(spec["exercise"])
    return None


_KEYWORDS = None


def promela_keywords():
    """The book's highlighting of Promela (build/book/promela.xml): its
    lists of words, for the editor."""
    global _KEYWORDS
    if _KEYWORDS is None:
        import xml.etree.ElementTree as ET
        root = ET.parse(os.path.join(REPO, "build", "book", "promela.xml")).getroot()
        _KEYWORDS = {lst.get("name"): [i.text.strip() for i in lst.findall("item") if i.text]
                     for lst in root.iter("list")}
    return _KEYWORDS


def set_repo(path):
    global REPO
    REPO = os.path.abspath(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--book", default=os.path.join(runstore.OUT, "book"))
    ap.add_argument("--models", default="models")
    ap.add_argument("--saved", default=os.path.join(runstore.OUT, "saved"))
    ap.add_argument("--runs", default=os.path.join(runstore.OUT, "serve"))
    ap.add_argument("--allow-c", action="store_true")
    ap.add_argument("--time", type=int, default=60)
    ap.add_argument("--memlim", type=int, default=1024)
    ap.add_argument("--output-mb", type=int, default=2)
    ap.add_argument("--procs", type=int, default=64)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--watch", action="store_true", help="rebuild the book when a chapter changes")
    ap.add_argument("--repo", default=REPO, help="the repository whose workbench runs")
    opts = ap.parse_args()
    set_repo(opts.repo)
    for k in ("book", "models", "saved", "runs"):
        setattr(opts, k, os.path.abspath(getattr(opts, k)))
    os.chdir(REPO)  # the workbench's paths (out/extract/) are the repository's
    try:
        loopback = ipaddress.ip_address(opts.host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        sys.exit(f"make serve: refused to listen on {opts.host}: it runs the models it is sent, "
                 "so it listens on this machine's loopback only (127.0.0.1 or ::1)")
    if not os.path.isfile(os.path.join(opts.book, "index.html")):
        sys.exit(f"make serve: no book in {opts.book}/; make book writes it")
    for f in ASSETS.values():
        if not os.path.isfile(f):
            sys.exit(f"make serve: {f} is missing; sudo apt-get install libjs-codemirror "
                     "(or make deps-serve)")
    os.makedirs(opts.runs, exist_ok=True)
    server = Server(opts)
    why = sandbox.probe(REPO, server.limits)
    if why:
        sys.exit(why)
    asyncio.run(serve(server, opts))


async def serve(server, opts):
    app = web.Application(middlewares=[server.gate], client_max_size=2 * 2 ** 20)
    app.router.add_get("/_serve/{name}", server.asset)
    app.router.add_get("/api/model", server.model)
    app.router.add_get("/api/status", server.status)
    app.router.add_get("/api/version", server.version)
    app.router.add_post("/api/save", server.save)
    for kind in ("verify", "simulate", "replay", "automaton", "grade"):
        app.router.add_post(f"/api/{kind}", getattr(server, kind))
    app.router.add_get("/{path:.*}", server.book_file)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, opts.host, opts.port)
    await site.start()
    server.port = site._server.sockets[0].getsockname()[1]
    host = f"[{opts.host}]" if ":" in opts.host else opts.host
    print(f"make serve: the book and its workbench at http://{host}:{server.port}/"
          f"index.html?token={server.token}", flush=True)
    print(f"make serve: each run sandboxed (bubblewrap), at most {opts.jobs} at once, "
          f"{opts.time} s and {opts.memlim} MB a search"
          + ("; embedded C ALLOWED" if opts.allow_c else "") + "; Ctrl-C stops it", flush=True)
    if opts.watch:
        asyncio.get_running_loop().create_task(server.watch(app))
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("make serve: stopped", file=sys.stderr)
