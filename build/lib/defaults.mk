# The defaults every tool shares, defined here once.  The Makefile
# includes this file; build/lib/runstore.py and build/lib/paths.sh read
# it (a line NAME ?= VALUE), so a tool run by hand agrees with make.
#
# Where generated files go (everything under it is git-ignored).
OUT ?= out
# The run store's folder of fresh runs (a run's report ID.out, its trail,
# what produced it): build/lib/runstore.py reads it here, and make uses
# it for every run's file (out/rules.mk, written by runstore's make_file).
RUNS_DIR = $(OUT)/runs
# Budgets of one Spin search, the ceilings over every block's own:
# memory in MB (pan's -DMEMLIM) and seconds.
MEMLIM ?= 4096
TIME ?= 900
# The repository's public address (git clone URL): the book's chapter 1
# shows it; empty, the book says where its shipped files are instead.
REPO_URL ?=
# The Spin that the book's reports were made with; a report from another
# Spin is stale, and the book names this version beside every report.
SPIN_PINNED ?= 6.5.2
# Where the Python tools find one another: each imports the shared
# library, and any other room's module, by its path from the project's
# top (from build.lib import runstore; from kernel.bin import litmuslib),
# and this one path, the top, is set here for every tool make runs.
# (make 4.3 does not pass it to $(shell ...): a tool run there is given
# it, $(shell $(PYTHON_ENV) TOOL).)
export PYTHONPATH := $(CURDIR)
PYTHON_ENV = PYTHONPATH=$(PYTHONPATH)
