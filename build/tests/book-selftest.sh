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
# Where the run store's files are, as book.sh passes it (build/lib/runstore.py).
OUT="$tmp/out" build/lib/runstore.py layout >"$tmp/layout.tsv"

# page NAME WANT EXPECT BODY: render BODY; WANT is pass or fail; EXPECT
# must appear in the page, as HTML or as its text (pass), or in the error (fail).
page() {
	printf '%s\n' "$4" >"$tmp/$1.md"
	judge -t "$1" "$2" "$3" "$tmp/$1.html" pandoc -f markdown -t html5 --wrap=none --lua-filter build/book/book.lua \
		-M out="$tmp/out" -M tag="$1" -M targets="$tmp/targets.tsv" -M layout="$tmp/layout.tsv" \
		-o "$tmp/$1.html" "$tmp/$1.md"
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
# A time varies from run to run: the prose may quote it only from a
# report the chapter shows (its .pan block) or keeps; big and tiny are
# shown here, small is not.
mkdir -p "$tmp/out/extract/ch05-x"
cp "$tmp/out/runs/big.out" "$tmp/out/extract/ch05-x/run.big.expect"
cp "$tmp/out/runs/tiny.out" "$tmp/out/extract/ch05-x/run.tiny.expect"
page run-time-unshown fail 'time varies from run to run' "took [small.time]{.run} s"
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
sed 's/elapsed time 4.03/elapsed time 9.99/' "$tmp/out/runs/big.out" >"$tmp/out/extract/ch05-x/run.big.expect"
page run-shown-report pass 'took 9.99 s' "took [big.time]{.run} s"
rm -r "$tmp/out/extract"
page ref-unknown fail 'cross-reference "chapter 9" names nothing' "see [chapter 9]{.ref}"
page exercise-link pass '<a href="ch02-ex1.html">Reference solution</a>' "::: {.exercise #exercise-1 answer=ch02-ex1}
Do it.
:::"
page grade-demand pass 'make exercise-1 checks: no lost increment' '```{.grade exercise=1 model=x.spin what="no lost increment" hint="h" verdict=pass max-stored=9}
```'
# A figure's tooltip says where it comes from in words, not as a key.
page fig-title pass 'title="from a Spin report: states stored in run big"' "[big.stored]{.run} states"
# A derived model's sed script is shown as the diff it makes (worked
# out from the block, against models/), and one that changes nothing
# stops the page.
page derive-diff pass '+++ models/qrcu-incany.spin' '```{.derive file=qrcu-incany.spin from=qrcu.spin}
s/:: ctr\[myidx\] > 0 ->/:: 1 ->/
```'
page derive-nothing fail 'changes nothing in qrcu.spin' '```{.derive file=qrcu-x.spin from=qrcu.spin}
s/no such text anywhere/x/
```'
# A long trail (200 steps, a cycle from step 150) is folded to the steps
# into the cycle and the first of it, caption above; the whole trail is a
# page of its own (the table is left in out/book/trail-ID.part).
mktrail() { # mktrail FILE STEPS CYCLE-AT
	awk -v n="$2" -v c="$3" 'BEGIN { for (i = 1; i <= n; i++) {
		if (i == c) print "      <<<<<START OF CYCLE>>>>>"
		printf "%4d:\tproc  %d (p:1) m.spin:%d (state %d)\t[step_%d_of_the_trail]\n", i, i % 2 + 1, i % 9 + 1, i, i } }' >"$1"
}
mkdir -p "$tmp/out/book"
mktrail "$tmp/out/runs/long.trail" 200 150
trailpage() { # trailpage NAME EXPECT BODY: page, with the runs' layout (where trails are)
	printf '%s\n' "$3" >"$tmp/$1.md"
	judge -t "$1" pass "$2" "$tmp/$1.html" pandoc -f markdown -t html5 --wrap=none --lua-filter build/book/book.lua \
		-M out="$tmp/out" -M tag="$1" -M targets="$tmp/targets.tsv" -M layout="$tmp/layout.tsv" -o "$tmp/$1.html" "$tmp/$1.md"
}
trailpage trail-folded 'The whole trail (200 steps)' '```{.trail run=long}
excerpt
```'
rows=$(grep -o '<tr class="[^"]*"><td>[0-9]' "$tmp/trail-folded.html" | wc -l)
cap=$(grep -n 'timeline-caption' "$tmp/trail-folded.html" | head -n 1 | cut -d: -f1)
tab=$(grep -n '<table class="timeline"' "$tmp/trail-folded.html" | head -n 1 | cut -d: -f1)
if [ "$rows" -gt 60 ] || [ "$rows" -lt 50 ]; then
	say_wrong trail-folded "the folded trail shows $rows of 200 steps, not 50 to 60" "$tmp/trail-folded.html"
elif ! grep -q '<td>140</td>' "$tmp/trail-folded.html" || ! grep -q '<td>150</td>' "$tmp/trail-folded.html"; then
	say_wrong trail-folded "the folded trail does not show the steps into the cycle (140) and its start (150)"
elif [ -z "$cap" ] || [ -z "$tab" ] || [ "$cap" -gt "$tab" ]; then
	say_wrong trail-folded "the caption is not above the table (line ${cap:-none}, table line ${tab:-none})"
elif [ "$(grep -c 'step_[0-9]*_of_the_trail' "$tmp/out/book/trail-long.part")" -ne 200 ]; then
	say_wrong trail-folded "the whole trail (trail-long.part) does not hold the 200 steps"
else
	say_ok trail-folded "$rows of 200 rows shown, steps 140 and 150 among them, caption above; 200 in the whole trail"
fi
mktrail "$tmp/out/runs/short.trail" 30 20
trailpage trail-short '<td>30</td>' '```{.trail run=short}
excerpt
```'
if grep -q 'whole-trail' "$tmp/trail-short.html"; then
	say_wrong trail-short "a 30-step trail is folded"
else
	say_ok trail-short "a 30-step trail is shown whole"
fi
# A report whose lines the prose names ([text]{.callout run=ID}) is
# shown whole, numbered, the named line marked; the line a callout names
# must be one, and on the page.  build/book/folded-lines.py then fails a
# page whose prose quotes a line the page folds away, or whose callout
# names a line inside a fold or off the page.
printf 'rep\tspin -a x.spin\n' >"$tmp/commands.tsv"
rep='```{.pan #rep model=x.spin}
pan:1: assertion violated (x==1) (at depth 3)
pan: wrote x.spin.trail

(Spin Version 6.5.2 -- 6 December 2019)
Warning: Search not completed
	+ Partial Order Reduction

Full statespace search for:
	never claim         	- (none specified)
	assertion violations	+

State-vector 20 byte, depth reached 3, errors: 1
        5 states, stored
        1 states, matched
        6 transitions (= stored+matched)
hash conflicts:         0 (resolved)
    0.290	actual memory usage for states
  128.000	memory used for hash table (-w24)
```'
reppage() { # reppage NAME WANT EXPECT BODY: a page with a report, as page does
	printf '%s\n' "$4" >"$tmp/$1.md"
	judge -t "$1" "$2" "$3" "$tmp/$1.html" pandoc -f markdown -t html5 --wrap=none --lua-filter build/book/book.lua \
		-M out="$tmp/out" -M tag="$1" -M targets="$tmp/targets.tsv" -M commands="$tmp/commands.tsv" \
		-M layout="$tmp/layout.tsv" -o "$tmp/$1.html" "$tmp/$1.md"
}
folded() { # folded NAME WANT EXPECT PAGE: build/book/folded-lines.py on PAGE
	judge "$1" "$2" "$3" - build/book/folded-lines.py "$4"
}
reppage callout-shown pass '<a href="#rep-2" class="callout">2</a>' "$rep

Line [pan: wrote]{.callout run=rep} names the trail file, \`x.spin.trail\`."
if grep -q '<span class="rl marked" id="rep-2"><span class="rn" aria-hidden="true">2</span>pan: wrote x.spin.trail</span>' \
	"$tmp/callout-shown.html" && ! grep -q '<details' "$tmp/callout-shown.html"; then
	say_ok callout-marked "the report is shown whole, line 2 numbered and marked"
else
	say_wrong callout-marked "the report is folded, or line 2 is not marked" "$tmp/callout-shown.html"
fi
folded folded-callout-shown pass '0 report lines named but folded away' "$tmp/callout-shown.html"
reppage callout-nearest pass '<a href="#rep-13" class="callout">13</a>' "$rep

Line [5 states, stored]{.callout} counts them (tabs and runs of spaces compare as one space)."
reppage callout-ambiguous fail 'report line "memory" matches 2 lines of report rep' "$rep

[memory]{.callout run=rep}"
reppage callout-missing fail 'report line "errors: 9" matches 0 lines of report rep' "$rep

[errors: 9]{.callout run=rep}"
reppage callout-before-report fail 'report line "pan: wrote": no report above it on this page' "[pan: wrote]{.callout}

$rep"
reppage callout-unknown-run fail 'report line "pan: wrote": no report nope above it on this page' "$rep

[pan: wrote]{.callout run=nope}"
# The sentence chapter 2 had: prose quoting the trail file's line of a
# folded report, and the hash table's line in quotation marks.
reppage quote-folded pass 'the full report (18 lines)' "$rep

The second line says pan wrote a trail file, \`x.spin.trail\`."
# shellcheck disable=SC2016 # the backquotes are the message's, not a command
folded folded-quote fail 'the prose quotes `x.spin.trail`, which only line 2 of report rep holds' "$tmp/quote-folded.html"
reppage words-folded pass 'the full report (18 lines)' "$rep

The line \"memory used for hash table\" gives its size."
folded folded-words fail 'the prose quotes "memory used for hash table", which only line 18 of report rep holds' "$tmp/words-folded.html"
# A quote of a line the fold leaves in view (the verdict) is no fault.
reppage quote-shown pass 'the full report (18 lines)' "$rep

The verdict, \`assertion violated (x==1)\`, is in view."
folded folded-quote-shown pass '0 report lines named but folded away' "$tmp/quote-shown.html"
# A filter that folded a report the prose names, and a callout to a
# line that is not on the page.
sed -e 's|<pre class="pan-report numbered"|<details class="pan-report fold"><summary>s</summary>&|' \
	-e 's|</code></pre>|&</details>|' "$tmp/callout-shown.html" >"$tmp/callout-folded.html"
folded folded-callout fail 'the callout 2 names #rep-2, a line the page folds away' "$tmp/callout-folded.html"
sed 's|href="#rep-2"|href="#rep-99"|' "$tmp/callout-shown.html" >"$tmp/callout-off.html"
folded folded-callout-off fail 'the callout 2 names #rep-99, which is not on the page' "$tmp/callout-off.html"
# Another checker's report ({.check}) folds to its own verdict lines
# (the adapter's headline()), never to an empty box; a long run's block
# (target=full) holds its summary, and the page shows the report kept in
# chapters/runs/ (rumur-qrcu-3x2's, the book's own: short once its
# progress lines are dropped, so shown whole).
mkdir -p "$tmp/out/extract/ch13-t"
chk() { # chk ID TARGET: the flags of a rumur run, as extract.lua writes them
	printf 'chapter=chapters/ch13-t.md\nid=%s\ntool=rumur\nmodel=qrcu.m\nverdict=pass\ntarget=%s\n' \
		"$1" "$2" >"$tmp/out/extract/ch13-t/check.$1.flags"
	: >"$tmp/out/extract/ch13-t/check.$1.expect"
	printf '%s\trumur qrcu.m\n' "$1" >>"$tmp/commands.tsv"
}
chk chk check
chk rumur-qrcu-3x2 full
chk nokept full
chk noverdict check
rumur_report='Memory usage:

	* The size of each state is 50 bits (rounded up to 7 bytes).
	* The size of the hash table is 32768 slots.

Progress Report:

	 10000 states explored in 0s, with 25790 rules fired and 5534 states in the queue.
	 20000 states explored in 1s, with 51843 rules fired and 10961 states in the queue.

==========================================================================

Status:

	No error found.

State Space Explored:

	28445 states, 92517 rules fired in 1s.'
printf '%s\n' "$rumur_report" >"$tmp/out/extract/ch13-t/check.chk.expect"
reppage check-folded pass '<pre class="pan-summary"><code>No error found.' "\`\`\`{.check #chk tool=rumur model=qrcu.m verdict=pass}
$rumur_report
\`\`\`"
folded folded-check pass '0 report lines named but folded away' "$tmp/check-folded.html"
sed -z 's|<pre class="pan-summary"><code>[^<]*</code></pre>|<pre class="pan-summary"><code></code></pre>|' \
	"$tmp/check-folded.html" >"$tmp/check-empty.html"
folded folded-check-empty fail 'report chk folds to an empty box' "$tmp/check-empty.html"
reppage check-kept pass 'rules fired in 1174s.</code></pre>' '```{.check #rumur-qrcu-3x2 tool=rumur model=qrcu.m verdict=pass target=full}
verdict: No error found.
states: 14363656
```'
if grep -q 'states: 14363656' "$tmp/check-kept.html"; then
	say_wrong check-kept-report "the page shows the block's summary lines, not the kept report" "$tmp/check-kept.html"
else
	say_ok check-kept-report "the page shows the kept report, not the block's summary lines"
fi
reppage check-kept-missing fail 'run nokept (target=full) has no report kept in chapters/runs/' '```{.check #nokept tool=rumur model=qrcu.m verdict=pass target=full}
verdict: No error found.
```'
printf '%s\n' "$rumur_report" | head -n 12 >"$tmp/out/extract/ch13-t/check.noverdict.expect"
reppage check-no-verdict fail 'run noverdict: its rumur report has no verdict line' "\`\`\`{.check #noverdict tool=rumur model=qrcu.m verdict=pass}
$(cat "$tmp/out/extract/ch13-t/check.noverdict.expect")
\`\`\`"
# A simulation ({.sim}) is shown whole, numbered, under the command
# that makes it; its lines can be named too.
reppage sim-shown pass 'make simulate MODEL=models/x.spin SEED=18 runs spin -p -u1000 -n18 x.spin' '```{.sim #s18 model=x.spin seed=18}
  1:	proc  0 (:init::1) x.spin:3 (state 1)	[x = 1]
  2:	proc  0 (:init::1) x.spin:4 (state 2)	[x = 2]
```

Line [x = 2]{.callout} sets it again.'
# A block that breaks the format (build/pipeline/format.tsv, read by
# build/lib/blocks.lua for the extractor and the book alike) stops the
# page, naming the block: a misspelt mode= is not shown as a random
# simulation, nor a misspelt steps= dropped.
reppage sim-bad-mode fail 'the block #sbad breaks the block format (build/pipeline/format.tsv): mode=replays must be random or interactive or replay' '```{.sim #sbad model=x.spin mode=replays run=r}
  1:	proc  0 (:init::1) x.spin:3 (state 1)	[x = 1]
```'
reppage sim-bad-attr fail 'the block #sstep breaks the block format (build/pipeline/format.tsv): unknown attribute step= on a .sim block' '```{.sim #sstep model=x.spin seed=18 step=50}
  1:	proc  0 (:init::1) x.spin:3 (state 1)	[x = 1]
```'
# An attribute given is shown (steps=50); left out, it takes the
# format's default (sim-shown above: -u1000, no STEPS=).
reppage sim-default-steps pass 'make simulate MODEL=models/x.spin SEED=18 STEPS=50 runs spin -p -u50 -n18 x.spin' '```{.sim #s50 model=x.spin seed=18 steps=50}
  1:	proc  0 (:init::1) x.spin:3 (state 1)	[x = 1]
```'

if grep -q '<span class="rl marked" id="s18-2">' "$tmp/sim-shown.html"; then
	say_ok sim-marked "the simulation's line 2 is marked"
else
	say_wrong sim-marked "the simulation's line 2 is not marked" "$tmp/sim-shown.html"
fi

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
cat >>"$tmp/src/chapters/ch01-one.md" <<'EOF'

::: {.quiz #quiz-1 answer=ch01-quiz1}
**Quick Quiz 1:** Why is it so? Say it.
:::

```{.trail run=long}
excerpt
```
EOF
printf '# Answer to Quick Quiz 1\n\n::: {.question}\nWhy is it so? Say it.\n:::\n\nBecause.\n' >"$tmp/src/quizzes/ch01-quiz1.md"
mkdir -p "$tmp/bookout/runs"
mktrail "$tmp/bookout/runs/long.trail" 200 150
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
# Print keeps the listings' line numbers: print.html carries pandoc's
# rules for them (they were taken from the index page, which has no
# listing, so the numbers were lost).
book print-line-numbers pass 'pre.numberSource code > span > a:first-child::before' print.html
book edit-link pass 'its source is <a class="edit" href="source/chapters/ch01-one.md"><code>chapters/ch01-one.md</code></a>' ch01-one.html
if [ ! -f "$tmp/bookout/book/source/chapters/ch01-one.md" ]; then
	say_wrong book "edit-link: no source/chapters/ch01-one.md beside the pages"
elif grep -l -F "$tmp" "$tmp/bookout/book/"*.html >"$tmp/paths"; then
	say_wrong book "edit-link: a page names a path of this machine" "$tmp/paths"
else
	say_ok book "edit-link: the source is beside the pages, and no page names a path of this machine"
fi
book sidebar-sections pass '<ol class="sections"><li><a href="#commands"><span class="secno">1.1</span> Commands</a></li>' ch01-one.html
book skip-link pass '<a class="skip" href="#content">' ch01-one.html
book theme-kept pass 'localStorage.getItem("book-theme")' ch01-one.html
book answers-listed pass '<a href="ch01-quiz1.html">Quick Quiz 1</a> (chapter 1, One): Why is it so?' quizzes.html
book answer-marks-chapter pass '<a aria-current="location" href="ch01-one.html">' ch01-quiz1.html
book answers-one-name pass 'All answers' ch01-quiz1.html
book whole-trail pass '<td>1</td>' trail-long.html
if grep -q 'step_1_of_the_trail' "$tmp/bookout/book/search-index.js"; then
	say_wrong book "search-index: trail rows are in the search index"
elif grep -q 'step_1_of_the_trail' "$tmp/bookout/book/print.html"; then
	say_wrong book "print: the printed book holds the whole trail, not the folded one"
else
	say_ok book "search-index and print: no trail row beyond the fold"
fi
# The same book in parts (chapters/book.tsv) with a glossary: the sidebar
# and the index give the parts, the index each page's reading time, the
# glossary links a term to its definition, and a use before it says
# where the definition is.
printf 'part\tI\tThe first part\npage\t1\tch01-one\npart\t-\tAppendices\npage\tA\tch02-two\npage\tB\tglossary\n' \
	>"$tmp/src/chapters/book.tsv"
printf '\nA [trap]{.fwd} comes later.\n' >>"$tmp/src/chapters/ch01-one.md"
sed 's/\[chapter 2\]{\.ref}/[appendix A]{.ref}/' "$tmp/src/chapters/ch01-one.md" >"$tmp/one.md"
mv "$tmp/one.md" "$tmp/src/chapters/ch01-one.md"
printf '# Two\n\nCOLLAPSE is a word to find; back to [chapter 1]{.ref}. A [trap]{.dfn} is a\nthing that catches.\n' \
	>"$tmp/src/chapters/ch02-two.md"
book parts-sidebar pass '<li class="part"><span class="part-title">Part I: The first part</span><ol>' ch01-one.html
book parts-index pass 'Part I: The first part' index.html
book reading-time pass 'min</td>' index.html
book appendix-number pass '<span class="secno">A</span> Two' ch02-two.html
book glossary-entry pass 'href="ch02-two.html#dfn-trap"' glossary.html
book definition-anchor pass '<dfn id="dfn-trap">trap</dfn>' ch02-two.html
book forward-link pass '(defined in appendix A)' ch01-one.html
book appendix-xref pass '<a href="ch02-two.html" class="xref">appendix A</a>' ch01-one.html
printf 'part\tI\tThe first part\npage\t1\tch01-one\npage\tB\tglossary\n' >"$tmp/src/chapters/book.tsv"
book order-left-out fail 'chapters/ch02-two.md is in no part' -
printf 'part\tI\tThe first part\npage\t1\tch01-one\npage\t2\tch02-two\npage\t3\tch03-none\n' >"$tmp/src/chapters/book.tsv"
book order-no-file fail 'chapters/book.tsv:4: no chapters/ch03-none.md' -
rm "$tmp/src/chapters/book.tsv"
# the cases below read chapter 1 as it was (chapter 2 a chapter again)
sed -e 's/\[appendix A\]{\.ref}/[chapter 2]{.ref}/' -e '/\[trap\]{\.fwd}/d' "$tmp/src/chapters/ch01-one.md" >"$tmp/one.md"
mv "$tmp/one.md" "$tmp/src/chapters/ch01-one.md"

# The glossary's order check (build/book/glossary.py --check): a term
# used in a chapter before the one that defines it fails, unless that
# first use links forward; so does a plural, a term split over two lines,
# a bare use before the forward link, a term defined twice, a forward
# link to no term.  A use in a code block or a link's target is no use.
mkdir -p "$tmp/gl/chapters"
glossary() { # glossary NAME WANT EXPECT CH01-TEXT: ch02 defines "mutant" and "never claim"
	printf '# One\n\n%s\n' "$4" >"$tmp/gl/chapters/ch01-one.md"
	printf '# Two\n\nA [mutant]{.dfn} is a broken copy. A [never claim]{.dfn} is an automaton.\n' \
		>"$tmp/gl/chapters/ch02-two.md"
	judge "glossary $1" "$2" "$3" - build/book/glossary.py --check "$tmp/gl"
}
glossary ordered pass '2 terms, each used only' 'No term here.'
glossary used-before fail "'mutant' is used in chapter 1, before chapter 2 defines it" 'A mutant, first.'
glossary plural-before fail "'Mutants' is used in chapter 1" 'Mutants, first.'
glossary split-over-lines fail "is used in chapter 1, before chapter 2" 'A never
claim, first.'
glossary forward-link pass '2 terms' 'A [mutant]{.fwd}, linked; then a mutant again.'
glossary bare-before-link fail "ch01-one.md:3: 'mutant' is used in chapter 1" 'A mutant.

Then a [mutant]{.fwd}.'
# shellcheck disable=SC2016 # the backquotes are Markdown's, not the shell's
glossary in-code pass '2 terms' '```
mutant
```

`x` and [text](mutant.html) and [x]{.ref to="run mutant"}.'
glossary defined-twice fail "'mutant' is defined a second time" 'A [mutant]{.dfn} here too.'
glossary forward-to-nothing fail "names 'bug', which no page defines" 'A [bug]{.fwd}.'
glossary forward-backwards fail "is linked forward but is defined here or before" 'A [mutant]{.dfn}, and a [mutant]{.fwd}.'
# The glossary page quotes a definition's sentence; a line reference in
# it ({.callout}, {.ln}) names a report or listing the glossary does not
# show, so it keeps only its text (as the callout was, it stopped the page).
printf '# One\n\nLine [pan: wrote]{.callout run=x} says pan wrote a [trail]{.dfn}.\n' \
	>"$tmp/gl/chapters/ch01-one.md"
# shellcheck disable=SC2016 # the backquotes are Markdown's, not the shell's
judge "glossary callout-quoted" pass 'Line `pan: wrote` says' - build/book/glossary.py "$tmp/gl"

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
