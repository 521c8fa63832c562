# paths.sh: sourced by the shell tools (". build/lib/paths.sh") for the
# value of OUT: the environment's (make exports it), else the default of
# build/lib/defaults.mk, the one definition.
# shellcheck shell=sh
if [ -z "${OUT:-}" ]; then
	OUT=$(sed -n 's/^OUT ?= *//p' build/lib/defaults.mk)
fi
# The shell tools' own places under OUT (the run store's are
# build/lib/runstore.py's: ask it with runstore.py path NAME ID TAG).
RESULTS=$OUT/results # one verdict per check: record.sh files, summary.sh counts
CACHE=$OUT/cache     # cached.sh's passes
export OUT RESULTS CACHE
