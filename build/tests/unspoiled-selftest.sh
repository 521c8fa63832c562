#!/bin/sh
# unspoiled-selftest: build/workbench/unspoiled.py passes the
# book, and fails each copy of it with an exercise answered before it is
# set: the exercise of the patch's early exit set after appendix E,
# which prints the exit (a diff whose line holds the exit's test and its skip, where
# the solution splits them, labels one and comments otherwise); the
# subtler one beside it, the walkthrough of the lock exercise's solution
# put back in Quick Quiz 2's answer (a file of quizzes/, read where the
# quiz is asked, not a chapter); and the shrinking exercise set after
# chapter 8's first step; the chapter's own check as the answer of the
# exercise that asks for it.  Run from the top of the project, after make models.
set -eu
. build/tests/caselib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
mkdir -p "$tmp/good/build/workbench"
cp -r chapters quizzes models "$tmp/good/"
cp build/workbench/unspoiled.py "$tmp/good/build/workbench/"
mkdir -p "$tmp/good/build/lib"
cp build/lib/bookorder.py "$tmp/good/build/lib/"
# copy NAME: a scratch copy of the good tree
copy() {
	rm -rf "${tmp:?}/$1"
	cp -r "$tmp/good" "$tmp/$1"
}
case_() {
	judge "$1" "$2" "$3" - sh -c "cd '$tmp/$1' && build/workbench/unspoiled.py"
}
# move NAME K FROM TO: exercise K's section (its div to the next
# exercise's, or the end) cut from chapter FROM and put at the end of TO
move() {
	python3 - "$tmp/$1" "$2" "$3" "$4" <<'PY'
import glob, re, sys
root, k, src, dst = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
def ch(n): return glob.glob(f"{root}/chapters/ch{int(n):02d}-*.md")[0]
t = open(ch(src)).read()
m = re.search(r"^::: \{\.exercise #exercise-%d " % k, t, re.M)
n = re.search(r"^::: \{\.exercise #exercise-\d+ ", t[m.end():], re.M)
end = m.end() + n.start() if n else len(t)
open(ch(src), "w").write(t[:m.start()] + t[end:])
open(ch(dst), "a").write("\n" + t[m.start():end])
PY
}
case_ good pass 'none with every line it adds'
copy exit-after-appendix-e
move exit-after-appendix-e 8 5 24
case_ exit-after-appendix-e fail 'exercise 8 is answered before it is set'
copy quiz2-walkthrough
awk '/^```\{\.derive file=lock-tidy\.spin /{p=1} p{print} p&&/^```$/&&!/derive/{exit}' quizzes/ch04-ex6.md \
	>>"$tmp/quiz2-walkthrough/quizzes/ch04-quiz2.md"
grep -q 'lock-tidy.spin' "$tmp/quiz2-walkthrough/quizzes/ch04-quiz2.md" ||
	say_wrong quiz2-walkthrough "no lock-tidy.spin block found in quizzes/ch04-ex6.md to plant"
case_ quiz2-walkthrough fail 'exercise 6 is answered before it is set'
copy shrink-after-step1
move shrink-after-step1 11 6 8
case_ shrink-after-step1 fail 'exercise 11 is answered before it is set'
# The chapter's own check as exercise 9's answer: chapter 5 prints it in
# its model, and the starting model's diff shows it removed.
copy array-answer
sed -i 's/{\.graded model=ex9-qrcu-check-array\.spin exercise=9 grade=fail}/{.graded model=ex9-qrcu-check-array.spin exercise=9 grade=pass}/' \
	"$tmp/array-answer/quizzes/ch05-ex9.md"
case_ array-answer fail 'exercise 9 is answered before it is set: every line its solution models/ex9-qrcu-check-array.spin adds'
[ "$bad" -eq 0 ] && echo "unspoiled-selftest: unspoiled fails on each of 4 planted leaks and passes the book"
exit "$bad"
