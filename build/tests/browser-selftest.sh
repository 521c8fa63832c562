#!/bin/sh
# browser-selftest: build/tests/browser-check.py is seen to fail.  A small book is
# built by build/book/book.sh and passes; then each copy of it, broken in one
# way, must fail with the line that names the break: a table too wide
# for a phone, a command shown as a paragraph, typographic quotes in
# code, a script error, a page whose probe never reports, a broken link,
# a search that finds nothing, a trail not folded, low contrast, a theme
# switch that does not darken, a menu that pushes the page down, a
# <summary> holding a <pre>, no skip link, no current sidebar entry, a
# flag search read as lunr's query language, a search result's page with
# nothing marked, arrow keys that do not move into the results, a printed
# listing without its line numbers.
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

```{.promela}
byte x;
active proctype p() { x = 1 }
```

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
# The screenshots, all taken in one Chromium: every page at both widths,
# and the dark one not the light one again (seen to fail on a book whose
# style has no dark theme for the system's choice).
# shots NAME: what is wrong with the screenshots of the book in $tmp/NAME
shots() {
	env OUT="$tmp/$1" build/tests/browser-check.py >"$tmp/shots-$1.log" 2>&1 || { echo "browser-check failed"; return; }
	d=$tmp/$1/screenshots
	n=$(find "$d" -name '*-1280.png' -o -name '*-400.png' | wc -l)
	pages=$(find "$tmp/$1/book" -maxdepth 1 -name '*.html' | wc -l)
	if [ "$n" -ne $((2 * pages)) ]; then
		echo "$n screenshots of $pages pages at two widths"
	elif ! [ -s "$d/ch02-two-1280-dark.png" ] || cmp -s "$d/ch02-two-1280.png" "$d/ch02-two-1280-dark.png"; then
		echo "no dark screenshot, or one that is the light one"
	fi
}
rm -rf "$tmp/shots" && cp -r "$tmp/good" "$tmp/shots"
wrong=$(shots shots)
if [ -n "$wrong" ]; then say_wrong shots "$wrong" "$tmp/shots-shots.log"; else say_ok shots "every page at both widths, and a dark one"; fi
mutant nodarkshot 's/^@media (prefers-color-scheme: dark) {/@media (prefers-color-scheme: none) {/' book.css
wrong=$(shots nodarkshot)
case $wrong in
*"the light one"*) say_ok nodarkshot "caught: $wrong" ;;
*) say_wrong nodarkshot "not caught: '$wrong'" "$tmp/shots-nodarkshot.log" ;;
esac
mutant wide 's/div.wide { overflow-x: auto; max-width: 100%; }//' book.css
case_ wide fail 'ch01-one.html at 400 px: the page is' ch01-one.html
mutant paragraph 's|<pre><code>spin -a x.spin</code></pre>|<p>spin -a x.spin</p>|' ch01-one.html
case_ paragraph fail "a command rendered as a paragraph, not code: 'spin -a x.spin'" ch01-one.html
mutant quotes 's|-DCOLLAPSE</code>|DEFS=\xe2\x80\x9c-DX\xe2\x80\x9d</code>|' ch01-one.html
case_ quotes fail 'typographic quotes in code' ch01-one.html
mutant script 's|</body>|<script>noSuchFunction();</script></body>|' ch01-one.html
case_ script fail 'uncaught: Uncaught ReferenceError: noSuchFunction is not defined' ch01-one.html
# A page that never reaches the state the probe reports from (it leaves
# for another before its load event): named, not waited for forever.
mutant gone 's|</body>|<script>location.replace("about:blank");</script></body>|' ch02-two.html
case_ gone fail 'ch02-two.html at 1280 px: the page loaded, and its probe did not report' ch02-two.html
mutant link 's|</main>|<a href="nosuch.html">x</a></main>|' ch02-two.html
case_ link fail 'broken link nosuch.html: no page nosuch.html' ch02-two.html
mutant search 's|^window.BOOK_SEARCH = .*|window.BOOK_SEARCH = [];|' search-index.js
case_ search fail "search: no page finds 'COLLAPSE'"
mutant trail 's|</main>|<p>x</p><table class="timeline"><tr><td style="height:3000px">x</td></tr></table></main>|' ch01-one.html
case_ trail fail 'px tall' ch01-one.html
mutant contrast 's/--muted: #555;/--muted: #aaa;/' book.css
case_ contrast fail 'small text under 4.5:1' ch01-one.html
mutant theme 's/^:root\[data-theme="dark"\] {/:root[data-theme="nodark"] {/' book.css
case_ theme fail 'theme: two clicks do not make the page dark' ch01-one.html
mutant menu 's/#sidebar { display: none; top: 2.6rem;/#sidebar { display: none; position: static; top: 2.6rem;/' book.css
case_ menu fail 'the open menu pushes the page down' ch01-one.html
mutant summary 's|</main>|<details><summary><pre>x</pre></summary>y</details></main>|' ch01-one.html
case_ summary fail '<summary> holding a <pre>' ch01-one.html
mutant skip 's|<a class="skip" href="#content">Skip to the text</a>||' ch01-one.html
case_ skip fail 'the first thing to focus is not the skip link' ch01-one.html
mutant current 's/aria-current="page" //' ch02-two.html
case_ current fail 'no entry of the sidebar is marked current' ch02-two.html
# lunr's own query language, as the search used to be: "-DCOLLAPSE" is
# "must not contain dcollapse", and every other section comes first.
mutant flag 's/^    var text = norm(q.trim());/    return index.search(q).map(function (h) { return docs[h.ref]; });/' book.js
case_ flag fail "search for '-DCOLLAPSE': first result" 'index.html ch01-one.html ch02-two.html'
mutant highlight 's/^          m.className = .search-hit.;/          m.className = "x";/' book.js
case_ highlight fail 'a page opened from a search result marks nothing' ch01-one.html
mutant keys 's/^    box.addEventListener(.keydown., move);//' book.js
case_ keys fail 'ArrowDown in the box does not go to the first result' 'index.html ch01-one.html'
# print.html without pandoc's rules for line numbers (it took its style
# from the index page, which has no listing): the printed listing has none.
mutant printnum '/<style>/,/<\/style>/s/pre\.numberSource/pre.nonumbers/g' print.html
case_ printnum fail 'a listing printed without its line numbers' print.html
[ "$bad" -eq 0 ] && echo "browser-selftest: browser-check fails on each of 18 broken books and passes the good one, and its screenshots are seen"
exit "$bad"
