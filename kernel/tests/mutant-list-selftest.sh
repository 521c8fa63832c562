#!/bin/sh
# mutant-list-selftest.sh
# kernel/bin/mutant-list.py on copies of chapters/mutants.tsv,
# kernel/configs and kernel/relacy, and on an extraction of chapters
# made here (the {.check} blocks of the LTSmin runs the table names, and
# one of the correct model): the real ones must pass, and each copy with
# a mutant in one list and not in another must fail, naming the mutant
# or the run.  MUTANT_LIST replaces the checker.
set -eu
check=${MUTANT_LIST:-kernel/bin/mutant-list.py}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=kernel/tests/selftest-lib.sh
. kernel/tests/selftest-lib.sh
bad=0 n=0

# copy NAME: the real lists under $tmp/NAME, for one case to break.
copy() {
	mkdir -p "$tmp/$1/relacy"
	cp chapters/mutants.tsv "$tmp/$1/mutants.tsv"
	cp -r kernel/configs "$tmp/$1/configs"
	cp kernel/relacy/checks "$tmp/$1/relacy/checks"
	cp -r kernel/relacy/mutants "$tmp/$1/relacy/mutants"
	mkdir -p "$tmp/$1/out/extract/ch15-scale"
	# Each LTSmin run the table names, as its block's extraction (the
	# run lt-NAME-... is of models/qrcu-NAME.spin), and one of qrcu.spin.
	awk -F'\t' '!/^#/ && NF > 7 && $8 !~ /^none:/ && $1 != "mutant" { print $8 }' \
		chapters/mutants.tsv | tr ' ' '\n' | while read -r id; do
		run "$1" "$id" ltsmin "qrcu-$(echo "$id" | cut -d- -f2).spin"
	done
	run "$1" lt-qrcu-1x1-seq ltsmin qrcu.spin
}
# run CASE ID TOOL MODEL: the extraction of a {.check #ID} block.
run() {
	printf 'chapter=chapters/ch15-scale.md\nid=%s\ntool=%s\nmodel=%s\nargs=seq\n' "$2" "$3" "$4" \
		>"$tmp/$1/out/extract/ch15-scale/check.$2.flags"
}
case_() { # NAME WANT WHY: the checker on $tmp/NAME
	judge "$1" "$2" "$3" mutant-list.py "$check" --table "$tmp/$1/mutants.tsv" \
		--configs "$tmp/$1/configs" --relacy-checks "$tmp/$1/relacy/checks" \
		--relacy-mutants "$tmp/$1/relacy/mutants" --out "$tmp/$1/out"
}
# row NAME KERNEL RELACY: a line of the table for a new mutant NAME.
row() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" 'a planted bug' "$2" \
		'none: no model' 'none: no model' 'none: no model' 'none: no model' "${4:-none: no model}" \
		"$3" 'none: no test' 'none: no model'
}
# scenario DIR NAME TYPE: a busted scenario's three files, copied from
# BUSTED-LOOSE's with the torture type TYPE.
scenario() {
	cp "$1/BUSTED-LOOSE" "$1/$2"
	sed -e "s/^rcutorture.torture_type=.*/rcutorture.torture_type=$3/" "$1/BUSTED-LOOSE.boot" >"$1/$2.boot"
	cp "$1/BUSTED-LOOSE.expect" "$1/$2.expect"
}

copy real
case_ real pass -

# A mutant added to the table, without its kernel scenario; without its
# relacy check (its script is there); without its script either.
copy no-kernel
row ghost BUSTED-GHOST 'none: no mutant' >>"$tmp/no-kernel/mutants.tsv"
case_ no-kernel fail 'mutant ghost: its kernel scenario BUSTED-GHOST cannot be read'
copy no-soak
row ghost BUSTED-GHOST 'none: no mutant' >>"$tmp/no-soak/mutants.tsv"
scenario "$tmp/no-soak/configs" BUSTED-GHOST busted_qrcu_ghost
case_ no-soak fail 'mutant ghost: its kernel scenario BUSTED-GHOST is not in'
copy no-relacy-check
row ghost 'none: no flavour' ghost >>"$tmp/no-relacy-check/mutants.tsv"
cp "$tmp/no-relacy-check/relacy/mutants/loose.sed" "$tmp/no-relacy-check/relacy/mutants/ghost.sed"
case_ no-relacy-check fail 'mutant ghost: its relacy mutant ghost has no check in'
copy no-relacy-script
row ghost 'none: no flavour' ghost >>"$tmp/no-relacy-script/mutants.tsv"
case_ no-relacy-script fail 'mutant ghost: its relacy mutant ghost has no script'

# A BUSTED scenario that no row names; and beside it, one that plants a
# mutant of the table that its row does not name.
copy busted-unlisted
scenario "$tmp/busted-unlisted/configs" BUSTED-GHOST busted_qrcu_ghost
case_ busted-unlisted fail 'mutant ghost: '"$tmp"'/busted-unlisted/configs/BUSTED-GHOST plants busted_qrcu_ghost, which no row'
copy busted-not-named
scenario "$tmp/busted-not-named/configs" BUSTED-LOOSE-WINDOW busted_qrcu_loose
case_ busted-not-named fail 'mutant loose: '"$tmp"'/busted-not-named/configs/BUSTED-LOOSE-WINDOW plants busted_qrcu_loose, but the row of loose'
copy busted-other
scenario "$tmp/busted-other/configs" BUSTED-OTHER qrcu
case_ busted-other fail 'BUSTED-OTHER: a BUSTED scenario that boots qrcu'

# A row that names a scenario of another flavour; a mutant's row taken
# out (its scenario and its relacy checks are then unclaimed); a relacy
# check of a mutant no row names.
copy wrong-flavour
sed -i -e 's/^\(nowait\t[^\t]*\t\)BUSTED-NOWAIT\t/\1BUSTED-LOOSE\t/' "$tmp/wrong-flavour/mutants.tsv"
case_ wrong-flavour fail 'mutant nowait: its kernel scenario BUSTED-LOOSE boots busted_qrcu_loose, not busted_qrcu_nowait'
copy row-removed
sed -i -e '/^drain1\t/d' "$tmp/row-removed/mutants.tsv"
case_ row-removed fail 'mutant drain1: '"$tmp"'/row-removed/configs/BUSTED-DRAIN1 plants busted_qrcu_drain1, which no row'
[ "$judged" != right ] || grep -qF 'mutant drain-le1: ' "$tmp/row-removed.out" || {
	echo "WRONG: row-removed: relacy's drain-le1 checks are not named as unclaimed"
	bad=1
}
copy relacy-unlisted
printf 'ghost-1x2\tghost\t1\t2\tbound\t0\t3\tplain\tSUCCESS\t1\t-\tsync=0\n' >>"$tmp/relacy-unlisted/relacy/checks"
case_ relacy-unlisted fail 'mutant ghost: '"$tmp"'/relacy-unlisted/relacy/checks runs relacy mutant ghost (ghost-1x2), which no row'

# A herd7 variant the test does not define; a row with a field left out.
copy no-variant
sed -i -e 's/+inc-not-zero+incany\t/+inc-not-zero+incanyx\t/' "$tmp/no-variant/mutants.tsv"
case_ no-variant fail 'mutant incany: its herd7 variant QRCU+entry-mb+inc-not-zero+incanyx: kernel/litmus/QRCU+entry-mb+inc-not-zero.litmus has no broken variant incanyx'
copy short-row
row ghost 'none: no flavour' 'none: no mutant' | cut -f 1-10 >>"$tmp/short-row/mutants.tsv"
case_ short-row fail 'mutants.tsv:'

# LTSmin: a row naming a run no chapter defines; a mutant's run no row
# names (beside it, the correct model's run, which no row need name,
# passes); a run named by two rows; a named run of another tool, or of
# the correct model; a cell typed in place of the runs; no extraction.
copy lt-missing
row ghost 'none: no flavour' 'none: no mutant' lt-ghost-1x1-seq >>"$tmp/lt-missing/mutants.tsv"
case_ lt-missing fail 'mutant ghost: its LTSmin run lt-ghost-1x1-seq is not a block of any chapter'
copy lt-unlisted
run lt-unlisted lt-ghost-1x1-seq ltsmin qrcu-ghost.spin
case_ lt-unlisted fail 'LTSmin run lt-ghost-1x1-seq (chapters/ch15-scale.md, models/qrcu-ghost.spin) runs a mutant no row'
copy lt-correct
run lt-correct lt-qrcu-2x2-seq ltsmin qrcu.spin
case_ lt-correct pass -
copy lt-unlisted-named
run lt-unlisted-named ghost-seq ltsmin qrcu-loose.spin
case_ lt-unlisted-named fail 'LTSmin run ghost-seq (chapters/ch15-scale.md, models/qrcu-loose.spin) runs a mutant no row'
copy lt-twice
sed -i -e 's/^\(nowait\t\([^\t]*\t\)\{6\}\)lt-nowait-1x1-seq /\1lt-loose-1x1-seq lt-nowait-1x1-seq /' "$tmp/lt-twice/mutants.tsv"
case_ lt-twice fail 'its LTSmin run lt-loose-1x1-seq is the run of mutant'
copy lt-other-tool
run lt-other-tool lt-loose-1x1-seq rumur qrcu-loose.m
case_ lt-other-tool fail 'mutant loose: its LTSmin run lt-loose-1x1-seq (chapters/ch15-scale.md) is a run of rumur'
copy lt-of-correct
run lt-of-correct lt-loose-1x1-seq ltsmin qrcu.spin
case_ lt-of-correct fail 'mutant loose: its LTSmin run lt-loose-1x1-seq (chapters/ch15-scale.md) runs the correct model'
copy lt-typed
sed -i -e 's/^\(loose\t\([^\t]*\t\)\{6\}\)lt-loose-1x1-seq\t/\1fails at 1x1\t/' "$tmp/lt-typed/mutants.tsv"
case_ lt-typed fail 'mutant loose: its LTSmin run fails is not a block'
copy lt-typed-bold
sed -i -e 's/^\(loose\t\([^\t]*\t\)\{6\}\)lt-loose-1x1-seq\t/\1**fails at 1x1** (seq)\t/' "$tmp/lt-typed-bold/mutants.tsv"
case_ lt-typed-bold fail "mutant loose: ltsmin '**fails at 1x1** (seq)': want run IDs"
copy lt-no-extract
rm -r "$tmp/lt-no-extract/out/extract"
case_ lt-no-extract fail 'no chapter is extracted in'

echo "mutant-list-selftest: $n cases"
[ "$bad" -eq 0 ] && echo "mutant-list-selftest: every case judged as it must be"
exit "$bad"
