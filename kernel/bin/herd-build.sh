#!/bin/sh
# herd-build.sh OUTDIR
# Build herd7 (the memory-model simulator that runs the Linux-kernel
# memory model) and klitmus7 (which turns a litmus test into a kernel
# module) from the herdtools7 release archive the repository carries in
# build/third-party/, into OUTDIR:
#   OUTDIR/bin/herd7, OUTDIR/bin/klitmus7  the two programs
#   OUTDIR/share/herdtools7/{herd,litmus}  their library files (the
#                                          programs look there: the prefix
#                                          is compiled in, so neither -I
#                                          nor -set-libdir is needed)
#   OUTDIR/herdtools7-7.57/                the extracted sources and dune's
#                                          _build
#   OUTDIR/stamp                           the archive's sha256, written
#                                          last: with it, a second run
#                                          does nothing
# With THIRD_PARTY_STORE set (the Makefile sets it), all
# of this is built once per machine, in that folder, and OUTDIR is a link
# to it (archive_stored, build/lib/archive.sh).
# The archive's sha256 is checked against the .sha256 file beside it
# before anything is extracted.  Needs Debian's ocaml-nox ocaml-dune
# menhir libmenhir-ocaml-dev libzarith-ocaml-dev.  Prints the seconds the
# build took.
set -eu
usage="usage: herd-build.sh OUTDIR"
out=${1:?$usage}

here=$(cd "$(dirname "$0")" && pwd)
tp=$(cd "$here/../../build/third-party" && pwd)
name=herdtools7-7.57
# shellcheck source=build/lib/archive.sh
. "$here/../../build/lib/archive.sh"
want=$(archive_sum herd-build "$tp" "$name" "fetch tag 7.57 of herd/herdtools7 again as build/third-party/README.md says") || exit 1
# Built once per machine where THIRD_PARTY_STORE names a folder (make
# sets one): OUTDIR is then a link to the build kept there under the sum.
if [ -n "${THIRD_PARTY_STORE:-}" ]; then
	archive_stored herd-build "$name-$(echo "$want" | cut -c1-16)" "$out" "$0" || exit 1
	exit 0
fi

mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ -f "$out/stamp" ] && [ "$(cat "$out/stamp")" = "$want" ] &&
	[ -x "$out/bin/herd7" ] && [ -x "$out/bin/klitmus7" ]; then
	echo "herd-build: $out is up to date ($name)"
	exit 0
fi

for tool in ocamlopt dune menhir make; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "herd-build: $tool not found; install ocaml-nox ocaml-dune menhir libmenhir-ocaml-dev libzarith-ocaml-dev (make deps)" >&2
		exit 1
	fi
done

rm -f "$out/stamp"
rm -rf "${out:?}/$name" "${out:?}/bin" "${out:?}/share"
start=$(date +%s)
tar -xzf "$tp/$name.tar.gz" -C "$out"
# version-gen.sh asks git for the commit it was built from; the sources
# may sit inside another repository (a clone's out/), whose commit is not
# herdtools7's, so git is kept from looking above the sources.
(
	cd "$out/$name"
	GIT_CEILING_DIRECTORIES=$out
	export GIT_CEILING_DIRECTORIES
	make Version.ml PREFIX="$out"
	dune build -j 2 --profile release herd/herd.exe litmus/klitmus.exe
)
mkdir -p "$out/bin" "$out/share/herdtools7"
cp "$out/$name/_build/default/herd/herd.exe" "$out/bin/herd7"
cp "$out/$name/_build/default/litmus/klitmus.exe" "$out/bin/klitmus7"
cp -R "$out/$name/herd/libdir" "$out/share/herdtools7/herd"
cp -R "$out/$name/litmus/libdir" "$out/share/herdtools7/litmus"
chmod u+w "$out/bin/herd7" "$out/bin/klitmus7"
end=$(date +%s)
"$out/bin/herd7" -version >/dev/null
echo "$want" >"$out/stamp"
echo "herd-build: built herd7 and klitmus7 into $out/bin in $((end - start)) s"
