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
