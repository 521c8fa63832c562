#!/bin/sh
# book: build the HTML book into out/book/ with pandoc and build/book/book.lua:
# one page per chapter, per quiz answer, per exercise's reference
# solution and for the reading list
# (build/book/references.md), an index, and print.html, the whole book on one
# page.  Every page has the table of contents beside it, a search box
# (lunr, from Debian's libjs-lunr; the index is written here, by
# build/book/book-search.py) and previous/next links (also the arrow keys).
# Pages use only local files: the book works offline.  The chapters are
# whatever chapters/chNN-*.md exist (BOOK_SRC=DIR reads DIR/chapters and
# DIR/quizzes instead, for build/tests/book-selftest.sh).  A link or anchor that
# leads nowhere fails the build (build/book/book-links.py).
set -eu
. build/lib/paths.sh
out=$OUT
src=${BOOK_SRC:-.}
dest=$out/book
lunr=${LUNR:-/usr/share/javascript/lunr/lunr.min.js}
if [ ! -f "$lunr" ]; then
	echo "book: no $lunr (the search box needs it); run make deps (or: sudo apt-get install libjs-lunr)" >&2
	exit 1
fi
mkdir -p "$dest"
rm -f "$dest"/*.html "$dest"/*.svg "$dest"/*.js "$dest"/*.part # no page of a renamed or removed chapter stays behind
rm -rf "$dest/source"
cp build/book/book.css "$dest/book.css"
cp build/book/book.js "$dest/book.js"
cp "$lunr" "$dest/lunr.min.js"
# Every model file, shipped with the book: a listing's caption links to
# its file (and the files it includes are there too).
rm -rf "$dest/models"
mkdir -p "$dest/models"
if [ -d models ]; then find models -maxdepth 1 -type f -exec cp {} "$dest/models/" \; ; fi

title() { sed -n 's/^# //p' "$1" | head -n 1; }
stem() { basename "$1" .md; }
esc() { printf '%s' "$1" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build/book/run-figures.py "$out" >"$tmp/runs.tsv"
# Where the runs' files are, and every run's commands, as the one owner
# of each says (build/lib/runstore.py, build/lib/searchflags.py).
build/lib/runstore.py layout >"$tmp/layout.tsv"
build/lib/runstore.py defaults >"$tmp/defaults.tsv"
build/book/search-command.py --all >"$tmp/commands.tsv"
build/book/book-targets.py "$src" >"$tmp/targets.tsv"

# The pages in reading order, by part: PART PART-TITLE LABEL STEM TITLE
# (build/book/book-order.py; it names a chapter left out of chapters/book.tsv).
tab=$(printf '\t')
build/book/book-order.py "$src" >"$tmp/order"
build/book/reading-time.py "$src" >"$tmp/reading-time.tsv"
# partname NUMERAL TITLE: "Part I: Title", or the title alone (NUMERAL -, or none)
partname() { case $1 in -) printf '%s' "$2" ;; '') printf 'Chapters' ;; *) printf 'Part %s: %s' "$1" "$2" ;; esac; }
# secno LABEL: the number shown before a page's title (none for an unnumbered page)
secno() { [ "$1" = - ] || printf '<span class="secno">%s</span> ' "$1"; }
# minutes STEM-OR-"part N": the reading time build/book/reading-time.py measured
minutes() { awk -F "$tab" -v k="$1" '$1 == k { m = $4; h = int(m / 60); if (h) printf "%d h %02d min", h, m % 60; else printf "%d min", m }' "$tmp/reading-time.tsv"; }
quizzes=$(ls "$src"/quizzes/ch[0-9][0-9]-quiz*.md 2>/dev/null || true)
# The exercises' solutions in the order of the exercises' numbers.
exercises=$(for f in "$src"/quizzes/ch[0-9][0-9]-ex*.md; do
	[ -f "$f" ] && printf '%s %s\n' "$(basename "$f" .md | sed 's/.*-ex//')" "$f"
done | sort -n | cut -d ' ' -f 2-)

# The table of contents beside every page; the current page is marked
# when the page is rendered.
{
	printf '<a class="skip" href="#content">Skip to the text</a>\n'
	printf '<button id="menu" type="button" aria-controls="sidebar" aria-expanded="false">&#9776; Contents</button>\n'
	printf '<nav id="sidebar" aria-label="Table of contents">\n'
	printf '<a class="book-title" href="index.html">Verifying parallel algorithms with Promela and Spin</a>\n'
	printf '<button id="theme" type="button" title="Colour theme: follows the system until you choose">Theme: system</button>\n'
	printf '<div class="search" role="search"><input type="search" id="search" placeholder="Search the book" aria-label="Search the book" autocomplete="off"><ol id="search-results"></ol></div>\n'
	# the pages by part (chapters/book.tsv, read by build/book/book-order.py)
	printf '<ol class="chapters">\n'
	cur=
	while IFS="$tab" read -r part ptitle label stem ttl; do
		if [ "$part:$ptitle" != "$cur" ]; then
			[ -z "$cur" ] || printf '</ol></li>\n'
			cur="$part:$ptitle"
			printf '<li class="part"><span class="part-title">%s</span><ol>\n' "$(esc "$(partname "$part" "$ptitle")")"
		fi
		printf '<li><a href="%s.html">%s%s</a></li>\n' "$stem" "$(secno "$label")" "$(esc "$ttl")"
	done <"$tmp/order"
	[ -z "$cur" ] || printf '</ol></li>\n'
	printf '</ol>\n<ul class="extras">\n'
	printf '<li><a href="quizzes.html">Answers to the quizzes and exercises</a></li>\n'
	printf '<li><a href="references.html">Reading list and references</a></li>\n'
	printf '<li><a href="print.html">The whole book on one page</a></li>\n'
	printf '</ul>\n</nav>\n'
} >"$tmp/sidebar"

nav() { # nav PAGE PREV-HTML PREV-TITLE NEXT-HTML NEXT-TITLE [CHAPTER-HTML]: writes $tmp/before, $tmp/after
	# (an answer's or a whole trail's page marks its chapter in the sidebar)
	{
		printf '<nav class="pages">'
		if [ -n "$2" ]; then printf '<a rel="prev" href="%s">&larr; %s</a>' "$2" "$(esc "$3")"; else printf '<span></span>'; fi
		if [ -n "$4" ]; then printf '<a rel="next" href="%s">%s &rarr;</a>' "$4" "$(esc "$5")"; else printf '<span></span>'; fi
		printf '</nav>\n'
	} >"$tmp/pages"
	{
		sed -e "s|<a href=\"$1\"|<a aria-current=\"page\" href=\"$1\"|" \
			-e "${6:+s|<a href=\"$6\"|<a aria-current=\"location\" href=\"$6\"|}" "$tmp/sidebar"
		printf '<main id="content" tabindex="-1">\n'
		cat "$tmp/pages"
	} >"$tmp/before"
	{
		printf '<p class="source">@SOURCE@</p>\n'
		sed 's/class="pages"/class="pages bottom"/' "$tmp/pages"
		printf '</main>\n<script src="lunr.min.js"></script>\n<script src="search-index.js"></script>\n<script src="book.js"></script>\n'
	} >"$tmp/after"
}

failed=0
: >"$tmp/print-parts"
# render SOURCE BACK: the page, and its part of print.html; a page that
# fails is reported, the rest go on
render() {
	page=$(stem "$1")
	# a page of the book's order is numbered by its label there
	label=$(awk -F "$tab" -v k="$page" '$4 == k { print $3 }' "$tmp/order")
	set -- "$1" "$2" ${label:+-M} ${label:+label="$label"} -f markdown --preserve-tabs --wrap=none \
		--syntax-definition build/book/promela.xml --highlight-style pygments \
		--lua-filter build/book/book.lua \
		-M out="$out" -M tag="$page" -M back="$2" -M source="$1" \
		-M runs="$tmp/runs.tsv" -M targets="$tmp/targets.tsv" \
		-M layout="$tmp/layout.tsv" -M defaults="$tmp/defaults.tsv" -M commands="$tmp/commands.tsv"
	src_file=$1 back=$2
	shift 2
	case $src_file in
	"$tmp"/references.md) where=build/book/references.md ;;
	"$tmp"/*) where="build/book/book.sh (the page $page.html)" ;;
	*) where=${src_file#"$src"/} ;;
	esac
	# "Edit this page": the source it is rendered from, as a path in the
	# repository, linked to a copy of that file beside the pages.
	case $where in
	build/book/book.sh*)
		edit="This page is written by <code>build/book/book.sh</code>." ;;
	*)
		mkdir -p "$dest/source/$(dirname "$where")"
		case $src_file in "$tmp"/references.md) cp build/book/references.md "$dest/source/$where" ;;
		*) cp "$src_file" "$dest/source/$where" ;; esac
		edit="Edit this page: its source is <a class=\"edit\" href=\"source/$where\"><code>$where</code></a>." ;;
	esac
	sed "s|@SOURCE@|$edit|" "$tmp/after" >"$tmp/after-page"
	# The page's part of print.html is rendered beside the page, on the
	# second core; the files its filter writes (plots, whole trails) go
	# aside, the page's own copies are the ones kept.  Its messages are
	# the page's: shown only when the page renders and the part does not.
	printing=
	if [ -z "${NOPRINT:-}" ]; then
		mkdir -p "$tmp/print-files"
		pandoc "$@" -M print=1 -M book="$tmp/print-files" -t html5 -o "$tmp/print-$page.html" \
			"$src_file" 2>"$tmp/print-$page.err" &
		printing=$!
	fi
	if pandoc "$@" -t html5 --standalone -M pagetitle="$(title "$src_file")" -M lang=en \
		--css book.css --include-in-header "$tmp/head" --include-before-body "$tmp/before" \
		--include-after-body "$tmp/after-page" -o "$dest/$page.html" "$src_file"; then
		if [ -n "$printing" ]; then
			if wait "$printing"; then
				echo "$tmp/print-$page.html" >>"$tmp/print-parts"
			else
				cat "$tmp/print-$page.err" >&2
			fi
		fi
	else
		[ -z "$printing" ] || wait "$printing" || true
		failed=$((failed + 1))
	fi
	printf '%s\t%s\n' "$page.html" "$where" >>"$tmp/sources.tsv"
	: "$back"
}
# Before any style, the reader's chosen theme (book.js keeps it), so
# that a dark page does not flash light.
printf '%s\n' '<script>try{var t=localStorage.getItem("book-theme");if(t==="light"||t==="dark")document.documentElement.setAttribute("data-theme",t)}catch(e){}</script>' >"$tmp/head"

# listed ANSWER: its line in the list of answers: which quiz or exercise,
# the chapter that asks it, and the question's first sentence.
listed() {
	chapter=$(ls "$src"/chapters/"$(basename "$1" | cut -c1-4)"-*.md)
	n=$(stem "$chapter" | cut -c3-4 | sed 's/^0//')
	k=$(basename "$1" .md | sed 's/.*-\(quiz\|ex\)//')
	case $1 in *-quiz*) what="Quick Quiz $k" ;; *) what="Exercise $k" ;; esac
	question=$(sed -n '/^::: *{\.question/,/^:::$/p' "$1" | sed '1d;$d' | tr '\n' ' ' |
		sed -e 's/^ *//' -e 's/^\*\*[^*]*:\*\* *//' -e 's/\([.?!]\) .*/\1/')
	printf '[%s](%s.html) (chapter %s, %s): %s' "$what" "$(stem "$1")" "$n" "$(title "$chapter")" "$question"
}

# The index and the list of answers are pages like the others.
{
	echo "# Verifying parallel algorithms with Promela and Spin"
	echo
	echo "From a lost increment to QRCU, model-checked in Promela and torture-tested in Linux."
	echo "Every model and every Spin report in these pages is checked by \`make check\`."
	echo
	echo "The book is in three parts. Part I follows the 2007 article and teaches Promela and Spin"
	echo "on its examples, up to liveness; Part II carries QRCU past the article with Spin; Part III"
	echo "takes QRCU into Linux and under other checkers."
	echo "A reading time is measured from the page's source (build/book/reading-time.py): $(build/book/reading-time.py --rates)."
	cur=
	while IFS="$tab" read -r part ptitle label stem ttl; do
		if [ "$part:$ptitle" != "$cur" ]; then
			cur="$part:$ptitle"
			echo
			case $part in
			-) echo "## $ptitle" ;;
			*)
				echo "## $(partname "$part" "$ptitle") {#part-$(echo "$part" | tr '[:upper:]' '[:lower:]')}"
				echo
				echo "Reading time: $(minutes "part $part")."
				;;
			esac
			echo
			echo "| | Page | Reading time |"
			echo "|--:|:--|--:|"
		fi
		case $label in -) l= ;; [A-Z]) l="Appendix $label" ;; *) l=$label ;; esac
		echo "| $l | [$ttl]($stem.html) | $(minutes "$stem") |"
	done <"$tmp/order"
	echo
	echo "- [Answers to the quizzes and exercises](quizzes.html)"
	echo "- [Reading list and references](references.html)"
	echo "- [The whole book on one page](print.html), for printing or reading offline in one file"
	echo
	echo "Keys: ← and → turn the page; / starts a search."
} >"$tmp/index.md"
{
	echo "# Answers to the quizzes and exercises"
	echo
	echo "## Quick quizzes"
	echo
	for q in $quizzes; do echo "- $(listed "$q")"; done
	if [ -n "$exercises" ]; then
		echo
		echo "## Exercises"
		echo
		echo "Each exercise is graded by \`make exercise-N\`; its reference solution is graded by \`make check\`."
		echo
		for q in $exercises; do echo "- $(listed "$q")"; done
	fi
} >"$tmp/quizzes.md"
cp build/book/references.md "$tmp/references.md"

first=$(head -n 1 "$tmp/order" | cut -f 4)
nav index.html "" "" "$first.html" "$(head -n 1 "$tmp/order" | cut -f 5)"
render "$tmp/index.md" ""
prev=index.html prevt=Contents
# The pages in the order of chapters/book.tsv; a generated one (the
# glossary) is written first.
pages=$(cut -f 4 "$tmp/order")
# shellcheck disable=SC2086 # page names are chNN-topic: no spaces
set -- $pages
while [ $# -gt 0 ]; do
	cur=$1
	shift
	case $cur in
	glossary)
		file=$tmp/glossary.md
		if ! build/book/glossary.py "$src" >"$file"; then
			failed=$((failed + 1))
			continue
		fi
		;;
	*) file=$src/chapters/$cur.md ;;
	esac
	ttl=$(awk -F "$tab" -v k="$cur" '$4 == k { print $5 }' "$tmp/order")
	next=quizzes.html nextt="Answers to the quizzes and exercises"
	if [ $# -gt 0 ]; then next=$1.html nextt=$(awk -F "$tab" -v k="$1" '$4 == k { print $5 }' "$tmp/order"); fi
	nav "$cur.html" "$prev" "$prevt" "$next" "$nextt"
	render "$file" ""
	prev=$cur.html prevt=$ttl
done
nav quizzes.html "$prev" "$prevt" references.html "Reading list and references"
render "$tmp/quizzes.md" ""
# answer FILE KIND LABEL: the page of an answer (chNN-quizK or chNN-exK),
# linked back to the question, #KIND-K in chapter NN.
answer() {
	chapter=$(ls "$src"/chapters/"$(basename "$1" | cut -c1-4)"-*.md)
	k=$(basename "$1" .md | sed 's/.*-\(quiz\|ex\)//')
	back=$(stem "$chapter").html
	nav "$(stem "$1").html" "$back#$2-$k" "$(title "$chapter")" "quizzes.html" "$3" "$back"
	render "$1" "$back#$2-$k"
}
for q in $quizzes; do answer "$q" quiz "All answers"; done
for q in $exercises; do answer "$q" exercise "All answers"; done
nav references.html quizzes.html "Answers to the quizzes and exercises" "" ""
render "$tmp/references.md" ""
# A long trail's whole timeline (build/book/trail-timeline.py --whole):
# a page of its own, one click from the folded one; not printed.
for part in "$dest"/trail-*.part; do
	[ -f "$part" ] || continue
	page=$(basename "$part" .part)
	# the page that shows the folded trail (a chapter or an answer), and
	# the chapter it belongs to, marked in the sidebar
	from=$(basename "$(grep -l "href=\"$page.html\"" "$dest"/ch[0-9][0-9]-*.html | head -n 1)")
	chapter=$(stem "$(ls "$src"/chapters/"$(echo "$from" | cut -c1-4)"-*.md)").html
	{
		echo "# The whole trail of run \`${page#trail-}\`"
		echo
		echo "[Back to the folded trail]($from)"
		echo
		echo '```{=html}'
		echo '<div class="wide">'
		cat "$part"
		echo '</div>'
		echo '```'
	} >"$tmp/$page.md"
	nav "$page.html" "$from" "Back to the folded trail" "" "" "$chapter"
	NOPRINT=1
	render "$tmp/$page.md" ""
	NOPRINT=
	rm -f "$part"
done

# print.html: every part in order, under the highlighting style of the pages.
{
	printf '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
	printf '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
	printf '<title>Verifying parallel algorithms with Promela and Spin (one page)</title>\n'
	# the style of a page with numbered listings: pandoc writes the rules
	# that show line numbers only into a page that has some
	styled=$(grep -l 'pre.numberSource' "$dest"/ch[0-9][0-9]-*.html | head -n 1)
	sed -n '/<style>/,/<\/style>/p' "${styled:-$dest/index.html}"
	printf '<link rel="stylesheet" href="book.css">\n</head>\n<body class="print">\n<main id="content">\n'
	while read -r part; do cat "$part"; done <"$tmp/print-parts"
	printf '</main>\n</body>\n</html>\n'
} >"$dest/print.html"
printf 'print.html\t(the one-page book)\n' >>"$tmp/sources.tsv"

build/book/book-sidebar.py "$dest"
build/book/book-search.py "$dest" >"$dest/search-index.js"
if ! build/book/book-links.py "$dest" "$tmp/sources.tsv"; then failed=$((failed + 1)); fi
echo "book: $(find "$dest" -name '*.html' | wc -l) pages in $dest/index.html"
if [ "$failed" -gt 0 ]; then
	rm -f "$dest/index.html" # so that make book tries again, and fails again, until it is fixed
	echo "book: $failed page(s) failed; the lines above say where and why" >&2
	exit 1
fi
