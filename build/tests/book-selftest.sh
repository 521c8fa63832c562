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
# must appear in the page (pass) or in the error (fail).
page() {
	printf '%s\n' "$4" >"$tmp/$1.md"
	if pandoc -f markdown -t html5 --wrap=none --lua-filter build/book/book.lua -M out="$tmp/out" \
		-M tag="$1" -M targets="$tmp/targets.tsv" -o "$tmp/$1.html" "$tmp/$1.md" >"$tmp/$1.err" 2>&1; then
		got=pass; where=$tmp/$1.html
	else
		got=fail; where=$tmp/$1.err
	fi
	if [ "$got" != "$2" ]; then
		echo "WRONG: $1: the page says $got, must say $2"
		sed -e 's/^/    /' "$tmp/$1.err"
		bad=1
	elif ! grep -qF -e "$3" "$where" && ! sed -e 's/<[^>]*>//g' "$where" | grep -qF -e "$3"; then
		echo "WRONG: $1: no '$3' in the $([ "$got" = pass ] && echo page || echo error)"
		sed -e 's/^/    /' "$where" | head -n 20
		bad=1
	else
		echo "ok: $1: $got, with '$3'"
	fi
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
page no-figures fail 'recorded.tsv' "median [gp.qrcu.0.median]{.bench} µs"

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
	if BOOK_SRC="$tmp/src" OUT="$tmp/bookout" build/book/book.sh >"$tmp/$1.err" 2>&1; then got=pass; else got=fail; fi
	where=$tmp/$1.err
	[ "$got" = pass ] && where=$tmp/bookout/book/$4
	if [ "$got" != "$2" ]; then
		echo "WRONG: book $1: build/book/book.sh says $got, must say $2"
		sed -e 's/^/    /' "$tmp/$1.err" | tail -n 20
		bad=1
	elif ! grep -qF -e "$3" "$where"; then
		echo "WRONG: book $1: no '$3' in $where"
		bad=1
	else
		echo "ok: book $1: $got, with '$3'"
	fi
}
book command-block pass '<pre><code>spin -a x.spin' ch01-one.html
book straight-quotes pass 'make verify DEFS=&quot;-DN=3 -DM=2&quot;</code></pre>' ch01-one.html
book straight-quotes-inline pass '<code>make verify DEFS="-DN=3"</code>' ch01-one.html
quotes=$(printf '\342\200\234\342\200\235\342\200\230\342\200\231') # the four typographic quotes
if grep -n "[$quotes]" "$tmp/bookout/book/ch01-one.html"; then
	echo "WRONG: book: typographic quotes in code"; bad=1
else
	echo "ok: book: no typographic quote in any code element"
fi
book macro-body pass '<span class="pp">#define take(m)</span>' ch01-one.html
book macro-body-promela pass '	<span class="kw">atomic</span> { m <span class="op">==</span>' ch01-one.html
book diff-removed pass '<span class="st">-	old = 1;</span>' ch01-one.html
book diff-removed-style pass 'code.diff span.st { color: var(--del-fg)' book.css
book numbered pass '<span class="secno">1.1</span> Commands' ch01-one.html
book xref pass '<a href="ch02-two.html" class="xref">chapter 2</a>' ch01-one.html
book sidebar pass '<a aria-current="page" href="ch02-two.html">' ch02-two.html
book search-index pass '"u": "ch02-two.html#two"' search-index.js
book search-term pass 'COLLAPSE is a word to find' search-index.js
book one-page pass '<div id="ch02-two" class="page">' print.html
printf '# Two\n\nA [link](nosuch.html).\n' >"$tmp/src/chapters/ch02-two.md"
book broken-link fail 'chapters/ch02-two.md: broken link nosuch.html: no page nosuch.html in the book' -
if [ -e "$tmp/bookout/book/index.html" ]; then
	echo "WRONG: book: a failed build leaves index.html, so make book would pass the next time"; bad=1
else
	echo "ok: book: a failed build leaves no index.html, so make book fails again until fixed"
fi
printf '# Two\n\nA [link](ch01-one.html#nosuch).\n' >"$tmp/src/chapters/ch02-two.md"
book broken-anchor fail "chapters/ch02-two.md: broken link ch01-one.html#nosuch: no id 'nosuch' in ch01-one.html" -
printf '# Two\n\nSee [chapter 7]{.ref}.\n' >"$tmp/src/chapters/ch02-two.md"
book broken-xref fail 'ch02-two.md: cross-reference "chapter 7" names nothing' -

[ "$bad" -eq 0 ] && echo "book-selftest: references resolve, and every bad one stops the page"

exit "$bad"
