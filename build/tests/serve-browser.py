#!/usr/bin/python3
"""serve-browser [--server DIR]: make serve's pages in Chromium, driven
through the DevTools protocol at 1280 and 400 px: chapter 2 opened from
the URL the server prints; the incrementer's listing edited (its load
and store made one atomic step) and verified, the verdict "no errors"
shown; the page reloaded, the edit still there (kept in the browser);
the race put back and verified, the trail's timeline shown; the page no
wider than the window; at 1280 px also Simulate with a seed (the seed
shown), Automaton (a drawing) and Grade on exercise 1's file (the
grader's lines).  Screenshots in out/screenshots/serve-*.png.
Exits 77 (skipped) without Chromium or without the book's chapter 2."""

import argparse
import asyncio
import base64
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import aiohttp

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
spec = importlib.util.spec_from_file_location("servecheck", os.path.join(HERE, "serve-check.py"))
servecheck = importlib.util.module_from_spec(spec)
spec.loader.exec_module(servecheck)
OUT = os.environ.get("OUT", "out")
PAGE = "ch02-increment.html"


class Tab:
    def __init__(self, ws):
        self.ws, self.n = ws, 0

    async def call(self, method, **params):
        self.n += 1
        await self.ws.send_json({"id": self.n, "method": method, "params": params})
        while True:
            msg = await self.ws.receive_json(timeout=120)
            if msg.get("id") == self.n:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})

    async def js(self, expr):
        r = await self.call("Runtime.evaluate", expression=expr, awaitPromise=True,
                            returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expr[:80]}: {r['exceptionDetails'].get('exception', {}).get('description', r['exceptionDetails'])}")
        return r.get("result", {}).get("value")

    async def until(self, expr, seconds=120):
        for _ in range(seconds * 20):
            v = await self.js(f"!!({expr})")
            if v:
                return v
            await asyncio.sleep(0.05)
        raise RuntimeError(f"waited {seconds} s for {expr}")

    async def goto(self, url):
        # The page left behind is marked, so that its own readyState is
        # never taken for the new page's.
        await self.js("window.serveBrowserLeft = true, 0")
        await self.call("Page.navigate", url=url)
        for _ in range(30 * 20):
            try:  # (an evaluation may meet the old page's context as it goes)
                if await self.js("!window.serveBrowserLeft && document.readyState === 'complete' && !!window.SERVE"):
                    return
            except RuntimeError as e:
                if "context" not in str(e).lower():
                    raise
            await asyncio.sleep(0.05)
        raise RuntimeError(f"waited 30 s for {url} to load")

    async def shot(self, path):
        r = await self.call("Page.captureScreenshot", format="png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))


# The panel under the first listing of models/increment.spin.
BENCH = ("Array.from(document.querySelectorAll('div.caption')).find(c => "
         "c.textContent.trim() === 'models/increment.spin').nextElementSibling.nextElementSibling")
PANEL = BENCH + ".nextElementSibling"


async def verify(tab, text):
    await tab.js(f"void {PANEL}.querySelector('.CodeMirror').CodeMirror.setValue({json.dumps(text)})")
    await tab.js(f"void ({PANEL}.querySelector('.serve-out') && {PANEL}.querySelector('.serve-out').removeAttribute('data-done'))")
    await tab.js(f"{BENCH}.querySelector('.serve-verify').click(), 0")
    await tab.until(f"{PANEL}.querySelector('.serve-out[data-done=Verify]')")
    return await tab.js(f"{PANEL}.querySelector('.serve-verdict').textContent")


def bench_of(start):
    """The bar and the panel under the first listing whose caption starts START."""
    bar = ("Array.from(document.querySelectorAll('div.caption')).find(c => "
           f"c.textContent.trim().startsWith({json.dumps(start)})).nextElementSibling.nextElementSibling")
    return bar, bar + ".nextElementSibling"


async def press(tab, start, what):
    bar, panel = bench_of(start)
    await tab.js(f"void ({panel}.querySelector('.serve-out') && {panel}.querySelector('.serve-out').removeAttribute('data-done'))")
    await tab.js(f"{bar}.querySelector('.serve-{what.lower()}').click(), 0")
    await tab.until(f"{panel}.querySelector('.serve-out[data-done={what}]')")
    return panel, await tab.js(f"{panel}.querySelector('.serve-verdict').textContent")


async def other_buttons(tab, shots):
    """Simulate (its seed kept), Automaton (drawn), Grade (the grader's lines)."""
    said = []
    _, panel = bench_of("models/increment.spin")
    # No seed given: the one chosen is shown and kept in SEED, to repeat the run.
    await tab.js(f"{panel}.querySelector('input[name=seed]').value = '', 0")
    panel, verdict = await press(tab, "models/increment.spin", "Simulate")
    seed = await tab.js(f"{panel}.querySelector('input[name=seed]').value")
    if not re.fullmatch(r"\d+", seed or "") or f"seed {seed}" not in verdict:
        raise RuntimeError(f"Simulate: SEED holds {seed!r} after the run: {verdict}")
    said.append(f"Simulate: seed {seed} chosen, kept in SEED")
    panel, verdict = await press(tab, "models/increment.spin", "Automaton")
    await tab.until(f"(f => f && f.contentDocument && f.contentDocument.querySelector('svg'))"
                    f"({panel}.querySelector('iframe.serve-automaton'))", 20)
    said.append("Automaton: drawn")
    await tab.until(f"!{bench_of('models/ex1-seed.spin')[0]}.querySelector('.serve-grade').hidden", 20)
    panel, verdict = await press(tab, "models/ex1-seed.spin", "Grade")
    lines = await tab.js(f"{panel}.querySelector('.serve-report pre').textContent")
    if "exercise 1" not in lines or "exercise 1" not in verdict:
        raise RuntimeError(f"Grade: {verdict}")
    await tab.js(f"{panel}.scrollIntoView(), 0")
    await tab.shot(os.path.join(shots, "serve-grade-1280.png"))
    said.append(f"Grade: {verdict}")
    return said


async def width_case(tab, base, width, shots):
    said = []
    await tab.call("Emulation.setDeviceMetricsOverride", width=width, height=900,
                   deviceScaleFactor=1, mobile=width < 600)
    await tab.goto(base)
    await tab.js("localStorage.clear(), 0")
    await tab.goto(base)
    await tab.js(f"{BENCH}.querySelector('.serve-edit').click(), 0")
    await tab.until(f"{PANEL}.querySelector('.CodeMirror')")
    fixed = servecheck.fixed_increment()
    verdict = await verify(tab, fixed)
    if "no errors" not in verdict:
        raise RuntimeError(f"the fix verified as: {verdict}")
    said.append(f"fix: {verdict}")
    await tab.js(f"{PANEL}.scrollIntoView(), 0")
    await tab.shot(os.path.join(shots, f"serve-fixed-{width}.png"))
    # A reload keeps the edit.
    await tab.goto(base)
    await tab.js(f"{BENCH}.querySelector('.serve-edit').click(), 0")
    await tab.until(f"{PANEL}.querySelector('.CodeMirror')")
    kept = await tab.js(f"{PANEL}.querySelector('.CodeMirror').CodeMirror.getValue()")
    if kept != fixed:
        raise RuntimeError("after a reload, the editor does not hold the edit")
    said.append("the edit survives a reload")
    verdict = await verify(tab, servecheck.model_text("increment.spin"))
    if "assertion violated" not in verdict:
        raise RuntimeError(f"the race verified as: {verdict}")
    await tab.until(f"(f => f && f.contentDocument && f.contentDocument.querySelector('table.timeline'))"
                    f"({PANEL}.querySelector('iframe.serve-trail'))", 20)
    said.append("race: the trail's timeline shown")
    wide = await tab.js("document.documentElement.scrollWidth")
    if wide > width + 1:
        raise RuntimeError(f"the page is {wide} px wide in a {width} px window")
    await tab.js(f"{PANEL}.querySelector('iframe.serve-trail').scrollIntoView(), 0")
    await tab.shot(os.path.join(shots, f"serve-trail-{width}.png"))
    if width > 600:
        said += await other_buttons(tab, shots)
    return said


async def drive(port, base, shots):
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{port}/json/list") as r:
            pages = [t for t in await r.json() if t.get("type") == "page"]
        async with http.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            tab = Tab(ws)
            await tab.call("Page.enable")
            await tab.call("Runtime.enable")
            result = []
            for width in (1280, 400):
                result.append(f"{width} px: " + "; ".join(await width_case(tab, base, width, shots)))
            return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=os.path.join(REPO, "build", "serve"))
    opts = ap.parse_args()
    browser = shutil.which("chromium")
    book = os.path.join(REPO, OUT, "book")
    if not browser:
        print("serve-browser: skipped: chromium is not installed (make deps-browser)")
        return 77
    if not os.path.isfile(os.path.join(book, PAGE)):
        print(f"serve-browser: skipped: no {OUT}/book/{PAGE} (make book writes it)")
        return 77
    tmp = tempfile.mkdtemp(prefix="serve-browser.")
    shots = os.path.join(REPO, OUT, "screenshots")
    os.makedirs(shots, exist_ok=True)
    server = chrome = None
    try:
        server = servecheck.Server(tmp, opts.server, "--book", book)
        chrome = subprocess.Popen([browser, "--headless", "--no-sandbox", "--disable-gpu",
                                   "--remote-debugging-port=0", f"--user-data-dir={tmp}/profile",
                                   "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  text=True)
        port = None
        for line in chrome.stderr:
            m = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if m:
                port = int(m.group(1))
                break
        if port is None:
            print("serve-browser: Chromium did not open its DevTools port")
            return 1
        base = f"http://{server.host}/{PAGE}?token={server.token}"
        try:
            said = asyncio.run(drive(port, base, shots))
        except (RuntimeError, asyncio.TimeoutError, aiohttp.ClientError) as e:
            print(f"serve-browser: WRONG: {e}")
            return 1
        for line in said:
            print(f"ok {line}")
        print(f"serve-browser: screenshots in {shots}/serve-*.png")
        return 0
    finally:
        if chrome:
            chrome.kill()
            chrome.wait()
        if server:
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
