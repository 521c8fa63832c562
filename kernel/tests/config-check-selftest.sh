#!/bin/sh
# config-check-selftest.sh
# Check kernel/bin/config-check.sh on small synthetic .config files and
# fragments: it must accept what holds, and reject, for the right
# reason, what does not.  Its "=n" handling was once wrong (a symbol
# asked to be off was never checked), so most cases are about that.
set -eu
# CONFIG_CHECKER replaces the checker (the mutants below use it).
check=${CONFIG_CHECKER:-kernel/bin/config-check.sh}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/config" <<'END'
CONFIG_SMP=y
CONFIG_NR_CPUS=8
CONFIG_PREEMPT=y
# CONFIG_PREEMPT_NONE is not set
CONFIG_RCU_TORTURE_TEST=m
CONFIG_QRCU_TORTURE_WINDOW=y
CONFIG_CMDLINE="a-b"
CONFIG_DEFAULT_HUNG_TASK_TIMEOUT=20
END

# case_ NAME WANT WHY LINE...: the lines are one fragment; a second
# fragment can follow a line "--", and "--gone" adds a fragment that
# does not exist.  WANT is pass, fail (exit 1) or
# usage (exit 2); a case that must not pass must print WHY.
# shellcheck source=kernel/tests/selftest-lib.sh
. kernel/tests/selftest-lib.sh
bad=0 n=0 config='' judged=''
case_() {
	name=$1 want=$2 why=$3
	shift 3
	frags="$tmp/$name.1"
	: >"$tmp/$name.1"
	for l in "$@"; do
		if [ "$l" = -- ]; then
			frags="$frags $tmp/$name.2"
			: >"$tmp/$name.2"
			continue
		elif [ "$l" = --gone ]; then
			frags="$frags $tmp/$name.gone"
			continue
		fi
		printf '%s\n' "$l" >>"${frags##* }"
	done
	# shellcheck disable=SC2086 # one word per fragment; the paths have no spaces
	judge "$name" "$want" "$why" config-check "$check" "${config:-$tmp/config}" $frags
	if [ "$judged" = right ] && [ "$want" = pass ] && [ -s "$tmp/$name.out" ]; then
		echo "WRONG: $name: config-check passes but prints:"
		sed -e 's/^/    /' "$tmp/$name.out"
		bad=1
	fi
}

case_ all-hold pass - CONFIG_SMP=y CONFIG_NR_CPUS=8 CONFIG_RCU_TORTURE_TEST=m '# a comment' ''
case_ y-but-not-set fail 'wanted CONFIG_PREEMPT_NONE=y, got unset' CONFIG_SMP=y CONFIG_PREEMPT_NONE=y
case_ y-but-absent fail 'wanted CONFIG_KCSAN=y, got unset' CONFIG_KCSAN=y
case_ y-but-m fail 'wanted CONFIG_RCU_TORTURE_TEST=y, got CONFIG_RCU_TORTURE_TEST=m' CONFIG_RCU_TORTURE_TEST=y
case_ other-value fail 'wanted CONFIG_NR_CPUS=4, got CONFIG_NR_CPUS=8' CONFIG_NR_CPUS=4
case_ prefix-of-another fail 'wanted CONFIG_QRCU=y, got unset' CONFIG_QRCU=y
case_ dot-is-not-a-wildcard fail 'wanted CONFIG_CMDLINE="a.b"' 'CONFIG_CMDLINE="a.b"'
case_ n-and-not-set pass - CONFIG_PREEMPT_NONE=n
case_ n-and-absent pass - CONFIG_KCSAN=n
case_ n-but-y fail 'wanted CONFIG_PREEMPT=n, got CONFIG_PREEMPT=y' CONFIG_PREEMPT=n
case_ n-but-m fail 'wanted CONFIG_RCU_TORTURE_TEST=n, got CONFIG_RCU_TORTURE_TEST=m' CONFIG_RCU_TORTURE_TEST=n
case_ n-of-a-prefix pass - CONFIG_QRCU=n
case_ not-set-comment-but-y fail 'wanted CONFIG_PREEMPT=n, got CONFIG_PREEMPT=y' '# CONFIG_PREEMPT is not set'
case_ not-set-comment-holds pass - '# CONFIG_PREEMPT_NONE is not set'
case_ later-n-wins fail 'wanted CONFIG_SMP=n, got CONFIG_SMP=y' CONFIG_SMP=y -- CONFIG_SMP=n
case_ later-y-wins pass - CONFIG_PREEMPT=n -- CONFIG_PREEMPT=y
case_ later-in-one-fragment-wins fail 'wanted CONFIG_NR_CPUS=4' CONFIG_NR_CPUS=8 CONFIG_NR_CPUS=4
case_ every-miss-reported fail 'wanted CONFIG_KCSAN=y, got unset' CONFIG_PREEMPT=n CONFIG_KCSAN=y
if [ -z "${SELFTEST_ONLY:-}" ] && ! grep -qF 'wanted CONFIG_PREEMPT=n' "$tmp/every-miss-reported.out"; then
	echo "WRONG: every-miss-reported: the first of two misses is not reported"
	bad=1
fi
case_ not-a-kconfig-line usage 'not-a-kconfig-line.1:2: not a Kconfig line: SMP=y' CONFIG_SMP=y 'SMP=y'
case_ missing-fragment usage 'cannot read' CONFIG_KCSAN=n --gone
config=$tmp/no-such-config
case_ missing-config usage 'cannot read' CONFIG_KCSAN=n
config=
# Mutants: config-check.sh with one check taken out must be caught by
# the case made for that check.  (Skipped when this run is itself one, or runs one case.)
mutant() { # NAME CASE SED: the case that must now be judged wrongly
	mutant_of kernel/bin/config-check.sh CONFIG_CHECKER "$@"
}
# shellcheck disable=SC2016 # the sed scripts name the checker's own variables
if [ -z "${CONFIG_CHECKER:-}" ] && [ -z "${SELFTEST_ONLY:-}" ]; then
	mutant n-never-checked n-but-y 's/if \[ -n "\$got" \]; then/if false; then/'
	mutant not-set-comment-ignored not-set-comment-but-y 's/-e .s\/^# .*is not set\$\/\\1=n\/p. //'
	mutant first-fragment-wins later-n-wins 's/last\[\$1\] = \$0/if (!($1 in last)) last[$1] = $0/'
	mutant regex-compare dot-is-not-a-wildcard 's/if \[ "\$got" != "\$line" \]; then/if ! printf "%s\\n" "$got" | grep -qx "$line"; then/'
	mutant unreadable-fragment-skipped missing-fragment 's/for f in "\$config" "\$@"; do/for f in "$config"; do/'
fi

echo "config-check-selftest: $n cases"
[ "$bad" -eq 0 ] && echo "config-check-selftest: every case judged as it must be"
exit "$bad"
