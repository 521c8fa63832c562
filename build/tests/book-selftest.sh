#!/bin/sh
# book-selftest: what build/book/book.lua fills into the prose is checked:
# a [text]{.ln} line reference, a [KEY]{.bench} figure, a [ID.FIELD]{.run}
# figure (and ratios and ranges of them) and a [chapter N]{.ref}
# cross-reference are replaced when they resolve, and the page fails,
# naming the reference, when they do not.  Renders small pages with pandoc
# and the real filter.  Then builds a two-chapter book with build/book/book.sh
# itself: commands indented four spaces are code, inline commands keep
# straight quotes, a macro's body is highlighted as Promela, a diff's
# removed lines are marked removed, the search index holds the pages,
# and a broken link fails the build naming the page and the link.
set -eu
. build/tests/caselib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/out/kernel/bench" "$tmp/out/runs"
report() { # report ID STORED TIME: a pan report, enough for build/book/run-figures.py
	cat >"$tmp/out/runs/$1.out" <<EOF
State-vector 72 byte, depth reached 2530, errors: 0
$(printf '%9s' "$2") states, stored
   936644 states, matched
  2007825 transitions (= stored+matched)
  218.671	total actual memory usage
pan: elapsed time $3 seconds
EOF
}
report big 1071181 4.03
report small 29399 0.05
report tiny 1000 0
printf 'chapter 5\tch05-x.html\tX\nrun big\tch05-x.html#big\trun big\n' >"$tmp/targets.tsv"
printf 'gp.qrcu.0.median\t0.390 to 0.870\nruns\t5\n' >"$tmp/out/kernel/bench/recorded.tsv"
bad=0

# page NAME WANT EXPECT BODY: render BODY; WANT is pass or fail; EXPECT
# must appear in the page, as HTML or as its text (pass), or in the error (fail).
page() {
	printf '%s\n' "$4" >"$tmp/$1.md"
	judge -t "$1" "$2" "$3" "$tmp/$1.html" pandoc -f markdown -t html5 --wrap=none --lua-filter build/book/book.lua \
		-M out="$tmp/out" -M tag="$1" -M targets="$tmp/targets.tsv" -o "$tmp/$1.html" "$tmp/$1.md"
}

listing='```{.promela}
int x;
active proctype p() {
	x = 1;
	x = 2
}
```'
page good pass 'line 3; median 0.390 to 0.870 µs over 5 runs' "$listing

line [x = 1]{.ln}; median [gp.qrcu.0.median]{.bench} µs over [runs]{.bench} runs"
page unknown-figure fail 'benchmark figure "gp.qrcu.0.mean" is not in' \
	"median [gp.qrcu.0.mean]{.bench} µs"
page ambiguous-line fail 'line reference "x =" matches 2 lines' "$listing

line [x = ]{.ln}"
page missing-line fail 'line reference "x = 3" matches 0 lines' "$listing

line [x = 3]{.ln}"
page line-before-listing fail 'comes before any listing' "line [x = 1]{.ln}

$listing"
page run-figures pass '1,071,181 states in 4.03 s, 36.4 times more; 29,399 to 1,071,181; 3,544% more; 1.1 k; line 3' \
	"$listing

[big.stored]{.run} states in [big.time]{.run} s, [big.stored/small.stored]{.run} times more;
[big.stored, small.stored]{.run}; [big.stored/small.stored]{.run .more digits=0} more;
[big.stored]{.run div=1000000 digits=1} k; line [x = 1]{.ln}"
page line-link pass '<a href="#listing-1-3" class="lineref">3</a>' "$listing

line [x = 1]{.ln}"
page run-range pass 'grows by 29.4 to 36.4' "grows by [small.stored/tiny.stored, big.stored/small.stored]{.run}"
page run-unknown-id fail 'run figure "qrcu-9x9.stored": no report of run qrcu-9x9' "[qrcu-9x9.stored]{.run} states"
page run-unknown-field fail 'run figure "big.sotred": run big has no field sotred; it has' "[big.sotred]{.run} states"
page run-malformed fail 'run figure "big": expected ID.FIELD' "[big]{.run} states"
page run-arithmetic pass 'about 2,201 and 36.4' "about [(big.stored + small.stored) * 2 / 1000]{.run digits=0} and [big.stored/small.stored]{.run}"
page run-unclosed fail 'run figure "(big.stored + 1": a "(" is not closed' "[(big.stored + 1]{.run}"
page run-zero fail 'divides by zero' "[big.stored/tiny.time]{.run}"
page ref-good pass '<a href="ch05-x.html" class="xref">chapter 5</a> and <a href="ch05-x.html#big" class="xref">run <code class="nobr">big</code></a>' \
	"see [chapter 5]{.ref} and [run \`big\`]{.ref}"
# The report a chapter shows (its .pan block) is the one its prose quotes.
mkdir -p "$tmp/out/extract/ch05-x"
sed 's/elapsed time 4.03/elapsed time 9.99/' "$tmp/out/runs/big.out" >"$tmp/out/extract/ch05-x/run.big.expect"
page run-shown-report pass 'took 9.99 s' "took [big.time]{.run} s"
rm -r "$tmp/out/extract"
page ref-unknown fail 'cross-reference "chapter 9" names nothing' "see [chapter 9]{.ref}"
page exercise-link pass '<a href="ch02-ex1.html">Reference solution</a>' "::: {.exercise #exercise-1 answer=ch02-ex1}
Do it.
:::"
page grade-demand pass 'make exercise-1 checks: no lost increment' '```{.grade exercise=1 model=x.spin what="no lost increment" hint="h" verdict=pass max-stored=9}
```'
rm "$tmp/out/kernel/bench/recorded.tsv"
# The missing file is named as missing ('recorded.tsv' alone would also
# be found in the message for a key that is not in the file).
page no-figures fail "benchmark figure \"gp.qrcu.0.median\": no $tmp/out/kernel/bench/recorded.tsv; make" \
	"median [gp.qrcu.0.median]{.bench} µs"

# A whole book, built by build/book/book.sh from two chapters.
mkdir -p "$tmp/src/chapters" "$tmp/src/quizzes"
cat >"$tmp/src/chapters/ch01-one.md" <<'EOF'
# One

## Commands

Type

    spin -a x.spin
    cc -DSAFETY -o pan pan.c
    make verify DEFS="-DN=3 -DM=2"

or `make verify DEFS="-DN=3"`, then read [chapter 2]{.ref}.

```{.promela}
#define take(m)	\
	atomic { m == 0 -> m = 1 }
```

## A change

```{.diff}
--- a
+++ b
@@ -1 +1 @@
-	old = 1;
+	new = 2;
```
EOF
printf '# Two\n\nCOLLAPSE is a word to find; back to [chapter 1]{.ref}.\n' >"$tmp/src/chapters/ch02-two.md"
# book NAME WANT EXPECT FILE: build the book; EXPECT in FILE (pass) or in the error (fail)
book() {
	judge "book $1" "$2" "$3" "$tmp/bookout/book/$4" env BOOK_SRC="$tmp/src" OUT="$tmp/bookout" build/book/book.sh
}
book command-block pass '<pre><code>spin -a x.spin' ch01-one.html
book straight-quotes pass 'make verify DEFS=&quot;-DN=3 -DM=2&quot;</code></pre>' ch01-one.html
book straight-quotes-inline pass '<code>make verify DEFS="-DN=3"</code>' ch01-one.html
# The four typographic quotes, each as a string (a bracket expression of
# their bytes would also match a dash or an arrow outside a UTF-8 locale).
if [ ! -f "$tmp/bookout/book/ch01-one.html" ]; then
	say_wrong book "no ch01-one.html to look for typographic quotes in"
elif grep -nF -e "$(printf '\342\200\234')" -e "$(printf '\342\200\235')" -e "$(printf '\342\200\230')" \
	-e "$(printf '\342\200\231')" "$tmp/bookout/book/ch01-one.html" >"$tmp/quotes"; then
	say_wrong book "typographic quotes in code" "$tmp/quotes"
else
	say_ok book "no typographic quote in any code element"
fi
book macro-body pass '<span class="pp">#define take(m)</span>' ch01-one.html
book macro-body-promela pass '	<span class="kw">atomic</span> { m <span class="op">==</span>' ch01-one.html
book diff-removed pass '<span class="st">-	old = 1;</span>' ch01-one.html
# A removed line of a diff must look removed.  Catches a removed line the
# reader cannot tell from the rest: the highlighter no longer marks it
# (its class changed or gone), or book.css no longer colours that class
# inside a diff.  (It used to search book.css for the text of one rule,
# which fails on a reformatted file and passes when the page's class and
# the stylesheet's rule no longer meet.)
judge "book diff-removed-style" pass "is coloured by" - \
	build/tests/styled.py "$tmp/bookout/book/ch01-one.html" "$tmp/bookout/book/book.css" "old = 1;" diff
book numbered pass '<span class="secno">1.1</span> Commands' ch01-one.html
book xref pass '<a href="ch02-two.html" class="xref">chapter 2</a>' ch01-one.html
book sidebar pass '<a aria-current="page" href="ch02-two.html">' ch02-two.html
book search-index pass '"u": "ch02-two.html#two"' search-index.js
book search-term pass 'COLLAPSE is a word to find' search-index.js
book one-page pass '<div id="ch02-two" class="page">' print.html
printf '# Two\n\nA [link](nosuch.html).\n' >"$tmp/src/chapters/ch02-two.md"
book broken-link fail 'chapters/ch02-two.md: broken link nosuch.html: no page nosuch.html in the book' -
if [ -e "$tmp/bookout/book/index.html" ]; then
	say_wrong book "a failed build leaves index.html, so make book would pass the next time"
else
	say_ok book "a failed build leaves no index.html, so make book fails again until fixed"
fi
printf '# Two\n\nA [link](ch01-one.html#nosuch).\n' >"$tmp/src/chapters/ch02-two.md"
book broken-anchor fail "chapters/ch02-two.md: broken link ch01-one.html#nosuch: no id 'nosuch' in ch01-one.html" -
printf '# Two\n\nSee [chapter 7]{.ref}.\n' >"$tmp/src/chapters/ch02-two.md"
book broken-xref fail 'ch02-two.md: cross-reference "chapter 7" names nothing' -

[ "$bad" -eq 0 ] && echo "book-selftest: references resolve, and every bad one stops the page"

exit "$bad"
