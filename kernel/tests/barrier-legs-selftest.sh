#!/bin/sh
# barrier-legs-selftest.sh TABLE CHAPTER
# kernel/bin/barrier-legs.py's hold of the prose, seen to fail: the
# chapter as it is must pass against TABLE (the table barrier-legs.py
# wrote from the runs); copies of it with a claim planted that
# contradicts a cell, with a claim about a row or a leg that does not
# exist, or with a span missing a field, must each fail with the line
# that names it; and the table must not be written when a run it reads
# is missing.
set -eu
usage="usage: barrier-legs-selftest.sh TABLE CHAPTER"
table=${1:?$usage}
chap=${2:?$usage}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/barrier-legs-selftest.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
bad=0
# case_ NAME WANT LINE: the chapter with LINE appended must pass (WANT
# -) or fail printing a line that contains WANT.
case_() {
	cp "$chap" "$tmp/ch.md"
	[ -z "$3" ] || printf '\n%s\n' "$3" >>"$tmp/ch.md"
	status=0
	kernel/bin/barrier-legs.py --check-only "$table" "$tmp/ch.md" >"$tmp/out" 2>&1 || status=$?
	if [ "$2" = - ]; then
		if [ "$status" = 0 ]; then echo "ok: $1"; else echo "WRONG: $1: failed:"; cat "$tmp/out"; bad=1; fi
	elif [ "$status" = 0 ]; then
		echo "WRONG: $1: passed"; bad=1
	elif ! grep -qF -- "$2" "$tmp/out"; then
		echo "WRONG: $1: no line saying '$2':"; cat "$tmp/out"; bad=1
	else
		echo "ok: $1: $(grep -F -- "$2" "$tmp/out" | head -n 1)"
	fi
}
# Each planted claim is the opposite of what its cell says now.
cell() { # BARRIER LEG: what the table says
	awk -v b="$1" -v leg="$2" '
		BEGIN { split("spin kernel lkmm relacy arch", legs, " "); for (i in legs) col[legs[i]] = i }
		index($0, "(`" b "`) | ") {
			s = substr($0, index($0, "(`" b "`) | ") + length(b) + 7)
			sub(/ \|$/, "", s)
			n = split(s, c, " \\| ")
			v = c[col[leg]]
			print (v == "no run") ? "no-run" : (v ~ /^\*\*caught\*\*/) ? "caught" : "missed"
		}' "$table"
}
opposite() { case $1 in caught) echo missed ;; *) echo caught ;; esac; }
case_ "the chapter as it is" - ""
n=0
for bl in exit-mb:arch rmb:arch exit-mb:relacy exit-mb:lkmm exit-mb:kernel entry-mb:spin dec-and-test:relacy mutex:relacy rcuwait:relacy rcu:relacy; do
	b=${bl%%:*} leg=${bl#*:}
	now=$(cell "$b" "$leg")
	if [ -z "$now" ]; then echo "WRONG: $table has no cell $b/$leg"; bad=1; continue; fi
	wrong=$(opposite "$now")
	n=$((n + 1))
	case_ "a planted claim: $leg $wrong $b (the cell: $now)" "the prose says $leg $wrong $b, but the table's cell says $now" \
		"A planted sentence: [$leg, $wrong]{.leg barrier=$b leg=$leg says=$wrong}."
done
case_ "a claim about an unknown row" "barrier=exit-wmb: no such row" "[x]{.leg barrier=exit-wmb leg=lkmm says=caught}"
case_ "a claim about an unknown leg" "leg=rumur: not a leg" "[x]{.leg barrier=exit-mb leg=rumur says=caught}"
case_ "a claim without says=" "needs barrier=, leg= and says=" "[x]{.leg barrier=exit-mb leg=lkmm}"
case_ "a claim with another word" "says=yes: use caught, missed or no-run" "[x]{.leg barrier=exit-mb leg=lkmm says=yes}"
# A run missing: the table is not written, and the run is named.
mkdir -p "$tmp/o/relacy/runs" "$tmp/o/lkmm"
status=0
OUT=$tmp/o kernel/bin/barrier-legs.py "$tmp/table.md" >"$tmp/miss" 2>&1 || status=$?
if [ "$status" != 0 ] && [ ! -f "$tmp/table.md" ] && grep -q 'no result; make relacy-check first' "$tmp/miss"; then
	echo "ok: runs missing: $(grep -c . "$tmp/miss") lines, no table; $(head -n 1 "$tmp/miss")"
else
	echo "WRONG: runs missing: the table was written or no run was named:"; cat "$tmp/miss"; bad=1
fi
if [ "$bad" = 0 ]; then
	echo "barrier-legs-selftest: every case judged as it must be ($n planted contradictions)"
fi
exit "$bad"
