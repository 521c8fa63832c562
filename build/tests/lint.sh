#!/bin/sh
# lint: every tool is clean under its language's checker: shellcheck for
# the shell scripts (build/ and kernel/), pyflakes for the Python tools
# (build/ and kernel/bin/; build/third-party/ holds others' sources, not ours),
# luacheck for the pandoc filters.  Prints each finding and a count of
# the files checked per checker; fails on any finding, or when a checker
# is missing (make deps installs them).
set -u
status=0
shell="" python="" lua=""
for f in $(find build -type f | LC_ALL=C sort) kernel/bin/*.sh kernel/bin/*.py kernel/tests/*.sh kernel/*.sh .ci/run; do
	[ -f "$f" ] || continue
	case $f in
	build/tests/fixtures/*) ;;
	build/third-party/*) ;;
	*.lua) lua="$lua $f" ;;
	*.sh) shell="$shell $f" ;;
	*.py) python="$python $f" ;;
	*.md | *.tsv | *.mk | *.css | *.js | *.xml | *.patch | */apt-packages | */luacheckrc) ;;
	*)
		case $(head -n 1 "$f") in
		'#!'*python*) python="$python $f" ;;
		'#!'*sh*) shell="$shell $f" ;;
		*)
			echo "lint: $f: neither a tool nor a known kind of data file; name it with its language's extension"
			status=1
			;;
		esac
		;;
	esac
done
run() {
	tool=$1 package=$2 files=$3
	shift 3
	if ! command -v "$tool" >/dev/null; then
		echo "lint: $tool is not installed; run make deps (or: sudo apt-get install $package)"
		status=1
		return
	fi
	if "$tool" "$@"; then
		echo "lint: $tool: $files files clean"
	else
		echo "lint: $tool found problems above; fix them (the tools must stay clean)"
		status=1
	fi
}
# shellcheck disable=SC2086 # one word per file
run shellcheck shellcheck "$(echo $shell | wc -w)" -x $shell
# shellcheck disable=SC2086
run pyflakes3 python3-pyflakes "$(echo $python | wc -w)" $python
# shellcheck disable=SC2086
run luacheck lua-check "$(echo $lua | wc -w)" -q --config build/tests/luacheckrc $lua
exit "$status"
