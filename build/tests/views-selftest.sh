#!/bin/sh
# views-selftest: build/tests/views-check.py passes the reader's views
# (make verify's trail page, make replay's, make automaton, the unreached
# listing) on models of the book, and is seen to fail on each copy of
# the tools broken in one way: the obvious break and the subtler one
# beside it, for each view.
set -eu
. build/tests/caselib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/good/models"
cp -r build "$tmp/good/"
cp models/increment.spin models/lock-live.spin models/lock.h models/loop-forever.spin "$tmp/good/models/"
bad=0
# case NAME WANT EXPECT [BROWSER]: views-check in the copy $tmp/NAME
case_() {
	judge "$1" "$2" "$3" - sh -c "cd '$tmp/$1' && PYTHONPATH='$tmp/$1' OUT='$tmp/$1/out' VIEWS_BROWSER=${4:-1} build/tests/views-check.py"
}
# mutant NAME FILE SED-SCRIPT: a copy of the good tree with FILE edited
mutant() {
	rm -rf "${tmp:?}/$1"
	mkdir "$tmp/$1"
	cp -r "$tmp/good/build" "$tmp/good/models" "$tmp/$1/"
	sed -i -e "$3" "$tmp/$1/$2"
	if cmp -s "$tmp/good/$2" "$tmp/$1/$2"; then
		say_wrong "mutant $1" "changed nothing in $2; its sed script no longer matches the tool"
	fi
}
case_ good pass 'views-check: 0 problem(s)'
# The trail: no page at all; values not carried from step to step (the
# last row blank where Spin has a value); the cycle not shaded.
mutant no-page build/workbench/verify.py '/^        trail_view(work, name, r.defs, model, proc, formula)$/d'
case_ no-page fail 'make verify left no replay with values' 0
mutant no-values build/workbench/trail-view.py 's/rows\[-1\]\["values"\]\[m.group(1)\] = m.group(2)/pass/'
case_ no-values fail 'PROBLEM: models/increment.spin: 0 variables () in 30 rows' 0
mutant no-carry build/workbench/trail-view.py 's/now.update(r\["values"\])/now = dict(r["values"])/'
case_ no-carry fail "PROBLEM: models/increment.spin: 5 variables (counter, progress[0], progress[1], i, sum) in 30 rows, each cell the value Spin's replay gives; " 0
mutant no-cycle build/workbench/trail-view.py 's/for c in ("cycle", "error") if r\[c\]/for c in ("error",) if r[c]/'
case_ no-cycle fail 'the cycle shaded: 3 timeline rows, 0 variable rows' 0
# make interactive TRAIL=1: the trail's choice matched by statement
# alone (another process's identical statement taken instead).
mutant wrong-proc build/workbench/interactive-trail.py 's/if (pid, stmt) == want:/if stmt == want[1]:/'
case_ wrong-proc fail 'PROBLEM: models/increment.spin: make interactive TRAIL=1 offered' 0
# The state machines: the atomic transitions left out; every label on
# the line after its statement's.
mutant no-atomic build/workbench/automaton.py 's/^    for src, dst, flags, file, line, stmt in edges:$/&\n        if flags.startswith("A"):\n            continue/'
case_ no-atomic fail 'PROBLEM: models/increment.spin: 21 transitions of pan -d, 7 arrows' 0
mutant label-line build/workbench/automaton.py 's/label = f"{line}: {stmt}"/label = f"{int(line) + 1}: {stmt}"/'
case_ label-line fail 'edge labels checked against their source line; not on that line' 0
# Unreached code: the mark on the line after the one pan names.
mutant unreached-line build/workbench/unreached.py 's/marks.setdefault(line, \[\])/marks.setdefault(line + 1, [])/'
case_ unreached-line fail '1 line(s) marked, 0 on the line that holds the statement' 0
# In the browser: the variable table let out of its scrolling box is
# wider than a phone.
mutant wide build/workbench/trail-view.py "s/'<div class=\"wide\">' + vars_html/'<div>' + vars_html/"
case_ wide fail 'at 400 px: the page is'
[ "$bad" -eq 0 ] && echo "views-selftest: views-check fails on each of 9 broken copies of the tools and passes the good one"
exit "$bad"
