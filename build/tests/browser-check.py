#!/usr/bin/python3
"""browser-check: open every page of out/book/ in headless Chromium at a
desktop width (1280 px) and a phone width (400 px) and fail on
  * a broken internal link or anchor, a missing asset or one fetched from
    the network (build/book/book-links.py),
  * a page wider than the window (something overflows: a table, a
    listing, a plot, the navigation), naming the widest elements,
  * a console error or an uncaught exception, or a file that fails to load,
  * a command a reader is told to type rendered as a paragraph, not as
    code, or code with typographic quotes in it (“ ” ‘ ’),
  * a search for a known term ("COLLAPSE", "rcutorture") finding nothing,
    or the search box or the copy buttons missing;
  * a search for a flag as the book prints it ("-DCOLLAPSE", "spin -a")
    whose first result does not contain it; a search cut at 25 results
    that does not say so; results without the searched words marked;
    the arrow keys or Esc not moving in the results; a page opened from
    a result (?highlight=) with nothing marked; a query of whole words
    that some section holds all of ("hash table memory") finding nothing,
    or putting an answer's page before the chapters;
  * a trail's timeline taller than 2,000 px at 1280 px, or with its
    caption below it;
  * small text (under 24 px, or 18.7 px bold) with a contrast under 4.5:1
    in the light theme;
  * the theme button not switching to light, then dark (the page's
    background dark, plots inverted, the choice kept), then back to the
    system's;
  * at 400 px, the menu pushing the page down instead of opening over it,
    or its button out of sight from the middle of a long page;
  * a <summary> holding a <pre> (read out whole as a button's name), no
    skip link as the first thing to focus, no current entry in the
    sidebar (every page but the index and print.html);
and save a screenshot of every page at both widths in out/screenshots/
(PAGE-1280.png, PAGE-400.png; one chapter also in dark mode).
PAGES="a.html b.html" checks only those pages (the search terms are
then not required to be found); SHOTS=0 takes no screenshots.
The pages are probed by a script injected into a copy of the book, which
writes what it found into the page, where the test reads it once the page
has loaded (a page that does not load in LOAD_WAIT s, or whose probe has
not written in REPORT_WAIT s more, fails by name).  Exits 77
(skipped) when Chromium is not installed."""

import base64
import concurrent.futures
import fcntl
import glob
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from build.lib import runstore

OUT = runstore.OUT
BOOK = os.path.join(OUT, "book")
WIDTHS = [1280, 400]
TERMS = ["COLLAPSE", "rcutorture"]
FLAG_QUERIES = ["-DCOLLAPSE", "spin -a", "-DSAFETY"]
# Queries of whole words, each held by some section: something must be
# found, and a chapter, when one is found, must come before the answers.
WORD_QUERIES = ["fairness cycle", "hash table memory", "barrier memory", "weak fairness",
                "incrementer processes"]
TIMELINE_MAX = 2000   # px: a folded trail is about 60 rows
CONTRAST_MIN = 4.5
HIGHLIGHT = "?highlight=-DCOLLAPSE"   # one chapter is also opened as from a search result
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         "--allow-file-access-from-files"]
# A page loads in this many seconds, and its probe reports this many
# seconds after its load event, or the page fails (waits, not a budget
# of virtual time: the test asks whether the page got there).
LOAD_WAIT = 60
REPORT_WAIT = 15

# Runs before the page's own scripts: records errors, then, once the page
# has loaded, measures it.
PROBE = r"""<script>
(function () {
  var found = {errors: [], overflow: null, wide: [], commands: [], quotes: [], search: {}, copy: 0, box: false};
  window.addEventListener('error', function (e) {
    if (e.target && e.target !== window && (e.target.src || e.target.href)) {
      found.errors.push('failed to load ' + (e.target.src || e.target.href));
    } else {
      found.errors.push('uncaught: ' + (e.message || e));
    }
  }, true);
  var ce = console.error;
  console.error = function () {
    found.errors.push('console.error: ' + Array.prototype.join.call(arguments, ' '));
    return ce.apply(console, arguments);
  };
  function describe(el) {
    var s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    if (el.className && typeof el.className === 'string') s += '.' + el.className.trim().split(/\s+/).join('.');
    return s;
  }
  window.addEventListener('load', function () {
    var w = document.documentElement.clientWidth;
    var sw = document.documentElement.scrollWidth;
    found.overflow = sw > w + 1 ? (sw + ' px wide in a ' + w + ' px window') : null;
    if (found.overflow) {
      var all = document.querySelectorAll('body *');
      for (var i = 0; i < all.length && found.wide.length < 5; i++) {
        var r = all[i].getBoundingClientRect();
        if (r.right > w + 1 && r.width > 0) {
          var inside = false;  // inside something that scrolls: fine
          for (var p = all[i].parentElement; p; p = p.parentElement) {
            var o = getComputedStyle(p).overflowX;
            if (o === 'auto' || o === 'scroll' || o === 'hidden') { inside = true; break; }
          }
          if (!inside) found.wide.push(describe(all[i]) + ' (right edge ' + Math.round(r.right) + ' px)');
        }
      }
    }
    var cmd = /^\s*(spin|cc|\.\/pan|make|gcc|sudo|apt-get|git|pandoc|qemu-system-\S+)\s+-?\S/;
    document.querySelectorAll('main p, main li').forEach(function (p) {
      var t = p.textContent;
      if (cmd.test(t) && !p.querySelector('code') && t.length < 200) found.commands.push(t.trim().slice(0, 80));
    });
    document.querySelectorAll('code').forEach(function (c) {
      if (/[\u201c\u201d\u2018\u2019]/.test(c.textContent)) found.quotes.push(c.textContent.trim().slice(0, 80));
    });
    found.box = !!document.getElementById('search') || document.body.classList.contains('print');
    // A page of the reader's workbench (make verify's trail, make automaton): alone, no search box.
    if (document.body.classList.contains('workbench')) { found.box = true; found.workbench = true; }
    if (window.bookSearch) {
      TERMS.forEach(function (t) { found.search[t] = window.bookSearch(t).length; });
    }
    found.copy = document.querySelectorAll('button.copy').length;
    var page = location.pathname.split('/').pop();
    var wide = document.documentElement.clientWidth > 600;
    found.height = document.documentElement.scrollHeight;
    // Trails: folded, caption above.
    found.timelines = [];
    if (!/^trail-/.test(page) && wide) {  // (on a phone the rows wrap)
      document.querySelectorAll('table.timeline').forEach(function (t) {
        var cap = t.previousElementSibling;
        if (t.getBoundingClientRect().height > TIMELINE_MAX) found.timelines.push('a timeline ' + Math.round(t.getBoundingClientRect().height) + ' px tall');
        if (!cap || !cap.classList.contains('timeline-caption')) found.timelines.push('a timeline without its caption above it');
      });
    }
    found.summaryPre = document.querySelectorAll('summary pre').length;
    var focusable = document.querySelector('a[href], button, input, select, textarea, summary');
    found.skip = document.body.classList.contains('print') || !!(focusable && focusable.classList.contains('skip'));
    found.current = !!document.querySelector('#sidebar a[aria-current]');
    found.highlighted = location.search ? document.querySelectorAll('main mark.search-hit').length : null;
    // Contrast of small text, in the light theme (the system's in headless Chromium).
    function rgba(c) {
      var m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
      return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : null;
    }
    function lum(c) {
      var v = c.slice(0, 3).map(function (x) { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
      return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
    }
    function background(el) {
      for (var e = el; e; e = e.parentElement) {
        var b = rgba(getComputedStyle(e).backgroundColor);
        if (b && b[3] > 0.5) return b;
      }
      return [255, 255, 255, 1];
    }
    found.contrast = [];
    if (wide) {
      var seen = {};
      document.querySelectorAll('body *').forEach(function (el) {
        if (found.contrast.length >= 6) return;
        var own = false;
        for (var n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3 && n.nodeValue.trim()) own = true;
        if (!own || !el.getClientRects().length || el.closest('script, style, #browser-check-result')) return;
        for (var e = el; e; e = e.parentElement) if (parseFloat(getComputedStyle(e).opacity) < 1) return;
        var cs = getComputedStyle(el);
        var size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight, 10) >= 700;
        if (size >= 24 || (bold && size >= 18.66)) return;
        var fg = rgba(cs.color), bg = background(el);
        if (!fg) return;
        var l1 = lum(fg), l2 = lum(bg);
        var ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
        var key = cs.color + ' on ' + 'rgb(' + bg.slice(0, 3).join(', ') + ')';
        if (ratio < CONTRAST_MIN && !seen[key]) {
          seen[key] = true;
          found.contrast.push(describe(el) + ' "' + el.textContent.trim().slice(0, 30) + '": ' + key + ', ' + ratio.toFixed(2) + ':1');
        }
      });
    }
    // The theme button: system, light, dark, system again.
    found.theme = [];
    var tb = document.getElementById('theme');
    if (wide && tb) {
      var root = document.documentElement;
      tb.click();
      if (root.getAttribute('data-theme') !== 'light') found.theme.push('one click does not choose light');
      tb.click();
      var dark = lum(background(document.querySelector('main') || document.body)) < 0.1;
      if (root.getAttribute('data-theme') !== 'dark' || !dark) found.theme.push('two clicks do not make the page dark');
      var kept = null;
      try { kept = localStorage.getItem('book-theme'); } catch (err) { kept = 'unavailable'; }
      if (kept !== 'dark' && kept !== 'unavailable') found.theme.push('the choice is not kept (localStorage has ' + kept + ')');
      document.querySelectorAll('div.sweep img').forEach(function (img) {
        if (!/invert/.test(getComputedStyle(img).filter)) found.theme.push('a plot keeps its white background in the dark theme');
      });
      tb.click();
      try { kept = localStorage.getItem('book-theme'); } catch (err) { kept = null; }
      if (root.hasAttribute('data-theme') || kept) found.theme.push('a third click does not go back to the system theme');
    }
    // The menu at a narrow width opens over the page.
    found.menu = null;
    var mb = document.getElementById('menu');
    var mainEl = document.getElementById('content');
    if (!wide && mb && mainEl && mb.getClientRects().length) {
      var before = mainEl.getBoundingClientRect().top;
      mb.click();
      var side = document.getElementById('sidebar');
      var after = mainEl.getBoundingClientRect().top;
      if (!side.getClientRects().length) found.menu = 'the menu does not open';
      else if (Math.abs(after - before) > 1) found.menu = 'the open menu pushes the page down by ' + Math.round(after - before) + ' px';
      mb.click();
      // Mid-page (a long page), the button is still in reach.
      if (!found.menu && document.documentElement.scrollHeight > 3 * window.innerHeight) {
        window.scrollTo(0, document.documentElement.scrollHeight / 2);
        var r = mb.getBoundingClientRect();
        if (r.bottom <= 0 || r.top >= window.innerHeight) found.menu = 'mid-page, the Contents button is out of sight (scrolled away)';
        window.scrollTo(0, 0);
      }
    }
    // Search as a reader types it, on the first page.
    found.flags = {};
    found.keys = [];
    if (window.bookSearch && page === 'index.html' && wide) {
      FLAG_QUERIES.forEach(function (q) {
        var lower = q.toLowerCase();
        if (!(window.BOOK_SEARCH || []).some(function (d) { return (d.t + ' ' + d.b).toLowerCase().indexOf(lower) >= 0; })) return;
        var hits = window.bookSearch(q);
        found.flags[q] = hits.length ? ((hits[0].t + ' ' + hits[0].b).toLowerCase().indexOf(q.toLowerCase()) >= 0 ? 'ok' : 'first result "' + hits[0].t + '" does not contain it') : 'nothing found';
      });
      WORD_QUERIES.forEach(function (q) {
        var ws = q.split(' ');
        var held = (window.BOOK_SEARCH || []).filter(function (d) {
          var t = (d.t + ' ' + d.b).toLowerCase();
          return ws.every(function (w) { return t.indexOf(w) >= 0; });
        });
        if (!held.length) return;
        var hits = window.bookSearch(q);
        var answer = function (d) { return /(^|\/)ch\d+-(quiz|ex)\d+\.html/.test(d.u); };
        found.flags[q] = !hits.length ? 'nothing found, though ' + held.length + ' sections hold every word'
          : answer(hits[0]) && hits.some(function (d) { return !answer(d); })
            ? 'an answer ("' + hits[0].t + '") ranked before the chapters' : 'ok';
      });
      var box = document.getElementById('search'), list = document.getElementById('search-results');
      box.value = 'spin';
      box.dispatchEvent(new Event('input'));
      var total = window.bookSearch('spin').length;
      if (total > 25 && !list.querySelector('li.more')) found.keys.push('"spin" finds ' + total + ' sections, 25 are listed, and the list does not say so');
      var links = list.querySelectorAll('a');
      if (!links.length || !/highlight=/.test(links[0].getAttribute('href'))) found.keys.push('a result does not carry the search to its page (?highlight=)');
      if (!list.querySelector('mark')) found.keys.push('no searched word is marked in the results');
      box.focus();
      box.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', bubbles: true}));
      if (document.activeElement !== links[0]) found.keys.push('ArrowDown in the box does not go to the first result');
      if (links[1]) {
        links[0].dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', bubbles: true}));
        if (document.activeElement !== links[1]) found.keys.push('ArrowDown does not go to the next result');
      }
      document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}));
      if (list.children.length || box.value) found.keys.push('Esc does not clear the search');
    }
    found.pre = document.querySelectorAll('main pre').length;
    var out = document.createElement('pre');
    out.id = 'browser-check-result';
    out.textContent = JSON.stringify(found);
    document.body.appendChild(out);
  });
}());
</script>"""


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


class Chromium:
    """One headless Chromium driven through the DevTools protocol over a
    pipe (--remote-debugging-pipe: JSON messages ended by NUL on fds 3
    and 4), so that every screenshot is a tab of one browser rather than
    a browser of its own."""

    def __init__(self, browser, profile):
        import threading
        cmds_r, self.cmds_w = os.pipe()
        self.events_r, events_w = os.pipe()

        def fds():  # the pipe's ends as Chromium's fds 3 and 4
            a, b = fcntl.fcntl(cmds_r, fcntl.F_DUPFD, 10), fcntl.fcntl(events_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)
        # (only inheritable fds pass: Python's own pipes are not)
        self.proc = subprocess.Popen(
            [browser] + FLAGS + [f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=fds)
        os.close(cmds_r)
        os.close(events_w)
        self.n = 0
        self.lock = threading.Lock()
        self.cond = threading.Condition()
        self.replies = {}
        self.events = []
        self.dead = None
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buf = b""
        with os.fdopen(self.events_r, "rb", buffering=0) as f:
            while True:
                chunk = f.read(1 << 16)
                if not chunk:
                    break
                buf += chunk
                *msgs, buf = buf.split(b"\0")
                with self.cond:
                    for m in msgs:
                        msg = json.loads(m)
                        if "id" in msg:
                            self.replies[msg["id"]] = msg
                        else:
                            self.events.append(msg)
                    self.cond.notify_all()
        with self.cond:
            self.dead = "Chromium closed its DevTools pipe"
            self.cond.notify_all()

    def call(self, method, session=None, timeout=60, **params):
        with self.lock:
            self.n += 1
            n = self.n
            msg = {"id": n, "method": method, "params": params}
            if session:
                msg["sessionId"] = session
            os.write(self.cmds_w, json.dumps(msg).encode() + b"\0")
        with self.cond:
            if not self.cond.wait_for(lambda: n in self.replies or self.dead, timeout):
                raise RuntimeError(f"{method}: no answer in {timeout} s")
            if n not in self.replies:
                raise RuntimeError(f"{method}: {self.dead}")
            reply = self.replies.pop(n)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error'].get('message')}")
        return reply.get("result", {})

    def wait_event(self, method, session, timeout=60):
        def seen():
            for i, e in enumerate(self.events):
                if e.get("method") == method and e.get("sessionId") == session:
                    return self.events.pop(i)
            return None
        with self.cond:
            e = self.cond.wait_for(lambda: seen() or self.dead, timeout)
        if not e or e == self.dead:
            raise RuntimeError(f"no {method} in {timeout} s" if not e else self.dead)
        return e

    def tab(self, alone=False):
        """A new tab; ALONE: in a browser context of its own (its own
        localStorage, so that a page that changes the kept theme cannot
        be read halfway by a page in another tab)."""
        where = {}
        if alone:
            where["browserContextId"] = self.call("Target.createBrowserContext")["browserContextId"]
        target = self.call("Target.createTarget", url="about:blank", **where)["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session)
        return session

    def screenshot(self, session, url, width, height, path, dark=False):
        self.call("Emulation.setDeviceMetricsOverride", session, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)
        self.call("Emulation.setEmulatedMedia", session, features=[
            {"name": "prefers-color-scheme", "value": "dark" if dark else ""}])
        with self.cond:  # no load event of an earlier page counts
            self.events = [e for e in self.events if e.get("sessionId") != session]
        self.call("Page.navigate", session, url=url)
        self.wait_event("Page.loadEventFired", session)
        shot = self.call("Page.captureScreenshot", session, format="png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def probe(self, session, url, width):
        """What the probe injected into URL found, at WIDTH px, read from
        the page once it has loaded and the probe has written it."""
        self.call("Emulation.setDeviceMetricsOverride", session, width=width, height=900,
                  deviceScaleFactor=1, mobile=False)
        with self.cond:
            self.events = [e for e in self.events if e.get("sessionId") != session]
        self.call("Page.navigate", session, url=url)
        try:
            self.wait_event("Page.loadEventFired", session, timeout=LOAD_WAIT)
        except RuntimeError as e:
            raise RuntimeError(f"the page did not load: {e}")
        end = time.monotonic() + REPORT_WAIT
        while True:
            r = self.call("Runtime.evaluate", session, returnByValue=True, expression=(
                "(document.getElementById('browser-check-result') || {}).textContent || null"))
            value = r.get("result", {}).get("value")
            if value:
                return json.loads(value)
            if time.monotonic() > end:
                raise RuntimeError(f"the page loaded, and its probe did not report in {REPORT_WAIT} s")
            time.sleep(0.1)

    def pdf(self, url, path, pages):
        """URL printed as Chromium's --print-to-pdf prints it (its default
        paper and margins, no header or footer), only PAGES ("1-10")."""
        session = self.tab()
        with self.cond:
            self.events = [e for e in self.events if e.get("sessionId") != session]
        self.call("Page.navigate", session, url=url)
        self.wait_event("Page.loadEventFired", session, timeout=120)
        try:
            r = self.call("Page.printToPDF", session, timeout=300, pageRanges=pages,
                          displayHeaderFooter=False)
        except RuntimeError as e:
            if "out of bounds" not in str(e) and "range" not in str(e).lower():
                raise
            # a book shorter than PAGES: all of it
            r = self.call("Page.printToPDF", session, timeout=300, displayHeaderFooter=False)
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))

    def close(self):
        try:
            self.call("Browser.close", timeout=10)
        except RuntimeError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def printed(chrome, tmp):
    """What is wrong with print.html on paper (A4/Letter, Chromium's default):
    its first ten pages, all that is read."""
    pdf = os.path.join(tmp, "print.pdf")
    try:
        chrome.pdf("file://" + os.path.abspath(os.path.join(BOOK, "print.html")), pdf, "1-10")
    except RuntimeError as e:
        return [f"print.html: Chromium printed no PDF: {e}"]
    count = subprocess.run(["gs", "-q", "-dNODISPLAY", "-dNOSAFER", "-c",
                            f"({pdf}) (r) file runpdfbegin pdfpagecount = quit"],
                           capture_output=True, text=True).stdout.strip()
    pages = []
    for i in range(1, min(10, int(count) if count.isdigit() else 0) + 1):
        t = subprocess.run(["gs", "-q", "-sDEVICE=txtwrite", f"-dFirstPage={i}", f"-dLastPage={i}",
                            "-o", "-", pdf], capture_output=True, text=True, errors="replace").stdout
        if not t.strip():
            break
        pages.append(t)
    problems = []
    for i, t in enumerate(pages[:3] if len(pages) >= 10 else [], 1):  # (a short book's pages are its chapters)
        n = len([x for x in t.splitlines() if x.strip()])
        if n < 8:
            problems.append(f"print.html: printed page {i} holds {n} lines of text (a nearly empty page)")
    # The first numbered listing's first line, as the page holds it; on
    # paper it must follow its number.
    m = re.search(r'<pre class="[^"]*numberSource[^"]*"[^>]*><code[^>]*>\s*<span[^>]*>(.*?)</span>\n',
                  open(os.path.join(BOOK, "print.html")).read(), re.S)
    if m:
        first = " ".join(html.unescape(re.sub(r"<[^>]+>", "", m.group(1))).split())[:30]
        lines = [" ".join(x.split()) for t in pages for x in t.splitlines()]
        at = [x for x in lines if first in x]
        if not at:
            problems.append(f"print.html: the first listing's first line ({first!r}) is not on the "
                            "first printed pages")
        elif not any(re.match(r"\d+ " + re.escape(first), x) for x in at):
            problems.append(f"print.html: a listing printed without its line numbers ({at[0]!r}; "
                            "the prose names lines by number)")
    return problems


def in_tabs(chrome, jobs, do, alone=False):
    """{JOB: do(session, *JOB)} for each tuple of JOBS, in their order,
    two tabs at a time (ALONE: each tab in a browser context of its own);
    a job whose DO raised RuntimeError, or that found no tab, maps to the
    reason, a string."""
    results = {}
    todo = list(reversed(jobs))

    def work():
        session = chrome.tab(alone=alone)
        while True:
            try:
                job = todo.pop()
            except IndexError:
                return
            try:
                results[job] = do(session, *job)
            except RuntimeError as e:
                results[job] = str(e)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for f in [pool.submit(work) for _ in range(2)]:
            try:
                f.result()
            except RuntimeError as e:  # a tab that could not be opened
                for job in jobs:
                    results.setdefault(job, f"no tab to load it in: {e}")
    return results


def screenshots(chrome, jobs, shots):
    """Each (PAGE, WIDTH, DARK) of JOBS as out/screenshots/PAGE-WIDTH[-dark].png;
    what went wrong, one line each."""
    def shoot(session, name, width, dark):
        chrome.screenshot(session, "file://" + os.path.abspath(os.path.join(BOOK, name)), width,
                          1500 if width > 600 else 1400, os.path.abspath(os.path.join(
                              shots, f"{name[:-5]}-{width}{'-dark' if dark else ''}.png")), dark)
    return [f"{name} at {width} px: no screenshot: {e}"
            for (name, width, dark), e in in_tabs(chrome, jobs, shoot).items() if e is not None]


def probed(chrome, copy, jobs):
    """{(PAGE, WIDTH): what the probe found} for each (PAGE, WIDTH) of
    JOBS, the pages of COPY (the book with the probe injected), each tab
    in a browser context of its own; a page that did not load or report
    maps to the reason, a string."""
    return in_tabs(chrome, jobs, lambda session, name, width: chrome.probe(
        session, "file://" + os.path.abspath(os.path.join(copy, name)), width), alone=True)


def judged(pages, lit, results):
    """The problems the probe's RESULTS show, and the figures of a pass."""
    problems = []
    searched = {t: 0 for t in TERMS}
    copies = 0
    loaded = 0
    heights = {}
    for p in pages:
        name = os.path.basename(p)
        for width in WIDTHS:
            where = f"{name} at {width} px"
            found = results.get((name, width), "not probed")
            if isinstance(found, str):
                problems.append(f"{where}: {found}")
                continue
            loaded += 1
            problems += [f"{where}: {e}" for e in found["errors"]]
            if found["overflow"]:
                problems.append(f"{where}: the page is {found['overflow']}: "
                                + (", ".join(found["wide"]) or "(no single element)"))
            problems += [f"{where}: a command rendered as a paragraph, not code: {c!r}"
                         for c in found["commands"]]
            problems += [f"{where}: typographic quotes in code: {c!r}" for c in found["quotes"]]
            if not found["box"]:
                problems.append(f"{where}: no search box")
            if found.get("workbench"):  # the workbench's pages have no copy buttons
                found["pre"] = 0
            if found["pre"] and not found["copy"] and name != "print.html":
                problems.append(f"{where}: {found['pre']} code blocks and no copy button")
            problems += [f"{where}: {t}" for t in found["timelines"]]
            problems += [f"{where}: small text under {CONTRAST_MIN}:1: {c}" for c in found["contrast"]]
            problems += [f"{where}: theme: {t}" for t in found["theme"]]
            problems += [f"{where}: search: {k}" for k in found["keys"]]
            problems += [f"{where}: search for {q!r}: {v}" for q, v in found["flags"].items() if v != "ok"]
            if found["menu"]:
                problems.append(f"{where}: {found['menu']}")
            if found["summaryPre"]:
                problems.append(f"{where}: {found['summaryPre']} <summary> holding a <pre> (read out as a button's name)")
            if not found["skip"]:
                problems.append(f"{where}: the first thing to focus is not the skip link")
            if not found["current"] and name not in ("index.html", "print.html") \
                    and not found.get("workbench"):  # a workbench page has no sidebar
                problems.append(f"{where}: no entry of the sidebar is marked current")
            if width == 1280:
                heights[name] = found["height"]
            for t, n in found["search"].items():
                searched[t] = max(searched[t], n)
            copies += found["copy"]
    if lit:
        found = results.get((lit + HIGHLIGHT, 1280), "not probed")
        if isinstance(found, str):
            problems.append(f"{lit}{HIGHLIGHT}: {found}")
        elif not found["highlighted"]:
            problems.append(f"{lit}{HIGHLIGHT}: a page opened from a search result marks nothing")
    return problems, searched, copies, loaded, heights


def main():
    pages = sorted(glob.glob(os.path.join(BOOK, "*.html")))
    only = os.environ.get("PAGES", "").split()  # PAGES="a.html b.html": only these
    if only:
        pages = [p for p in pages if os.path.basename(p) in only]
    if not pages:
        sys.exit(f"{BOOK}: no pages; run make book first")
    problems = []
    links = subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "book",
                                         "book-links.py"), BOOK], capture_output=True, text=True)
    problems += links.stderr.splitlines()
    browser = chromium()
    if browser is None:
        for p in problems:
            print(p)
        print("browser-check: Chromium is not installed (apt-get install chromium); "
              "links were checked, pages not loaded")
        sys.exit(1 if problems else 77)
    shots = os.path.join(OUT, "screenshots")
    if os.path.isdir(shots):
        shutil.rmtree(shots)
    os.makedirs(shots)
    probe = (PROBE.replace("WORD_QUERIES", json.dumps(WORD_QUERIES))
             .replace("FLAG_QUERIES", json.dumps(FLAG_QUERIES)).replace("TERMS", json.dumps(TERMS))
             .replace("TIMELINE_MAX", str(TIMELINE_MAX)).replace("CONTRAST_MIN", str(CONTRAST_MIN)))
    chapters = [os.path.basename(p) for p in pages if re.match(r"ch\d\d-", os.path.basename(p))]
    lit = "ch05-qrcu-model.html" if "ch05-qrcu-model.html" in chapters else (chapters[0] if chapters else None)
    timings = []
    # The screenshots: every page at both widths, and one chapter as a
    # reader with a dark system theme sees it.
    jobs = [] if os.environ.get("SHOTS") == "0" else [(os.path.basename(p), w, False) for p in pages for w in WIDTHS]
    if chapters and jobs:
        jobs.append((chapters[min(1, len(chapters) - 1)], 1280, True))
    paper = "print.html" in [os.path.basename(p) for p in pages] and shutil.which("gs")
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "book")
        shutil.copytree(BOOK, copy)
        for p in glob.glob(os.path.join(copy, "*.html")):
            text = open(p).read()
            text = re.sub(r"(<head[^>]*>)", lambda m: m.group(1) + probe, text, count=1)
            open(p, "w").write(text)
        # One Chromium, driven through its DevTools pipe, probes the copy's
        # pages, prints the book and takes the screenshots of the book.
        try:
            chrome = Chromium(browser, os.path.join(tmp, "profile"))
        except OSError as e:
            print(f"browser-check: Chromium did not start: {e}")
            sys.exit(1)
        try:
            start = time.monotonic()
            results = probed(chrome, copy, [(os.path.basename(p), w) for p in pages for w in WIDTHS]
                             + ([(lit + HIGHLIGHT, 1280)] if lit else []))
            timings.append(f"probed in {time.monotonic() - start:.0f} s")
            found, searched, copies, loaded, heights = judged(pages, lit, results)
            problems += found
            # The printed book (print.html to PDF, read back with
            # Ghostscript): its listings keep their line numbers, and its
            # first pages are not a few lines each.
            start = time.monotonic()
            if paper:
                problems += printed(chrome, tmp)
            timings.append(f"printed in {time.monotonic() - start:.0f} s")
            start = time.monotonic()
            problems += screenshots(chrome, jobs, shots)
            timings.append(f"{len(jobs)} screenshots in {time.monotonic() - start:.0f} s")
        finally:
            chrome.close()
    for t, n in searched.items():
        if n == 0 and not only:
            problems.append(f"search: no page finds {t!r}; the search index "
                            f"(search-index.js) or book.js is broken")
    for p in problems:
        print(p)
    if problems:
        print(f"browser-check: {len(problems)} problem(s) on {len(pages)} pages")
        sys.exit(1)
    print(f"browser-check: {len(pages)} pages loaded {loaded} times at "
          f"{' and '.join(str(w) for w in WIDTHS)} px: no overflow, no console error, "
          f"every link and asset in place, commands in code, search finds "
          + ", ".join(f"{t!r} in {n} sections" for t, n in searched.items())
          + f", {copies} copy buttons ({', '.join(timings)}); tallest page at 1280 px: "
          + (max(((h, n) for n, h in heights.items()), default=(0, "none"))[1] + f" ({max(heights.values(), default=0):,} px)")
          + f"; screenshots in {shots}/")


main()
