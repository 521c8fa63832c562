# paths.sh: sourced by the shell tools (". build/lib/paths.sh") for the
# value of OUT: the environment's (make exports it), else the default of
# build/lib/defaults.mk, the one definition.
# shellcheck shell=sh
if [ -z "${OUT:-}" ]; then
	OUT=$(sed -n 's/^OUT ?= *//p' build/lib/defaults.mk)
fi
export OUT
