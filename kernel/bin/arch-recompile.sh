#!/bin/sh
# arch-recompile.sh BUILDDIR QRCU_C OUTDIR
# Compile QRCU_C, a qrcu.c other than the patched tree's (a changed copy
# of the series', for a self-test), exactly as kbuild compiled the
# series' own in BUILDDIR (the command it kept in
# BUILDDIR/kernel/rcu/.qrcu.o.cmd, written by arch-build.sh), and
# disassemble it as arch-build.sh does: OUTDIR/qrcu.o, OUTDIR/qrcu.dis.
# Takes seconds where a kbuild of its own would take minutes.
set -eu
usage="usage: arch-recompile.sh BUILDDIR QRCU_C OUTDIR"
build=${1:?$usage}
file=${2:?$usage}
out=${3:?$usage}
cmdfile=$build/kernel/rcu/.qrcu.o.cmd
if [ ! -f "$cmdfile" ] || [ ! -f "$build/.config" ]; then
	echo "arch-recompile: $cmdfile is missing: build the series' qrcu.o first (kernel/bin/arch-build.sh, make arch-build-ARCH)" >&2
	exit 1
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
cmd=$(sed -n 's/^cmd_kernel\/rcu\/qrcu\.o := //; T; s/[[:space:]]*$//; p' "$cmdfile")
cc=${cmd%% *}
case $cc in *-gcc) ;; *) echo "arch-recompile: $cmdfile: the command does not start with a cross gcc ($cc)" >&2; exit 1 ;; esac
# The command ends "-c -o kernel/rcu/qrcu.o SRC/kernel/rcu/qrcu.c"; its
# dependency file is written beside the object.
new=$(printf '%s\n' "$cmd" | sed -e "s| -Wp,-MMD,kernel/rcu/.qrcu.o.d | |" \
	-e "s| -c -o kernel/rcu/qrcu.o [^ ]*/kernel/rcu/qrcu.c\$| -c -o $out/qrcu.o $file|")
if [ "$new" = "$cmd" ] || [ "${new%"$file"}" = "$new" ]; then
	echo "arch-recompile: $cmdfile: not the compile command this script knows (no '-c -o kernel/rcu/qrcu.o .../qrcu.c' at its end)" >&2
	exit 1
fi
(cd "$build" && eval "$new")
"${cc%gcc}objdump" -d -r --no-show-raw-insn "$out/qrcu.o" >"$out/qrcu.dis"
echo "arch-recompile: $file: $out/qrcu.dis"
