#!/bin/sh
# arch-litmus-selftest.sh HERD7 ARCHOUT
# Check kernel/bin/arch-litmus.py against broken copies: it must pass
# the real tests and ties, and fail, naming what is wrong,
#   - for every test of kernel/arch-litmus, when its expectation is
#     flipped (Result: Sometimes for a test herd7 finds Never), and for
#     every broken variant, when its recorded Observation is flipped;
#   - when a test loses its barrier while its header still says Never;
#   - when the disassembly of ARCHOUT (arch-build.sh's) loses the exit
#     barrier of synchronize_qrcu(), or has it weakened (dmb ishld, the
#     smp_rmb() of arm64; lwsync on powerpc), or a test is unlisted;
#   - and when the exit smp_mb() is removed from a copy of the series'
#     patch 0001, or weakened to smp_rmb(): the memory model's tie of
#     the exit C test
#     (kernel/bin/litmus-ties.py) and the ties of the exit assembly tests
#     to qrcu.c compiled again from that copy (arch-recompile.sh, with
#     the flags kbuild used in ARCHOUT) must both fail, naming the tests.
# Run from the top of the repository.
set -eu
usage="usage: arch-litmus-selftest.sh HERD7 ARCHOUT"
herd=${1:?$usage}
archout=${2:?$usage}
check=${ARCH_LITMUS:-kernel/bin/arch-litmus.py}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arch-litmus-selftest.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. kernel/tests/selftest-lib.sh
# shellcheck disable=SC2154 # judged is set by selftest-lib.sh's judge
bad=0 n=0
arches="arm64 powerpc"

copy() {
	rm -rf "${tmp:?}/$1"
	mkdir -p "$tmp/$1"
	cp kernel/arch-litmus/* "$tmp/$1/"
}
# discopy NAME: a copy of ARCHOUT's disassemblies as $tmp/NAME/ARCH/qrcu.dis.
discopy() {
	for a in $arches; do
		mkdir -p "$tmp/$1/$a"
		cp "$archout/$a/qrcu.dis" "$tmp/$1/$a/"
	done
}
tests=$(sed -e 's/#.*//' kernel/arch-litmus/TESTS)

copy real
judge ties-real pass "" arch-litmus python3 "$check" --ties "$archout" "$tmp/real"
for t in $tests; do
	judge "real-$t" pass "" arch-litmus python3 "$check" --only "$t" "$herd" "$tmp/out-real" "$tmp/real"
done

# Each test's expectation flipped, and each variant's recorded result.
for t in $tests; do
	copy "flip-$t"
	sed -i 's/^ \* Result: Never$/ * Result: Sometimes/' "$tmp/flip-$t/$t.litmus"
	judge "flip-$t" fail "herd7 says Never, Sometimes is required" arch-litmus \
		python3 "$check" --only "$t" "$herd" "$tmp/out-flip" "$tmp/flip-$t"
	variants=$(sed -n 's/^ \*   broken: \([a-z0-9-]*\): .*/\1/p' "kernel/arch-litmus/$t.litmus")
	for v in $variants; do
		copy "flip-$t-$v"
		sed -i "/^ \\* herd7 $v: /s/Observation Sometimes/Observation Never/" "$tmp/flip-$t-$v/$t.litmus"
		judge "flip-$t+$v" fail "Observation: recorded 'Never" arch-litmus \
			python3 "$check" --only "$t" "$herd" "$tmp/out-flip" "$tmp/flip-$t-$v"
	done
done

# A test that loses its updater's barrier and still says Never.
t=QRCU-A64+exit+dmb+ldaddal
copy nobarrier
sed -i '/^ DMB ISH /d' "$tmp/nobarrier/$t.litmus"
judge nobarrier fail "herd7 says Sometimes, Never is required" arch-litmus \
	python3 "$check" --only "$t" "$herd" "$tmp/out-nb" "$tmp/nobarrier"

copy unlisted
sed -i "/^$t\$/d" "$tmp/unlisted/TESTS"
judge unlisted fail "$t.litmus: not listed" arch-litmus python3 "$check" --ties "$archout" "$tmp/unlisted"

# The compiled exit barrier taken out of synchronize_qrcu(), or
# weakened to what smp_rmb() compiles to: each full barrier there that
# only filler (arch-litmus.py's FILLER) separates from a return.
for c in none weak; do
	for a in $arches; do
		mkdir -p "$tmp/dis-$c/$a"
		python3 - "$check" "$archout/$a/qrcu.dis" "$a" "$c" >"$tmp/dis-$c/$a/qrcu.dis" <<'EOF2'
import importlib.util, re, sys
spec = importlib.util.spec_from_file_location("al", sys.argv[1])
al = importlib.util.module_from_spec(spec)
spec.loader.exec_module(al)
arch, how = sys.argv[3], sys.argv[4]
full, weak, ret = {"arm64": ("dmb\tish", "dmb\tishld", "ret"), "powerpc": ("(?:hw)?sync", "lwsync", "blr")}[arch]
lines = open(sys.argv[2]).read().split("\n")
inside = False
insn = re.compile(r"^\s*[0-9a-f]+:\t(\S+)(?:\t(.*))?$")
out = []
for i, line in enumerate(lines):
    if re.match(r"^[0-9a-f]+ <synchronize_qrcu>:$", line):
        inside = True
    elif not line:
        inside = False
    if inside and re.search(r"\t(%s)$" % full, line):
        for later in lines[i + 1:]:
            m = insn.match(later)
            if not m:
                continue
            text = " ".join((m.group(1) + " " + (m.group(2) or "")).split())
            if not al.FILLER[arch].match(text):
                break
        if m and m.group(1) == ret:
            if how == "none":
                continue
            line = re.sub(r"\t(%s)$" % full, "\t" + weak, line)
    out.append(line)
print("\n".join(out), end="")
EOF2
		if cmp -s "$archout/$a/qrcu.dis" "$tmp/dis-$c/$a/qrcu.dis"; then
			echo "WRONG: dis-$c: no exit barrier of $a was found to edit; update the edit"
			bad=1
		fi
	done
done
judge dis-none fail "synchronize_qrcu() ($tmp/dis-none/arm64/qrcu.dis) no longer holds 'bl mutex_unlock ; [dmb ish] ; ret'" \
	arch-litmus python3 "$check" --ties "$tmp/dis-none" kernel/arch-litmus
[ "$judged" != right ] || grep -q 'QRCU-PPC+exit.*powerpc/qrcu.dis' "$tmp/dis-none.out" ||
	{ echo "WRONG: dis-none: the powerpc exit test is not named"; bad=1; }
judge dis-weak fail "no longer holds 'bl mutex_unlock ; [dmb ish] ; ret'" \
	arch-litmus python3 "$check" --ties "$tmp/dis-weak" kernel/arch-litmus

# The exit smp_mb() removed from a copy of patch 0001 (the line after
# "out:" in synchronize_qrcu()), and, the subtler bug beside it, weakened
# to smp_rmb() (relacy's and herd7's exit-rmb).  Each must fail the
# memory model's tie of the C exit test and the ties of the three exit
# tests in assembly to the copy's qrcu.c compiled again, and no other.
for c in no-exit-mb exit-rmb; do
	mkdir -p "$tmp/$c/series"
	cp kernel/patches/* "$tmp/$c/series/"
	p=$(ls "$tmp/$c"/series/0001-*.patch)
	case $c in
	no-exit-mb) edit='next' ;;
	exit-rmb) edit='print "+\tsmp_rmb();"; next' ;;
	esac
	awk '/^\+out:$/ { o = 1 } o && /^\+\tsmp_mb\(\);$/ { o = 0; '"$edit"' } { print }' \
		kernel/patches/0001-*.patch >"$p"
	if cmp -s "$p" kernel/patches/0001-*.patch; then
		echo "WRONG: $c: the edit no longer changes the exit smp_mb() of patch 0001; update it"
		bad=1
	fi
	judge "$c-lkmm" fail "QRCU+exit-mb+dec-and-test.litmus line" litmus-ties python3 kernel/bin/litmus-ties.py "$p"
	python3 - "$p" "$tmp/$c/qrcu.c" <<'EOF2'
import sys
from kernel.bin import litmuslib
with open(sys.argv[2], "w") as f:
    f.write("".join(t + "\n" for _, t in litmuslib.series_source(sys.argv[1])))
EOF2
	for a in $arches; do
		kernel/bin/arch-recompile.sh "$archout/$a" "$tmp/$c/qrcu.c" "$tmp/$c/dis/$a" >"$tmp/recompile-$a.out" 2>&1 ||
			{ echo "WRONG: $c: the changed qrcu.c did not compile for $a:"; cat "$tmp/recompile-$a.out"; bad=1; }
	done
	judge "$c-arch" fail "QRCU-A64+exit+dmb+ldaddal.litmus line" arch-litmus \
		python3 "$check" --ties "$tmp/$c/dis" kernel/arch-litmus
	if [ "$judged" = right ]; then
		for t in QRCU-A64+exit+dmb+llsc QRCU-PPC+exit+sync; do
			grep -q "$t.litmus line.*synchronize_qrcu" "$tmp/$c-arch.out" ||
				{ echo "WRONG: $c-arch: $t is not named"; bad=1; }
		done
		! grep -q "entry" "$tmp/$c-arch.out" ||
			{ echo "WRONG: $c-arch: an entry test failed too: the edit took more than the exit barrier"; bad=1; }
	fi
done

if [ "$bad" -ne 0 ]; then
	echo "arch-litmus-selftest: FAILED (WRONG lines above)"
	exit 1
fi
echo "arch-litmus-selftest: all $n cases judged right"
