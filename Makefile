# Verifying parallel algorithms with Promela and Spin: the book, its models
# and their checks.  `make help` lists the targets.

# OUT (where generated files go) and the budgets of one Spin search,
# MEMLIM (MB) and TIME (s), are defined once, in build/lib/defaults.mk.
include build/lib/defaults.mk
export OUT MEMLIM TIME
# Model runs are single-threaded, so make check and make book run as many
# at a time as there are CPUs; the kernel's boots run alone afterwards
# (a torture test's timing, and a benchmark, must have the machine).
JOBS ?= $(shell nproc 2>/dev/null || echo 1)
PARALLEL := -j$(JOBS) --output-sync=target

# The book's sources: chapters/chNN-topic.md, the answers to the quick
# quizzes, quizzes/chNN-quizK.md (NN: the chapter that asks quiz K), and
# the reference solutions of the exercises, quizzes/chNN-exK.md.
CHAPTERS := $(sort $(wildcard chapters/ch[0-9][0-9]-*.md))
QUIZZES := $(sort $(wildcard quizzes/ch[0-9][0-9]-quiz*.md quizzes/ch[0-9][0-9]-ex*.md))
EXTRACT_STAMPS := $(patsubst %.md,$(OUT)/extract/%.stamp,$(notdir $(CHAPTERS) $(QUIZZES)))
# The chapters of make chapter-N alone (and of the makes it starts, which
# get CHAPTER_RUN=N): the extractions the rules are made from are chosen
# from them, at the end of this file (RULES_STAMPS).
CHAPTER_GOALS := $(or $(CHAPTER_RUN),$(if $(filter-out chapter-%,$(MAKECMDGOALS)),,$(patsubst \
	chapter-%,%,$(MAKECMDGOALS))))
# Freshness is judged by content: $(OUT)/sha/PATH holds the hash of PATH
# and changes (time stamp included) only when PATH's content does, so a
# file put back with an old time (mv, cp -p, git checkout) is still seen.
SHA = $(addprefix $(OUT)/sha/,$(1))
# $(call FILE_PASS,KEPT,NAME): file a kept pass, the file KEPT, as check
# NAME's verdict $(OUT)/results/NAME.pass, by make's own file function:
# no process for each of the hundreds a make that changed nothing files.
# Its folder comes first, an order-only prerequisite: | $(OUT)/results.
FILE_PASS = $(file >$(OUT)/results/$(2).pass,$(file <$(1)))
$(OUT)/results:
	@mkdir -p $@
# $(call KEPT_CHECK,NAME,PREREQUISITES,COMMAND,TARGET): check NAME, the
# make target TARGET, whose pass is kept as $(OUT)/kept/NAME.pass, made
# after PREREQUISITES: the content hashes (SHA) and digests (BOOK_SOURCES)
# of every file COMMAND reads.  A make that changed nothing files the
# kept pass without starting a process; a failure keeps nothing, so it
# is judged again.  (The chapters' checks in $(OUT)/rules.mk have the
# same form, written by build/pipeline/mkrules.py's kept_pass.)
define KEPT_CHECK
$(OUT)/kept/$(1).pass: $(2)
	@rm -f $$@
	@build/harness/record.sh $(1) -- $(3)
	@mkdir -p $$(@D) && cp $(OUT)/results/$(1).pass $$@
$(4): $(OUT)/kept/$(1).pass | $(OUT)/results
	@$$(call FILE_PASS,$$<,$(1))
.PHONY: $(4)
endef
# The book's sources, chapters/, quizzes/ and models/, as one digest
# (build/harness/digest.sh): a file in them edited, added or removed
# changes it, and so does nothing else.
BOOK_SOURCES := $(OUT)/digest/book-sources
$(BOOK_SOURCES): FORCE
	@build/harness/digest.sh $@ chapters quizzes models
# Where the tools built from the archives of build/third-party/ (herd7
# and klitmus7, LTSmin) are kept: once per machine and user, each under
# the sum of what it is built from (archive_stored, build/lib/archive.sh),
# so that another clone finds them built, as it finds Debian's packages
# installed.  Empty (make THIRD_PARTY_STORE=): each clone builds its own,
# under OUT.  Remove the folder to get the space back.
THIRD_PARTY_STORE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/promela-qrcu/third-party
export THIRD_PARTY_STORE
# The library every Python tool imports (build/lib/).
LIB := $(sort $(wildcard build/lib/*.py)) build/lib/defaults.mk
RUN_DEPS := $(OUT)/spin-version $(call SHA,build/pipeline/run-model.py $(LIB))
# A run's comparison with its chapter (check-run-ID) is kept while its
# report, its chapter's extraction, its model and these are unchanged.
CHECK_RUN_DEPS := $(call SHA,build/pipeline/check-run.py)
# A run of another checker ({.check}) depends on its adapter and its
# tool's version too (build/checkers/; mkrules names them per run).
CHECKER_DEPS := $(call SHA,build/pipeline/run-checker.py $(LIB))
CHECK_CHECKER_DEPS := $(call SHA,build/pipeline/check-checker.py)
# A simulation a chapter shows ({.sim}) is made by the workbench's code.
SIM_DEPS := $(OUT)/spin-version $(call SHA,build/workbench/simulate.py $(LIB))

.DEFAULT_GOAL := all
NO_RULES_GOALS := help deps clean lint reading-time bench-loops $(filter deps-%,$(MAKECMDGOALS))
.PHONY: all help deps models check check-models check-harness check-checkers check-book check-lint check-format-doc lint \
	qrcu-table-full verify bless book clean FORCE

# The key of Chromium's version for the checks cached.sh keeps (-v):
# its Debian package's, not the launcher's --version, whose output holds
# a line that changes with the free space of /dev/shm.
CHROMIUM_VERSION := dpkg-query -W chromium

# make verify, simulate, replay, interactive, list (for readers).
include build/workbench/workbench.mk

# Files left by a make run as root (sudo make) that a later make as
# oneself could not replace: say so at once, with the command that fixes it.
# (Asked by the first make, not by each make it starts.)
ifeq ($(MAKELEVEL)$(filter help,$(MAKECMDGOALS)),0)
OWNER_PROBLEM := $(shell build/harness/owner-check.sh)
ifneq ($(OWNER_PROBLEM),)
$(error $(OWNER_PROBLEM))
endif
endif

# Every step that reads or writes what one clone shares (out/, models/,
# the chapters) takes the clone's lock: two makes at once wait in turn.
LOCKED := build/harness/locked.sh

all: ## install what is missing, build the book, run every check
	@$(LOCKED) $(MAKE) --no-print-directory book
	@$(LOCKED) $(MAKE) --no-print-directory check

help: ## list the targets
	@echo "make TARGET, where TARGET is one of:"
	@grep -hE '^[a-zA-Z0-9_%-]+:.*## ' $(MAKEFILE_LIST) | \
		sed 's/^\([^:]*\):.*## \(.*\)/  \1|\2/; s/%/N/' | \
		awk -F'|' '{ printf "%-24s %s\n", $$1, $$2 }'
	@echo "Variables: MODEL DEFS CFLAGS RUNFLAGS LTL FAIR NP (verify), SEED STEPS SIMFLAGS"
	@echo "  (simulate), RUN TRAILFLAGS (replay), MEMLIM=$(MEMLIM) (MB) and"
	@echo "  TIME=$(TIME) (s), ceilings over every search, FORCE=1 (models: discard your edits)"
	@echo "  PROC=name|pid (verify, replay: whose locals the trail's page shows; automaton: one"
	@echo "  process), TRAIL=1 (interactive: start along the trail of make verify)"

deps: $(OUT)/deps.stamp ## install the Debian packages the project needs (deps-TIER: one tier's, e.g. make deps-models)
deps-%: ; @:

# The packages the goals on the command line need, by tier (each package
# is named once, under its tier, in build/harness/apt-packages): checked,
# and installed when missing, before anything runs; one line names a
# package that cannot be installed and the targets that still work.
# (Once: not again when make starts over, having remade $(OUT)/rules.mk.)
ifeq ($(MAKELEVEL)$(MAKE_RESTARTS),0)
ifneq ($(shell build/harness/deps.sh --goals $(MAKECMDGOALS) >&2 || echo failed),)
$(error nothing was run: the packages these targets need are not all installed (the lines above say which and why))
endif
endif
# Checked above, when make started; this only orders the rules after it.
$(OUT)/deps.stamp:
	@mkdir -p $(OUT) && touch $@

# Each goal asks for its tiers alone, and a package apt cannot install is
# named (build/tests/deps-selftest.sh, with apt and dpkg stood in for).
.PHONY: check-deps
check-deps:
	@build/harness/record.sh deps-selftest -- build/harness/cached.sh deps-selftest build/harness/deps.sh \
		build/harness/apt-packages build/tests/caselib.sh build/tests/deps-selftest.sh -- build/tests/deps-selftest.sh
CHAPTER_CHECKS += check-deps

# A vendored archive is checked against its .sha256 before a build
# extracts it (build/lib/archive.sh, used by herd-build.sh and
# ltsmin-build.sh; build/tests/archive-selftest.sh).
.PHONY: check-archives
check-archives:
	@build/harness/record.sh archive-selftest -- build/harness/cached.sh archive-selftest build/lib/archive.sh \
		kernel/bin/herd-build.sh build/ltsmin/ltsmin-build.sh build/tests/caselib.sh build/tests/archive-selftest.sh \
		-- build/tests/archive-selftest.sh
CHAPTER_CHECKS += check-archives

$(OUT)/spin-version: FORCE | $(OUT)/deps.stamp
	@mkdir -p $(OUT)
	@spin -V > $@.tmp$$$$ && { cmp -s $@.tmp$$$$ $@ || mv $@.tmp$$$$ $@; }; rm -f $@.tmp$$$$

$(OUT)/tool-version/%: FORCE | $(OUT)/deps.stamp
	@build/pipeline/run-checker.py --version $*

# Every hash already kept is brought up to date at once, by one process
# per make (sha-batch, build/harness/hash-sources.py), before make reads
# any of them; the rule of a file then runs only for a file hashed for
# the first time (a shell and four programs per file, in every make,
# were most of a make check that had nothing to do).  A file under
# $(OUT) is made during the run: it is hashed when make reaches it.
HASH_ONE = @[ ! -d '$(1)' ] || { echo "make: $(1) is a directory; only files are hashed" >&2; exit 2; }; \
	mkdir -p $(@D); t=$@.tmp$$$$; \
	if [ -f '$(1)' ]; then sha256sum < '$(1)' > $$t; else echo missing > $$t; fi; \
	if cmp -s $$t $@; then rm -f $$t; else mv -f $$t $@; fi
$(OUT)/sha/%: FORCE | sha-batch
	$(if $(wildcard $@),,$(call HASH_ONE,$*))
$(OUT)/sha/$(OUT)/%: FORCE
	$(call HASH_ONE,$(OUT)/$*)
sha-batch:
	@build/harness/hash-sources.py $(OUT)
.PHONY: sha-batch

EXTRACT_DEPS := $(call SHA,build/pipeline/extract.sh build/pipeline/extract.lua build/lib/blocks.lua \
	build/pipeline/format.tsv) $(OUT)/deps.stamp
define EXTRACT_RULE
$(OUT)/extract/$(basename $(notdir $(1))).stamp: $(call SHA,$(1)) $(EXTRACT_DEPS)
	@$(LOCKED) build/pipeline/extract.sh $(1)
endef
$(foreach f,$(CHAPTERS) $(QUIZZES),$(eval $(call EXTRACT_RULE,$(f))))

# The rules of the runs, generated: remade (with the extraction it reads)
# under the clone's lock, so that a second make waits for the first one's
# rewrite rather than reading it half made.  The reader's workbench
# (NO_RULES_GOALS) never reads it.  "include", not "-include": GNU make
# remakes an -include'd file without a word when its recipe fails, and
# then says "No rule to make target" of it, or of whatever failed on the
# way, to the goal that needs it (make 4.3's complain() in remake.c); a
# failure here must be told as what it is.
ifeq ($(filter $(NO_RULES_GOALS),$(MAKECMDGOALS)),)
include $(OUT)/rules.mk
endif

models: $(EXTRACT_STAMPS) ## extract models/ from the chapters (never over your edits; FORCE=1 does)
	@$(LOCKED) build/pipeline/sync-models.py

# The harness's own test; its log is kept only when it passed, so it
# re-runs only when a file it exercises changes: the make files, the
# pipeline, the library, the harness, the workbench, the two book tools
# it calls, the lint and the format's table in build/README.md, and the
# test with its fixtures; not the book's style, the server, the vendored
# archives or the other READMEs.  It runs on a scratch copy of exactly
# these files (SELFTEST_INPUTS), so a tool it runs but the list misses
# fails it instead of going unnoticed.
BUILD_FILES := $(shell find build -type f | LC_ALL=C sort)
# Every file make itself reads, the tools of a room without its README.
MAKE_FILES := Makefile build/lib/defaults.mk $(wildcard build/workbench/*.mk build/serve/*.mk build/per-chapter/*/*.mk build/ltsmin/*.mk)
ROOM_TOOLS = $(filter-out %/README.md,$(filter $(addsuffix /%,$(1)),$(BUILD_FILES)))
SELFTEST_INPUTS := $(sort $(MAKE_FILES) build/__init__.py build/README.md \
	$(call ROOM_TOOLS,build/lib build/pipeline build/harness build/workbench build/checkers) \
	build/book/run-figures.py build/book/search-command.py build/book/trail-timeline.py build/tests/lint.sh build/tests/luacheckrc \
	build/tests/selftest.py build/tests/scratch.py build/tests/__init__.py $(wildcard build/tests/fixtures/ch9[0-3]-*))
$(OUT)/selftest.log: $(call SHA,$(SELFTEST_INPUTS)) $(OUT)/spin-version
	@SELFTEST_INPUTS='$(SELFTEST_INPUTS)' build/tests/selftest.py > $@.tmp 2>&1 || { cat $@.tmp; exit 1; }
	@mv $@.tmp $@

# Each of these three keeps its pass beside its log (NAME.pass, after the
# same inputs): a make that changed nothing copies it, without starting
# a make of its own to find the log up to date.
$(OUT)/selftest.pass: $(call SHA,$(SELFTEST_INPUTS)) $(OUT)/spin-version
	@rm -f $@
	@build/harness/record.sh harness-selftest -- $(MAKE) --no-print-directory -s $(OUT)/selftest.log
	@cp $(OUT)/results/harness-selftest.pass $@
check-harness: $(OUT)/selftest.pass | $(OUT)/results
	@$(call FILE_PASS,$<,harness-selftest)

# Every mutant of build/tests/selftest-mutants.py (a break of a tool that
# the self-test must see) still applies: seconds.  The whole run, a
# self-test per mutant, is make selftest-mutants.
check-mutants-apply:
	@build/harness/record.sh selftest-mutants-apply -- build/tests/selftest-mutants.py --applies
selftest-mutants: ## break each tool in turn and see the self-test fail (slow: a self-test per break)
	@build/tests/selftest-mutants.py
.PHONY: check-mutants-apply selftest-mutants

# The runs of other checkers ({.check} blocks) seen to fail on each break
# (fixture build/tests/fixtures/ch94-checkers.md); kept like the above.
CHECKER_SELFTEST_INPUTS := $(sort $(MAKE_FILES) build/__init__.py \
	$(call ROOM_TOOLS,build/lib build/pipeline build/harness build/checkers) \
	build/tests/checker-selftest.py build/tests/scratch.py build/tests/__init__.py build/tests/fixtures/ch94-checkers.md)
$(OUT)/checker-selftest.log: $(call SHA,$(CHECKER_SELFTEST_INPUTS))
	@SELFTEST_INPUTS='$(CHECKER_SELFTEST_INPUTS)' build/tests/checker-selftest.py > $@.tmp 2>&1 || { cat $@.tmp; exit 1; }
	@mv $@.tmp $@
$(OUT)/checker-selftest.pass: $(call SHA,$(CHECKER_SELFTEST_INPUTS))
	@rm -f $@
	@build/harness/record.sh checker-selftest -- $(MAKE) --no-print-directory -s $(OUT)/checker-selftest.log
	@cp $(OUT)/results/checker-selftest.pass $@
check-checkers: $(OUT)/checker-selftest.pass | $(OUT)/results
	@$(call FILE_PASS,$<,checker-selftest)

# The tools are shellcheck-, pyflakes- and luacheck-clean (build/tests/lint.sh).
LINT_INPUTS = $(call SHA,$(BUILD_FILES) $(wildcard kernel/bin/*.sh kernel/bin/*.py kernel/tests/*.sh kernel/*.sh) .ci/run)
$(OUT)/lint.pass: $(LINT_INPUTS)
	@rm -f $@
	@build/harness/record.sh lint -- $(MAKE) --no-print-directory -s $(OUT)/lint.log
	@cp $(OUT)/results/lint.pass $@
check-lint: $(OUT)/lint.pass | $(OUT)/results
	@$(call FILE_PASS,$<,lint)
$(OUT)/lint.log: $(LINT_INPUTS)
	@build/tests/lint.sh > $@.tmp 2>&1 || { cat $@.tmp; exit 1; }
	@mv $@.tmp $@
# No chapter uses a term of the glossary before the chapter that defines
# it, unless it links forward ([term]{.fwd}); build/book/glossary.py --check.
$(eval $(call KEPT_CHECK,glossary-order,$(BOOK_SOURCES) $(call SHA,build/book/glossary.py $(LIB)),\
	build/book/glossary.py --check,check-glossary))
# build/README.md's table of the block format is format.tsv's.
$(eval $(call KEPT_CHECK,format-doc,$(call SHA,build/pipeline/format-doc.py build/pipeline/format.tsv build/README.md $(LIB)),\
	build/pipeline/format-doc.py --check,check-format-doc))
lint: ## run shellcheck, pyflakes and luacheck on every tool
	@build/tests/lint.sh

# chapter-02 is chapter 2 (the files are named ch02-...); anything that
# is not a number is an error, not a search for a target of that name.
CHAPTER_N = $(shell echo '$*' | sed -n 's/^0*\([0-9][0-9]*\)$$/\1/p')
chapter-%: $(OUT)/rules.mk ## run chapter N's models and checks, e.g. make chapter-2
	@[ -n '$(CHAPTER_N)' ] || { echo "make chapter-$*: '$*' is not a chapter number;" \
		"type make chapter-N, N one of: $(CHAPTER_NUMBERS)" >&2; exit 2; }
	@[ -n "$(wildcard chapters/ch$(shell printf %02d '$(CHAPTER_N)' 2>/dev/null)-*.md)" ] || \
		{ echo "make chapter-$*: there is no chapters/ch$(shell printf %02d '$(CHAPTER_N)' \
		2>/dev/null)-*.md; N is one of: $(CHAPTER_NUMBERS)" >&2; exit 2; }
	@$(LOCKED) $(MAKE) --no-print-directory chapter-run CHAPTER_RUN=$(CHAPTER_N)

chapter-:
	@echo "make chapter-: give the chapter's number, e.g. make chapter-2; N is one of: $(CHAPTER_NUMBERS)" >&2; exit 2

chapter-run:
	@rm -rf $(OUT)/results
	@build/harness/record.sh models-written -- build/pipeline/sync-models.py --keep-edits || true
	@$(MAKE) --no-print-directory -s -k $(PARALLEL) check-models chapter-$(CHAPTER_RUN)-checks \
		$(CHAPTER_$(CHAPTER_RUN)_ONLY) || true
	@$(if $(CHAPTER_$(CHAPTER_RUN)_EXTRA),$(MAKE) --no-print-directory -k $(CHAPTER_$(CHAPTER_RUN)_EXTRA) || true)
	@build/harness/summary.sh $(OUT)/expected/chapter-$(CHAPTER_RUN)

chapter-%-checks:
	@echo "make: chapter $* has no checks in $(OUT)/rules.mk (no chapters/ch$*-*.md?)" >&2; exit 2

# Without V=1, a check that passes prints nothing and one that fails
# prints its whole log (build/harness/record.sh, RECORD_QUIET); then
# the failures' first causes and the count.  V=1: every check's output.
check: $(OUT)/rules.mk ## run every check; prints what failed, then "N passed, N failed" (V=1: every check's output)
	@RECORD_QUIET='$(if $(V),,$(realpath $(OUT))/results)' $(LOCKED) $(MAKE) --no-print-directory check-run-all

# A model that cannot be written (a change that does not apply) is a
# counted failure too, and the checks go on with what there is.  (-s: a
# check that files its kept pass starts no command, and make would say
# "Nothing to be done" for every goal whose checks were all kept.)
check-run-all:
	@rm -rf $(OUT)/results
	@build/harness/record.sh models-written -- build/pipeline/sync-models.py --keep-edits || true
	@$(MAKE) --no-print-directory -s -k $(PARALLEL) $(KERNEL_FIRST) check-models check-harness check-mutants-apply check-checkers check-lint check-format-doc check-models-index check-glossary check-book-tools $(CHAPTER_CHECKS) $(LKMM_CHECKS) $(ALL_RUNS) || true
	@$(MAKE) --no-print-directory -k $(KERNEL_CHECKS) check-book RUNS_MADE=1 || true
	@build/harness/summary.sh $(foreach n,$(CHAPTER_NUMBERS),$(OUT)/expected/chapter-$(n))

# make check's second step, after the models and alone (the boots); the
# book comes last, because its kernel chapter shows what the kernel
# checks printed.
KERNEL_CHECKS := kernel-check kernel-bench-check
# The memory-model checks (kernel/lkmm.mk), with the models: herd7 runs
# take hundredths of a second (its one-time build is the slow step).
LKMM_CHECKS := $(if $(wildcard kernel/lkmm.mk),lkmm-check)

# The book and the checks that read its pages, in make check's second
# step, after the kernel's (its kernel chapter shows what they printed):
# the pages are made, then the checks of them run side by side
# (BOOK_PAGE_CHECKS, each filed on its own), whether the book was made
# or not, so that a failing book does not hide their verdicts.  The
# book's runs and views (ALL_RUNS) are made in the first step, among the
# checks that read them (the pages are made here, not through make
# book, which would ask for them again).
check-book:
	-@build/harness/record.sh book-builds -- $(MAKE) --no-print-directory -s $(OUT)/book/index.html
	@$(MAKE) --no-print-directory -s -k $(PARALLEL) $(BOOK_PAGE_CHECKS)
BOOK_PAGE_CHECKS += check-book-folded-lines check-book-in-browser
check-book-folded-lines:
	@build/harness/record.sh book-folded-lines -- sh -c 'p=$$(ls $(OUT)/book/*.html | grep -v -e /print.html -e /trail-); \
		exec build/harness/cached.sh book-folded-lines build/book/folded-lines.py $$p -- build/book/folded-lines.py $$p'
check-book-in-browser:
	@build/harness/record.sh book-in-browser -- sh -c 'command -v chromium >/dev/null || \
		exec build/tests/browser-check.py; exec build/harness/cached.sh book-in-browser -v "$(CHROMIUM_VERSION)" \
		$(OUT)/book $(BROWSER_CHECK_TOOLS) -- build/tests/browser-check.py'
.PHONY: check-book-folded-lines check-book-in-browser

# The book's tools seen to fail on small broken books of their own (no
# page of this book read): in make check's first step, beside the models.
# Each re-runs only when a file it reads (or the version of pandoc or
# Chromium) has changed: build/harness/cached.sh keeps a pass.
check-book-tools: check-book-references check-book-browser
check-book-references:
	@build/harness/record.sh book-references -- build/harness/cached.sh book-selftest -v 'pandoc --version' \
		$(BOOK_TOOLS) build/tests/caselib.sh build/tests/styled.py build/tests/book-selftest.sh -- build/tests/book-selftest.sh
check-book-browser:
	@build/harness/record.sh book-browser-selftest -- build/harness/cached.sh browser-selftest -v '$(CHROMIUM_VERSION)' \
		$(BOOK_TOOLS) build/tests/caselib.sh build/tests/browser-check.py build/tests/browser-selftest.sh \
		-- build/tests/browser-selftest.sh
.PHONY: check-book-tools check-book-references check-book-browser

# Bless refuses while a model of models/ holds an edit of yours: it would
# write your version's reports into the chapters.
bless: $(OUT)/rules.mk ## rewrite the chapters' expected outputs from fresh runs
	@$(LOCKED) sh -c 'build/pipeline/sync-models.py --for-bless && \
		{ $(MAKE) --no-print-directory -k $(PARALLEL) $(ALL_RUNS) $(CHAPTER_ONLY_RUNS) || true; } && build/pipeline/bless.py'

book: $(OUT)/rules.mk ## build the HTML book into out/book/
	@$(LOCKED) sh -c '{ $(MAKE) --no-print-directory -s -k $(PARALLEL) $(ALL_RUNS) || true; } && \
		$(MAKE) --no-print-directory -s $(OUT)/book/index.html'

# The pages are rebuilt when a source, a tool, a run's report or a file a
# page includes has changed; the browser test, when a page's content has.
BOOK_TOOLS := build/book/book.sh build/book/book.lua build/lib/blocks.lua build/pipeline/format.tsv \
	build/book/book.css build/book/promela.xml \
	build/book/sweep-table.py build/book/sweep-plot.py build/book/trail-timeline.py $(LIB) \
	build/book/book.js build/book/references.md build/book/run-figures.py build/book/book-targets.py \
	build/book/book-search.py build/book/book-links.py build/book/search-command.py \
	build/book/book-sidebar.py build/book/derive-diff.py build/book/book-order.py \
	build/book/reading-time.py build/book/glossary.py build/book/folded-lines.py
$(OUT)/book/index.html: $(call SHA,$(CHAPTERS) chapters/book.tsv $(QUIZZES) $(BOOK_TOOLS) $(wildcard chapters/runs/*.out)) \
		$(wildcard $(RUNS_DIR)/*.out $(RUNS_DIR)/*.trail) $(call SHA,$(BOOK_GENERATED))
	@build/book/book.sh

# The browser test runs again when a page's content (not its time: the
# book is rebuilt whole, a page at a time) or the test's code has changed.
BROWSER_CHECK_TOOLS := build/tests/browser-check.py build/book/book-links.py $(LIB)

# How long the loops take: make check with nothing to do, and make
# chapter-2 from a fresh clone beside its Spin runs by hand (RUNS each;
# minimum, median, maximum).  Figures, not a check.
bench-loops: ## time a no-op make check and a cold make chapter-2 (beside its Spin runs replayed by hand), RUNS=3 times each; LOOPS=noop or chapter: one of them; LOOPS=clone: make check in a fresh clone (an hour a run)
	@build/harness/bench-loops.sh $(or $(RUNS),3) $(or $(LOOPS),all)
.PHONY: bench-loops

# The reading time of every page and part, as the index page gives it.
reading-time: ## print each chapter's and part's reading time (prose words, listing lines)
	@build/book/reading-time.py --table
.PHONY: reading-time

# Long model runs, kept out of make check (their reports are recorded in
# chapters/runs/ and compared with the chapters by make check).
qrcu-table-full: sweep-qrcu-table-full ## chapter 5's QRCU table row too big for make check (3 updaters x 2 readers; MEMLIM=16000 TIME=3600)
include build/per-chapter/shrinking-qrcu/qrcu-big.mk
include build/per-chapter/qrcu-all-sizes/qrcu-all.mk
include build/workbench/exercises.mk
include build/serve/serve.mk
# LTSmin and Spin's parallel searches (the chapter on models that outgrow
# one core or one machine).
include build/ltsmin/ltsmin.mk

# The kernel: QRCU in Linux 6.1 under rcutorture (chapter 10).
# (A copy of the harness without kernel/, such as its self-test's, has
# no kernel checks; a clone that has kernel/ must have both fragments.)
ifneq ($(wildcard kernel/),)
include kernel/kernel.mk
include kernel/bench.mk
# The series' qrcu.c under relacy (chapter 12): its checks join make
# check's parallel step and the chapter's (kernel/relacy.mk adds them).
include kernel/relacy.mk
# QRCU's barriers under the Linux-kernel memory model (herd7, klitmus7).
include kernel/lkmm.mk
# The same orderings as compiled for arm64 and ppc64le, under herd7's
# architecture models (kernel/arch.mk runs them before lkmm-barrier-legs).
include kernel/arch.mk
endif
# What the kernel's step needs but its boots do not, made in make
# check's first step beside the models, where kbuild shares the cores
# with them: the patched tree, the kernel and its initramfs, and the
# checks of the code compiled for arm64 and ppc64le (kernel/arch.mk,
# which reads the tree; its kept verdicts are filed again in the second
# step, where the barrier table asks for them).  Named first, so that
# make starts the longest job first.  The boots stay alone.
KERNEL_FIRST := $(if $(wildcard kernel/),$(KERNEL_INITRD) arch-check)
ifneq ($(KERNEL_FIRST),)
arch-check: $(KERNEL_SRC).stamp
endif
# The kernel chapter (whatever its number) runs the kernel's checks too.
KERNEL_CHAPTER := $(patsubst 0%,%,$(patsubst chapters/ch%-qrcu-in-linux.md,%,$(wildcard chapters/ch*-qrcu-in-linux.md)))
$(foreach n,$(KERNEL_CHAPTER),$(eval CHAPTER_$(n)_EXTRA := $$(KERNEL_CHECKS)))

# The extractions the rules are made from (here, once every fragment has
# said which chapters have extras): for make chapter-N, only the sources
# chapter N needs, its own, its answers and those defining the models it
# runs (build/harness/chapter-sources.py), unless the chapter has extras
# (CHAPTER_N_EXTRA: chapter 9's report, the kernel's and the memory
# model's legs), which read other chapters' runs and extractions; for any
# other goal, every source.  (make reads every fragment before it remakes
# $(OUT)/rules.mk, so the rule may stand after the include.)
CHAPTER_GOALS_N := $(foreach g,$(CHAPTER_GOALS),$(shell echo '$(g)' | sed -n 's/^0*\([0-9][0-9]*\)$$/\1/p'))
RULES_SOURCES := $(or $(if $(CHAPTER_GOALS),$(if $(strip $(foreach n,$(CHAPTER_GOALS_N),$(CHAPTER_$(n)_EXTRA))),,\
	$(shell build/harness/chapter-sources.py $(CHAPTER_GOALS)))),$(CHAPTERS) $(QUIZZES))
# A chapter extracted before (by another goal) is brought up to date as
# well: the models' checks and the rules read every extraction there is,
# so one left stale by an edit since would be judged as it was.
RULES_STAMPS := $(sort $(patsubst %.md,$(OUT)/extract/%.stamp,$(notdir $(RULES_SOURCES))) \
	$(filter $(EXTRACT_STAMPS),$(wildcard $(OUT)/extract/*.stamp)))

$(OUT)/rules.mk: $(RULES_STAMPS) $(call SHA,build/pipeline/mkrules.py $(LIB) build/pipeline/format.tsv \
		$(wildcard build/checkers/*.py)) \
		$(wildcard chapters/runs/*.out)
	@$(LOCKED) build/pipeline/mkrules.py

# models/ holds what the chapters define (a student's edit of an
# exercise's file aside).
$(eval $(call KEPT_CHECK,models-match-chapters,$(RULES_STAMPS) $(BOOK_SOURCES) \
	$(call SHA,build/pipeline/sync-models.py build/pipeline/format.tsv $(LIB)),build/pipeline/sync-models.py --check,check-models))

# out/saved/ holds the only copy of a reader's edit that make models
# FORCE=1 set aside: clean keeps it.
clean: ## remove out/, but for out/saved/ (your edits set aside); models/ stays
	@build/harness/locked.sh sh -c 'if [ -d $(OUT) ]; then find $(OUT) -mindepth 1 -maxdepth 1 \
		! -name saved ! -name lock -exec rm -rf {} +; fi'
	@[ ! -d $(OUT)/saved ] || echo "make clean: kept $(OUT)/saved/ (your edited models set" \
		"aside by make models FORCE=1: $$(ls $(OUT)/saved | wc -l) files); delete it yourself" \
		"when you no longer need them"
