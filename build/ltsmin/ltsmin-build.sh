#!/bin/sh
# ltsmin-build.sh [--unpatched] OUTDIR
# Build LTSmin (its Promela front-end SpinS, and the sequential,
# multi-core, symbolic and distributed back-ends) from the archives the
# repository carries in build/third-party/, into OUTDIR:
#   OUTDIR/bin/prom2lts-{seq,mc,sym,dist}, OUTDIR/bin/spins  the tools
#   OUTDIR/deps/                 Lace and Sylvan (the symbolic tool's
#                                decision diagrams), built first
#   OUTDIR/src/                  the extracted sources and their build
#   OUTDIR/stamp                 the archives' and patches' sums, written
#                                last: with it, a second run does nothing
# With THIRD_PARTY_STORE set (the Makefile sets it), all
# of this is built once per machine, in that folder, and OUTDIR is a link
# to it (archive_stored, build/lib/archive.sh).
# Every archive's sha256 is checked against the .sha256 file beside it
# before anything is extracted.  The patches of build/ltsmin/patches/
# are applied to SpinS (--unpatched leaves them out: the released SpinS,
# for the evidence of what the patch fixes).  Nothing is downloaded:
# Sylvan is told where Lace is and that it may not fetch it.  Needs the
# Debian packages of the ltsmin tier of build/harness/apt-packages.
# Prints the seconds the build took.
set -eu
usage="usage: ltsmin-build.sh [--unpatched] OUTDIR"
patched=yes
if [ "${1:-}" = --unpatched ]; then
	patched=no
	shift
fi
out=${1:?$usage}

here=$(cd "$(dirname "$0")" && pwd)
tp=$(cd "$here/../third-party" && pwd)
LTSMIN=ltsmin-3.0.2-147-g07f9bf8a
SPINS=spins-bfca30be
LTL2BA=ltl2ba-ea33bb20
SYLVAN=sylvan-1.8.1
LACE=lace-1.4.1

# shellcheck source=build/lib/archive.sh
. "$here/../lib/archive.sh"
sums=
for name in $LTSMIN $SPINS $LTL2BA $SYLVAN $LACE; do
	want=$(archive_sum ltsmin-build "$tp" "$name" "make it again as build/third-party/README.md says") || exit 1
	sums="$sums $want"
done
patches=
if [ $patched = yes ]; then
	patches=$(ls "$here"/patches/*.patch)
	# shellcheck disable=SC2086 # the patches' names hold no space
	sums="$sums $(cat $patches | sha256sum | cut -d' ' -f1)"
else
	sums="$sums unpatched"
fi

# Built once per machine where THIRD_PARTY_STORE names a folder (make
# sets one): OUTDIR is then a link to the build kept there under the sums.
if [ -n "${THIRD_PARTY_STORE:-}" ]; then
	key=$LTSMIN-$(echo "$sums" | sha256sum | cut -c1-16)
	if [ $patched = yes ]; then
		archive_stored ltsmin-build "$key" "$out" "$0" || exit 1
	else
		archive_stored ltsmin-build "$key" "$out" "$0" --unpatched || exit 1
	fi
	exit 0
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
tools="prom2lts-seq prom2lts-mc prom2lts-sym prom2lts-dist"
if [ -f "$out/stamp" ] && [ "$(cat "$out/stamp")" = "$sums" ]; then
	ok=yes
	for t in $tools; do [ -x "$out/bin/$t" ] || ok=no; done
	if [ $ok = yes ]; then
		echo "ltsmin-build: $out is up to date ($LTSMIN, SpinS ${SPINS#spins-}$([ $patched = yes ] || echo ', unpatched'))"
		exit 0
	fi
fi

for tool in autoreconf automake libtoolize ant javac cmake mpicc pkg-config make cc bison flex; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "ltsmin-build: $tool not found; install the ltsmin tier of build/harness/apt-packages (make deps-ltsmin)" >&2
		exit 1
	fi
done
for h in popt.h bdd.h ltdl.h gmp.h; do
	if [ ! -r "/usr/include/$h" ] && [ ! -r "/usr/include/$(gcc -dumpmachine)/$h" ]; then
		echo "ltsmin-build: $h not found; install the ltsmin tier of build/harness/apt-packages (make deps-ltsmin)" >&2
		exit 1
	fi
done

rm -f "$out/stamp"
rm -rf "${out:?}/src" "${out:?}/deps" "${out:?}/bin" "${out:?}/lib" "${out:?}/share" "${out:?}/include"
mkdir -p "$out/src" "$out/deps"
start=$(date +%s)
jobs=${JOBS:-2}

# Lace, then Sylvan against it (FetchContent may only find it, never
# fetch).  Lace's installed target does not carry its include directory
# into Sylvan's compile lines, hence the -I.
tar -xzf "$tp/$LACE.tar.gz" -C "$out/src"
tar -xzf "$tp/$SYLVAN.tar.gz" -C "$out/src"
cmake -S "$out/src/$LACE" -B "$out/src/$LACE/build" -DCMAKE_INSTALL_PREFIX="$out/deps" \
	-DCMAKE_BUILD_TYPE=Release -DLACE_BUILD_TESTS=OFF -DLACE_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$out/src/$LACE/build" -j "$jobs" >/dev/null
cmake --install "$out/src/$LACE/build" >/dev/null
cmake -S "$out/src/$SYLVAN" -B "$out/src/$SYLVAN/build" -DCMAKE_INSTALL_PREFIX="$out/deps" \
	-DCMAKE_PREFIX_PATH="$out/deps" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS="-I$out/deps/include" -DCMAKE_CXX_FLAGS="-I$out/deps/include" \
	-DFETCHCONTENT_FULLY_DISCONNECTED=ON -DFETCHCONTENT_TRY_FIND_PACKAGE_MODE=ALWAYS \
	-DSYLVAN_BUILD_EXAMPLES=OFF -DSYLVAN_BUILD_DOCS=OFF -DSYLVAN_BUILD_TESTS=OFF -DBUILD_SHARED_LIBS=OFF >/dev/null
cmake --build "$out/src/$SYLVAN/build" -j "$jobs" >/dev/null
cmake --install "$out/src/$SYLVAN/build" >/dev/null

# LTSmin with its two submodules in place, SpinS patched.
tar -xzf "$tp/$LTSMIN.tar.gz" -C "$out/src"
src=$out/src/$LTSMIN
for sub in spins:$SPINS ltl2ba:$LTL2BA; do
	rmdir "$src/${sub%%:*}"
	tar -xzf "$tp/${sub#*:}.tar.gz" -C "$src"
	mv "$src/${sub#*:}" "$src/${sub%%:*}"
done
for p in $patches; do
	patch -s -p1 -d "$src/spins" <"$p"
done
# The archive leaves every file with the commit's time, so Ant would see
# SpinS's parser (generated from Promela.jj, and committed) no newer than
# its grammar and run JavaCC, which the archive leaves out; the parser is
# made the newer.
touch "$src"/spins/src/spins/promela/compiler/parser/*.java
# LTSmin's build asks git for its version (src/hre/git_version.h); the
# sources are not a git checkout, so the header is written from the
# archive's name, as upstream's release tarballs carry it.
echo "#define GIT_VERSION \"v${LTSMIN#ltsmin-}\"" >"$src/src/hre/git_version.h"
(
	cd "$src"
	GIT_CEILING_DIRECTORIES=$out
	export GIT_CEILING_DIRECTORIES
	autoreconf -fi >/dev/null 2>&1 || autoreconf -vfi
	# Debian's BuDDy (libbdd-dev) has no pkg-config file.
	PKG_CONFIG_PATH="$out/deps/lib/pkgconfig:$out/deps/lib64/pkgconfig:$out/deps/share/pkgconfig" \
	BDD_CFLAGS=" " BDD_LIBS=-lbdd \
	CPPFLAGS="-I$out/deps/include" LDFLAGS="-L$out/deps/lib -L$out/deps/lib64" \
	./configure --prefix="$out" --disable-scoop --disable-prob --without-mcrl2 \
		--disable-doxygen-doc >"$out/src/configure.log" 2>&1 ||
		{ tail -30 "$out/src/configure.log" >&2; exit 1; }
	make -j "$jobs" >"$out/src/make.log" 2>&1 || { tail -40 "$out/src/make.log" >&2; exit 1; }
	make install >"$out/src/install.log" 2>&1 || { tail -20 "$out/src/install.log" >&2; exit 1; }
)
for t in $tools; do
	if [ ! -x "$out/bin/$t" ]; then
		echo "ltsmin-build: $t was not built; see $out/src/configure.log (its summary names what it did not find)" >&2
		exit 1
	fi
done
end=$(date +%s)
echo "$sums" >"$out/stamp"
echo "ltsmin-build: built $LTSMIN (SpinS ${SPINS#spins-}$([ $patched = yes ] || echo ', unpatched')) into $out/bin in $((end - start)) s"
