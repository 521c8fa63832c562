"""viewpage: the one HTML page the workbench's views write (a trail's
timeline and variables, a model's state machines, its unreached code),
styled by the book's own style sheet, inlined so that the page works
alone, offline, wherever it is copied."""

import html
import os
import subprocess
import sys

from build.lib import runstore

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
BOOK_CSS = os.path.join(ROOT, "build", "book", "book.css")


# What only the workbench's pages show: the variable table of a trail.
EXTRA_CSS = """main { margin: 0 auto; max-width: 72rem; }
table.vars { font: 12px "DejaVu Sans Mono", monospace; }
table.vars td.changed { font-weight: bold; background: var(--code-bg); }
table.vars tr.cycle td { background: var(--mark); }
table.vars tr.error td { background: var(--err-bg); }
table.vars th.local { font-style: italic; }
"""


def fail(msg):
    """Say MSG on stderr and stop with status 2 (a use or input error)."""
    print(msg, file=sys.stderr)
    sys.exit(2)


def esc(text):
    return html.escape(str(text))


def page(title, body):
    """A whole page: TITLE, then BODY (HTML), in the book's style; the
    page has no sidebar, so its text starts at the left margin."""
    try:
        css = open(BOOK_CSS).read()
    except OSError:
        css = ""
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{esc(title)}</title>\n<style>\n{css}\n{EXTRA_CSS}</style>\n"
            "</head>\n<body class=\"workbench\">\n"
            "<a class=\"skip\" href=\"#content\">Skip to the text</a>\n"
            f"<main id=\"content\">\n<h1>{esc(title)}</h1>\n{body}\n"
            "</main>\n</body>\n</html>\n")


def write(path, title, body):
    runstore.put(path, page(title, body))
    return path


def tool(name, *args):
    """Run another tool of the project by its command line (build/...),
    returning its standard output, or None (its message is shown)."""
    p = subprocess.run([os.path.join(ROOT, name)] + list(args), stdout=subprocess.PIPE,
                       text=True)
    return p.stdout if p.returncode == 0 else None
