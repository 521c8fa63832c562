#!/bin/sh
# litmus-ties-selftest.sh
# Check kernel/bin/litmus-ties.py against broken copies of the series'
# 0001 patch and of kernel/litmus: it must pass the real ones, and fail,
# naming the right test or line, when an ordering line of qrcu.c is
# deleted (each of them in turn), weakened, moved within its function,
# or added with no test, when a test is gone, and when a broken
# variant's sed script changes nothing.  Run from the top of the
# repository.
set -eu
# LITMUS_TIES replaces the checker (the mutants below use it).
check=${LITMUS_TIES:-kernel/bin/litmus-ties.py}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. kernel/tests/selftest-lib.sh

patch=$(ls kernel/patches/0001-*.patch)
bad=0

# case_ NAME WANT TEXT PATCH [LITMUSDIR]: run the checker; WANT is pass
# or fail, and a failure must print a line holding TEXT.
case_() {
	name=$1 want=$2 text=$3
	[ -z "${SELFTEST_ONLY:-}" ] || [ "$SELFTEST_ONLY" = "$name" ] || return 0
	status=0
	python3 "$check" "$4" "${5:-kernel/litmus}" >"$tmp/out" 2>&1 || status=$?
	if [ "$want" = pass ] && [ "$status" -eq 0 ]; then
		echo "ok: $name: passes"
	elif [ "$want" = fail ] && [ "$status" -eq 1 ] && grep -qF -- "$text" "$tmp/out"; then
		echo "ok: $name: fails with: $(grep -F -- "$text" "$tmp/out" | head -1)"
	else
		echo "WRONG: $name: want $want${text:+ naming \"$text\"}, got status $status:"
		sed 's/^/	/' "$tmp/out"
		bad=1
	fi
}

case_ real pass "" "$patch"

# Each ordering line deleted: the failure names the test tied to it.
python3 "$check" --list "$patch" >"$tmp/list"
[ -s "$tmp/list" ] || { echo "WRONG: --list printed nothing"; bad=1; }
tab=$(printf '\t')
while IFS=$tab read -r n func code test; do
	sed "${n}d" "$patch" >"$tmp/del-$n.patch"
	case_ "delete-$n" fail "$test line" "$tmp/del-$n.patch"
	: "$func" "$code"
done <"$tmp/list"

line_of() { # the patch line of the ordering line CODE in FUNC
	awk -F "$tab" -v f="$1" -v c="$2" '$2 == f && $3 == c { print $1 }' "$tmp/list" | head -1
}
first_line_of() { # the first patch line that is +TEXT
	grep -n -F -x -- "+$1" "$patch" | head -1 | cut -d: -f1
}

# The smp_rmb() moved before the first sum (still in synchronize_qrcu(),
# right after the entry smp_mb()): only the tie's context can see it.
rmb=$(line_of synchronize_qrcu 'smp_rmb();')
entry=$(first_line_of '	smp_mb();')
sed -e "${rmb}d" -e "${entry}a\\
+	smp_rmb();" "$patch" >"$tmp/moved-rmb.patch"
case_ moved-rmb fail "kernel/litmus/QRCU+flip+two-sums.litmus line" "$tmp/moved-rmb.patch"

# The fastpath's first sum gone: the smp_rmb() no longer follows it,
# which only the line before it, the tie's "after", can see.
first=$(first_line_of '	if (qrcu_sum(qp) <= idle) {')
sed "${first}d" "$patch" >"$tmp/first-sum-gone.patch"
case_ first-sum-gone fail "kernel/litmus/QRCU+flip+two-sums.litmus line" "$tmp/first-sum-gone.patch"

# smp_mb__after_atomic() moved after the store to ->completed: the
# increment is then ordered before the decrement no longer.
aa=$(line_of synchronize_qrcu 'smp_mb__after_atomic();')
wr=$(first_line_of '	WRITE_ONCE(qp->completed, qp->completed + 1);')
sed -e "${wr}a\\
+	smp_mb__after_atomic();" -e "${aa}d" "$patch" >"$tmp/moved-aa.patch"
case_ moved-after-atomic fail "kernel/litmus/QRCU+flip+two-sums.litmus line" "$tmp/moved-aa.patch"

# The entry smp_mb() weakened to smp_wmb(): its tie fails, and the new
# line has no test.
sed "${entry}s/smp_mb()/smp_wmb()/" "$patch" >"$tmp/wmb.patch"
case_ weakened-entry fail "kernel/litmus/QRCU+entry-mb+inc-not-zero.litmus line" "$tmp/wmb.patch"
case_ weakened-entry-untied fail "'smp_wmb();' is an ordering primitive that no litmus test" "$tmp/wmb.patch"

# A barrier added with no test (after the flip's store to ->completed).
dec=$(first_line_of '	WRITE_ONCE(qp->completed, qp->completed + 1);')
sed "${dec}a\\
+	smp_mb__before_atomic();" "$patch" >"$tmp/added.patch"
case_ added-barrier fail "'smp_mb__before_atomic();' is an ordering primitive that no litmus test" "$tmp/added.patch"

# A planted bug's primitive (the early mutex_unlock() of unlockwait) is
# left untied only under its guard: without the guard it is a primitive
# like any other.
guard=$(first_line_of '	if (qrcu_torture_bug(qp, QRCU_BUG_UNLOCKWAIT))')
sed "${guard}d" "$patch" >"$tmp/unguarded.patch"
case_ planted-unguarded fail "'mutex_unlock(&qp->mutex);' is an ordering primitive that no litmus test" "$tmp/unguarded.patch"

# A test gone: the lines it tied are untied.
mkdir "$tmp/gone"
cp kernel/litmus/*.litmus "$tmp/gone/"
rm "$tmp/gone/QRCU+flip+two-sums.litmus"
case_ test-gone fail "'smp_rmb();' is an ordering primitive that no litmus test" "$patch" "$tmp/gone"

# A broken variant whose sed script no longer changes the test.
mkdir "$tmp/noop"
cp kernel/litmus/*.litmus "$tmp/noop/"
sed -i 's|broken: no-rmb: /smp_rmb();/d|broken: no-rmb: /smp_rmb_gone();/d|' "$tmp/noop/QRCU+flip+two-sums.litmus"
case_ variant-noop fail "variant no-rmb: its sed script changes nothing" "$patch" "$tmp/noop"

# The checker with one of its checks taken out must be caught.
if [ -z "${SELFTEST_ONLY:-}" ]; then
	mutant_of kernel/bin/litmus-ties.py LITMUS_TIES no-context first-sum-gone \
		's/if i > 0 and body\[i - 1\]\[1\] == tie.after/if True/'
	mutant_of kernel/bin/litmus-ties.py LITMUS_TIES no-coverage added-barrier \
		's/if not litmuslib.PRIMITIVE.search(code):/if True:/'
	mutant_of kernel/bin/litmus-ties.py LITMUS_TIES any-guard planted-unguarded \
		's/and PLANTED.match(d\[i - 1\]\[1\])/and True/'
	mutant_of kernel/bin/litmus-ties.py LITMUS_TIES no-text weakened-entry \
		's/if code == tie.text\]/]/'
fi

if [ "$bad" -ne 0 ]; then
	echo "litmus-ties-selftest: FAILED"
	exit 1
fi
echo "litmus-ties-selftest: all cases judged right"
