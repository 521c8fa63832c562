#!/bin/sh
# browser-selftest: build/tests/browser-check.py is seen to fail.  A small book is
# built by build/book/book.sh and passes; then each copy of it, broken in one
# way, must fail with the line that names the break: a table too wide
# for a phone, a command shown as a paragraph, typographic quotes in
# code, a script error, a broken link, a search that finds nothing.
# Exits 77 (skipped) without Chromium.
set -eu
. build/tests/caselib.sh
command -v chromium >/dev/null || { echo "browser-selftest: no chromium; skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/chapters" "$tmp/src/quizzes"
cat >"$tmp/src/chapters/ch01-one.md" <<'EOF'
# One

Type

    spin -a x.spin

and compile with `-DCOLLAPSE`; rcutorture comes later.

| a | b | c |
|---|---|---|
| averyveryveryveryverylongcellthatdoesnotbreak | averyveryveryveryverylongcellthatdoesnotbreak | averyveryveryveryverylongcellthatdoesnotbreak |
EOF
printf '# Two\n\nBack to [chapter 1]{.ref}.\n' >"$tmp/src/chapters/ch02-two.md"
BOOK_SRC="$tmp/src" OUT="$tmp/good" build/book/book.sh >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; exit 1; }
bad=0
# case NAME WANT EXPECT [PAGES] (the book in $tmp/NAME)
case_() {
	judge "$1" "$2" "$3" - env OUT="$tmp/$1" PAGES="${4:-}" SHOTS=0 build/tests/browser-check.py
}
# mutant NAME SED-SCRIPT FILE: a copy of the good book with FILE edited
mutant() {
	rm -rf "${tmp:?}/$1"
	cp -r "$tmp/good" "$tmp/$1"
	sed -i -e "$2" "$tmp/$1/book/$3"
	if cmp -s "$tmp/good/book/$3" "$tmp/$1/book/$3"; then
		say_wrong "mutant $1" "changed nothing in $3; its sed script no longer matches the page"
	fi
}
case_ good pass 'search finds '"'"'COLLAPSE'"'"' in'
mutant wide 's/div.wide { overflow-x: auto; max-width: 100%; }//' book.css
case_ wide fail 'ch01-one.html at 400 px: the page is' ch01-one.html
mutant paragraph 's|<pre><code>spin -a x.spin</code></pre>|<p>spin -a x.spin</p>|' ch01-one.html
case_ paragraph fail "a command rendered as a paragraph, not code: 'spin -a x.spin'" ch01-one.html
mutant quotes 's|-DCOLLAPSE</code>|DEFS=\xe2\x80\x9c-DX\xe2\x80\x9d</code>|' ch01-one.html
case_ quotes fail 'typographic quotes in code' ch01-one.html
mutant script 's|</body>|<script>noSuchFunction();</script></body>|' ch01-one.html
case_ script fail 'uncaught: Uncaught ReferenceError: noSuchFunction is not defined' ch01-one.html
mutant link 's|</main>|<a href="nosuch.html">x</a></main>|' ch02-two.html
case_ link fail 'broken link nosuch.html: no page nosuch.html' ch02-two.html
mutant search 's|^window.BOOK_SEARCH = .*|window.BOOK_SEARCH = [];|' search-index.js
case_ search fail "search: no page finds 'COLLAPSE'"
[ "$bad" -eq 0 ] && echo "browser-selftest: browser-check fails on each of 6 broken books and passes the good one"
exit "$bad"
