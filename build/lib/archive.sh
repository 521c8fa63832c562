# shellcheck shell=sh
# archive.sh: sourced (not run) by the scripts that build a tool from an
# archive the repository carries in build/third-party/
# (kernel/bin/herd-build.sh, build/ltsmin/ltsmin-build.sh).
#
# archive_sum TOOL DIR NAME HINT
#   Checks DIR/NAME.tar.gz against the sha256 on line 1 of
#   DIR/NAME.tar.gz.sha256 (64 hex digits, two spaces, the file's name,
#   as sha256sum writes it) and prints that sum.  A missing file, a sum
#   file of another shape or a sum that differs gets one line on
#   standard error, "TOOL: ..." naming the file and the fix (HINT says
#   how to make the archive again), and status 1.  Call it as
#   want=$(archive_sum ...) || exit 1.
archive_sum() {
	_tool=$1 _dir=$2 _name=$3 _hint=$4
	_archive=$_dir/$_name.tar.gz
	for _f in "$_archive" "$_archive.sha256"; do
		if [ ! -r "$_f" ]; then
			echo "$_tool: build/third-party/${_f##*/} is missing; restore it with git checkout -- build/third-party/" >&2
			return 1
		fi
	done
	_want=$(sed -n '1s/^\([0-9a-f]\{64\}\)[[:space:]].*/\1/p' "$_archive.sha256")
	if [ -z "$_want" ]; then
		echo "$_tool: build/third-party/$_name.tar.gz.sha256 line 1: not a sha256 line (64 hex digits, two spaces, the file's name); restore it with git checkout -- build/third-party/" >&2
		return 1
	fi
	_have=$(sha256sum "$_archive" | cut -d' ' -f1)
	if [ "$_have" != "$_want" ]; then
		echo "$_tool: build/third-party/$_name.tar.gz has sha256 $_have, not $_want as $_name.tar.gz.sha256 says; restore it (git checkout -- build/third-party/) or $_hint" >&2
		return 1
	fi
	echo "$_want"
}

# archive_stored TOOL NAME OUTDIR SCRIPT [ARGS...]
#   Where THIRD_PARTY_STORE names a folder (the Makefile sets
#   one per user, outside every clone), a tool built from the archives is
#   built once per machine: SCRIPT [ARGS...] STORE builds it into
#   STORE=$THIRD_PARTY_STORE/NAME (NAME carries the sum of what goes in,
#   so a changed archive or patch is built anew beside the old), under a
#   lock, so two clones never build it at once; then OUTDIR becomes a
#   link to STORE.  As Debian's packages are installed once, not once per
#   clone.  A folder that cannot be made gets one line and status 1.
archive_stored() {
	_tool=$1 _name=$2 _link=$3 _script=$4
	shift 4
	if ! mkdir -p "$THIRD_PARTY_STORE" 2>/dev/null; then
		echo "$_tool: cannot make $THIRD_PARTY_STORE (THIRD_PARTY_STORE); set it to a folder you may write, or to nothing (THIRD_PARTY_STORE=) to build in $_link" >&2
		return 1
	fi
	_store=$(cd "$THIRD_PARTY_STORE" && pwd -P)/$_name
	THIRD_PARTY_STORE='' flock "$_store.lock" "$_script" "$@" "$_store" || return 1
	# (touched: its time is newer than the clone's sources, and make,
	# which reads the time through the link, does not ask again)
	touch "$_store/stamp"
	# The link is made under another name and renamed over OUTDIR (one
	# step), so that a second build in the same clone never finds OUTDIR
	# missing or half made; a folder left by a build inside the clone
	# (THIRD_PARTY_STORE=) is removed first, as a rename cannot replace it.
	if [ "$(readlink "$_link" 2>/dev/null)" != "$_store" ]; then
		mkdir -p "$(dirname "$_link")"
		if [ -d "$_link" ] && [ ! -L "$_link" ]; then rm -rf "$_link"; fi
		ln -sfn "$_store" "$_link.new$$" && mv -T "$_link.new$$" "$_link"
	fi
}
