#!/bin/sh
# klitmus-build.sh KLITMUS7 BUILDDIR OUTDIR TEST.litmus...
# Turn the litmus tests into kernel modules with KLITMUS7 (klitmus7, as
# kernel/bin/herd-build.sh builds it) and build them against the
# configured and built kernel tree BUILDDIR (make -C BUILDDIR M=OUTDIR
# modules, which writes only into OUTDIR).  Leaves OUTDIR/litmusNNN.ko
# and OUTDIR/list, one line "NAME litmusNNN.ko" per module, in the order
# of the tests, for kernel/litmus-init.sh.  RCU tests are accepted
# (klitmus7 -rcu yes; it turns synchronize_rcu() into
# synchronize_rcu_expedited()).  A test klitmus7 skips is an error.
set -eu
# shellcheck source=kernel/bin/kbuild-env.sh
. "$(dirname "$0")/kbuild-env.sh"
usage="usage: klitmus-build.sh KLITMUS7 BUILDDIR OUTDIR TEST.litmus..."
klitmus=${1:?$usage}
build=${2:?$usage}
out=${3:?$usage}
shift 3
[ "$#" -gt 0 ] || { echo "$usage" >&2; exit 2; }
if [ ! -f "$build/Module.symvers" ]; then
	echo "klitmus-build: $build/Module.symvers is missing: build the kernel (and its modules) there first" >&2
	exit 1
fi
if ! grep -q '^CONFIG_MODULES=y' "$build/.config"; then
	echo "klitmus-build: $build/.config lacks CONFIG_MODULES=y (kernel/configs/CFcommon has it)" >&2
	exit 1
fi
rm -rf "$out"
mkdir -p "$out"
"$klitmus" -rcu yes -o "$out" "$@" >"$out/klitmus7.log" 2>&1
if grep -q 'not compiled' "$out/klitmus7.log"; then
	sed -e 's/^/klitmus-build: /' "$out/klitmus7.log" >&2
	exit 1
fi
sed -n 's/^zyva "\([^"]*\)" \(litmus[0-9]*\.ko\)$/\1 \2/p' "$out/run.sh" >"$out/list"
if [ "$(wc -l <"$out/list")" -ne "$#" ]; then
	echo "klitmus-build: $out/run.sh names $(wc -l <"$out/list") modules for $# tests" >&2
	exit 1
fi
make -s -C "$build" M="$(cd "$out" && pwd)" modules
echo "klitmus-build: $(wc -l <"$out/list") modules in $out"
