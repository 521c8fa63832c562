#!/bin/sh
# archive-selftest: build/lib/archive.sh's archive_sum, the one check of a
# vendored archive against its .sha256 file, passes a good archive and
# names the file and the fix for a changed archive, a missing sum file
# and a sum file of another shape; the two build scripts that use it
# (kernel/bin/herd-build.sh, build/ltsmin/ltsmin-build.sh), copied into a
# scratch tree with a changed archive, stop before extracting anything.
# Then broken copies of archive.sh must fail a case.
set -eu
. build/tests/caselib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0

# A scratch tree shaped as the project: the scripts, archive.sh, and a
# build/third-party/ of small archives with their sums.
tree() {
	rm -rf "$tmp/p"
	mkdir -p "$tmp/p/kernel/bin" "$tmp/p/build/lib" "$tmp/p/build/ltsmin" "$tmp/p/build/third-party"
	cp kernel/bin/herd-build.sh "$tmp/p/kernel/bin/"
	cp build/ltsmin/ltsmin-build.sh "$tmp/p/build/ltsmin/"
	cp "${1:-build/lib/archive.sh}" "$tmp/p/build/lib/archive.sh"
	for n in herdtools7-7.57 ltsmin-3.0.2-147-g07f9bf8a spins-bfca30be ltl2ba-ea33bb20 sylvan-1.8.1 lace-1.4.1; do
		mkdir -p "$tmp/src/$n"
		echo "$n" >"$tmp/src/$n/README"
		tar -czf "$tmp/p/build/third-party/$n.tar.gz" -C "$tmp/src" "$n"
		(cd "$tmp/p/build/third-party" && sha256sum "$n.tar.gz" >"$n.tar.gz.sha256")
	done
}
sum_of() {
	sh -c '. "$1/build/lib/archive.sh"; archive_sum test "$1/build/third-party" "$2" "make it again"' sh "$tmp/p" "$1"
}

tree
want=$(cut -d' ' -f1 "$tmp/p/build/third-party/lace-1.4.1.tar.gz.sha256")
judge good pass "$want" - sum_of lace-1.4.1
echo extra >>"$tmp/p/build/third-party/lace-1.4.1.tar.gz"
judge changed fail "build/third-party/lace-1.4.1.tar.gz has sha256" - sum_of lace-1.4.1
rm "$tmp/p/build/third-party/sylvan-1.8.1.tar.gz.sha256"
judge no-sum fail "build/third-party/sylvan-1.8.1.tar.gz.sha256 is missing" - sum_of sylvan-1.8.1
echo "not a sum" >"$tmp/p/build/third-party/spins-bfca30be.tar.gz.sha256"
judge bad-sum fail "spins-bfca30be.tar.gz.sha256 line 1: not a sha256 line" - sum_of spins-bfca30be

# The callers: a changed archive stops each build before it extracts.
tree
echo extra >>"$tmp/p/build/third-party/herdtools7-7.57.tar.gz"
judge herd-build fail "herd-build: build/third-party/herdtools7-7.57.tar.gz has sha256" - \
	"$tmp/p/kernel/bin/herd-build.sh" "$tmp/herd-out"
if [ -e "$tmp/herd-out/herdtools7-7.57" ]; then
	say_wrong herd-build-stops "herd-build.sh extracted a changed archive"
else
	say_ok herd-build-stops "herd-build.sh extracted nothing"
fi
echo extra >>"$tmp/p/build/third-party/sylvan-1.8.1.tar.gz"
judge ltsmin-build fail "ltsmin-build: build/third-party/sylvan-1.8.1.tar.gz has sha256" - \
	"$tmp/p/build/ltsmin/ltsmin-build.sh" "$tmp/ltsmin-out"
if [ -e "$tmp/ltsmin-out/src" ]; then
	say_wrong ltsmin-build-stops "ltsmin-build.sh extracted a changed archive"
else
	say_ok ltsmin-build-stops "ltsmin-build.sh extracted nothing"
fi

# archive_stored: a fake build (it writes its arguments and the store it
# was given) run through a copy of archive.sh; OUTDIR must end a link to
# STORE/NAME, whether it was missing, a folder of an earlier build in
# the clone, or a link to the build of an older archive.
cat >"$tmp/fake-build.sh" <<'FAKE'
#!/bin/sh
mkdir -p "$1" && echo "store=${THIRD_PARTY_STORE:-} into=$1" >"$1/built"
FAKE
chmod +x "$tmp/fake-build.sh"
# stored ARCHIVE_SH OUTDIR: archive_stored with a store of $tmp, then
# where OUTDIR leads, for judge to read.
# shellcheck disable=SC2317 # called by judge
stored() {
	THIRD_PARTY_STORE=$tmp/store sh -c '. "$1"; archive_stored fake fake-1 "$2" "$3" && readlink "$2" && cat "$2/built"' \
		sh "$1" "$2" "$tmp/fake-build.sh"
}
store_cases() {
	rm -rf "$tmp/store" "$tmp/clone"
	judge "$2store-new" pass "$tmp/store/fake-1" - stored "$1" "$tmp/clone/out/fake"
	judge "$2store-built-with-no-store" pass "store= into=$tmp/store/fake-1" - stored "$1" "$tmp/clone/out/fake"
	rm -f "$tmp/clone/out/fake" && mkdir -p "$tmp/clone/out/fake" && echo old >"$tmp/clone/out/fake/old"
	judge "$2store-over-folder" pass "$tmp/store/fake-1" - stored "$1" "$tmp/clone/out/fake"
	rm -f "$tmp/clone/out/fake" && mkdir -p "$tmp/store/fake-0" && ln -s "$tmp/store/fake-0" "$tmp/clone/out/fake"
	judge "$2store-over-old-link" pass "$tmp/store/fake-1" - stored "$1" "$tmp/clone/out/fake"
	if [ -e "$tmp/store/fake-0/fake" ] || [ -e "$tmp/store/fake-1/fake" ]; then
		say_wrong "$2store-no-stray-link" "a link was made inside a store folder, not in place of OUTDIR"
	else
		say_ok "$2store-no-stray-link" "no link made inside a store folder"
	fi
}
store_cases build/lib/archive.sh ""
: >"$tmp/store-file"
# shellcheck disable=SC2016 # the script's own arguments
judge store-unwritable fail "cannot make $tmp/store-file/x (THIRD_PARTY_STORE)" - \
	env THIRD_PARTY_STORE="$tmp/store-file/x" sh -c '. build/lib/archive.sh; archive_stored fake fake-1 "$1" "$2"' \
	sh "$tmp/clone/out/fake" "$tmp/fake-build.sh"

# Broken copies of archive.sh: each must make a case above fail.
mutant() {
	sed -e "$2" build/lib/archive.sh >"$tmp/archive-$1.sh"
	if cmp -s build/lib/archive.sh "$tmp/archive-$1.sh"; then
		say_wrong "mutant $1" "changed nothing in archive.sh; its sed script no longer matches"
		return 1
	fi
}
# shellcheck disable=SC2016 # the sed scripts name archive.sh's own variables
mutant no-compare 's/if \[ "$_have" != "$_want" \]; then/if false; then/'
tree "$tmp/archive-no-compare.sh"
echo extra >>"$tmp/p/build/third-party/lace-1.4.1.tar.gz"
if sum_of lace-1.4.1 >/dev/null 2>&1; then
	say_ok mutant-no-compare "an archive_sum that never compares passes a changed archive: the changed case fails"
else
	say_wrong mutant-no-compare "the broken archive_sum still refuses a changed archive: the changed case cannot see the break"
fi
# shellcheck disable=SC2016
mutant first-line-any 's/\\(\[0-9a-f\]\\{64\\}\\)/\\([^ ]*\\)/'
tree "$tmp/archive-first-line-any.sh"
echo "not a sum" >"$tmp/p/build/third-party/spins-bfca30be.tar.gz.sha256"
if sum_of spins-bfca30be 2>&1 | grep -q "not a sha256 line"; then
	say_wrong mutant-first-line-any "the broken archive_sum still names the malformed line: the bad-sum case cannot see the break"
else
	say_ok mutant-first-line-any "an archive_sum that takes any first word does not name the malformed line: the bad-sum case fails"
fi
# A broken archive_stored must fail a store case (its verdicts are
# collected apart, and bad restored, as those of the real one must all
# be ok).
stored_mutant() {
	mutant "$1" "$2" || return 0
	kept_bad=$bad
	store_cases "$tmp/archive-$1.sh" "mutant-$1: " >"$tmp/verdicts" 2>&1
	bad=$kept_bad
	if grep -q '^WRONG' "$tmp/verdicts"; then
		say_ok "mutant-$1" "$3: $(sed -n 's/^WRONG: mutant-[^:]*: \([^:]*\):.*/\1/p' "$tmp/verdicts" | head -n 1) fails"
	else
		say_wrong "mutant-$1" "every store case still passes with $3"
	fi
}
# shellcheck disable=SC2016
stored_mutant never-relink 's/!= "$_store" \]; then/= "$_store" ]; then/' "a link never replaced"
# shellcheck disable=SC2016
stored_mutant folder-kept '/then rm -rf "$_link"; fi/d' "a folder of an earlier build not removed"
# shellcheck disable=SC2016
stored_mutant link-in-place 's/ln -sfn "$_store" "$_link.new$$" \&\& mv -T "$_link.new$$" "$_link"/ln -s "$_store" "$_link"/' \
	"the link made in place (ln -s into an existing link)"
# shellcheck disable=SC2016
stored_mutant store-kept 's/THIRD_PARTY_STORE=.. flock/flock/' "the store's name left set for the build it starts"
[ "$bad" -eq 0 ] && echo "archive-selftest: archive_sum passes a good archive and names the fix for three bad ones; herd-build.sh and ltsmin-build.sh stop on a changed archive; archive_stored links OUTDIR to the store from nothing, a folder and an old link; 6 broken copies caught"
exit "$bad"
