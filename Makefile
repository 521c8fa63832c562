# Verifying parallel algorithms with Promela and Spin: the book, its models
# and their checks.  `make help` lists the targets.

OUT ?= out
# Budgets of one Spin search: memory in MB (pan's -DMEMLIM) and seconds.
MEMLIM ?= 4096
TIME ?= 900
export OUT MEMLIM TIME
# Model runs are single-threaded, so make check and make book run as many
# at a time as there are CPUs; the kernel's steps run alone afterwards
# (kbuild uses every CPU itself, and a benchmark must have the machine).
JOBS ?= $(shell nproc 2>/dev/null || echo 1)
PARALLEL := -j$(JOBS) --output-sync=target

# The book's sources: chapters/chNN-topic.md and the answers to the quick
# quizzes, quizzes/chNN-quizK.md (NN: the chapter that asks quiz K).
CHAPTERS := $(sort $(wildcard chapters/ch[0-9][0-9]-*.md))
QUIZZES := $(sort $(wildcard quizzes/ch[0-9][0-9]-quiz*.md))
EXTRACT_STAMPS := $(patsubst %.md,$(OUT)/extract/%.stamp,$(notdir $(CHAPTERS) $(QUIZZES)))
RUN_DEPS := $(OUT)/spin-version build/run-model build/panlib.py

.DEFAULT_GOAL := all
NO_RULES_GOALS := help deps clean
.PHONY: all help deps models check check-models check-harness check-book qrcu-table-full \
	verify bless book FORCE

all: ## install what is missing, build the book, run every check
	$(MAKE) book
	$(MAKE) check

help: ## list the targets
	@echo "make TARGET, where TARGET is one of:"
	@grep -hE '^[a-zA-Z0-9_%-]+:.*## ' $(MAKEFILE_LIST) | \
		sed 's/^\([^:]*\):.*## \(.*\)/  \1|\2/; s/%/N/' | \
		awk -F'|' '{ printf "%-24s %s\n", $$1, $$2 }'
	@echo "Variables: MODEL DEFS CFLAGS RUNFLAGS (verify), MEMLIM=$(MEMLIM) (MB),"
	@echo "  TIME=$(TIME) (s), FORCE=1 (models: discard your edits)"

deps: $(OUT)/deps.stamp ## install the Debian packages the project needs

$(OUT)/deps.stamp: build/apt-packages build/deps
	@build/deps
	@mkdir -p $(OUT) && touch $@

$(OUT)/spin-version: FORCE | $(OUT)/deps.stamp
	@mkdir -p $(OUT)
	@spin -V > $@.tmp && { cmp -s $@.tmp $@ || mv $@.tmp $@; }; rm -f $@.tmp

EXTRACT_DEPS := build/extract build/extract.lua $(OUT)/deps.stamp
$(OUT)/extract/%.stamp: chapters/%.md $(EXTRACT_DEPS)
	@build/extract $<
$(OUT)/extract/%.stamp: quizzes/%.md $(EXTRACT_DEPS)
	@build/extract $<

$(OUT)/rules.mk: $(EXTRACT_STAMPS) build/mkrules build/panlib.py $(wildcard chapters/runs/*.out)
	@build/mkrules

ifeq ($(filter $(NO_RULES_GOALS),$(MAKECMDGOALS)),)
-include $(OUT)/rules.mk
endif

models: $(EXTRACT_STAMPS) ## extract models/ from the chapters (never over your edits; FORCE=1 does)
	@build/sync-models

check-models: $(EXTRACT_STAMPS)
	@build/record models-match-chapters -- build/sync-models --check

# The harness's own test; its log is kept only when it passed, so it
# re-runs only when a tool or the fixture changes.
$(OUT)/selftest.log: $(filter-out build/README.md,$(wildcard build/*)) build/fixtures/ch90-harness.md Makefile $(OUT)/spin-version
	@build/selftest > $@.tmp 2>&1 || { cat $@.tmp; exit 1; }
	@mv $@.tmp $@

check-harness:
	@build/record harness-selftest -- $(MAKE) --no-print-directory -s $(OUT)/selftest.log

chapter-%: $(OUT)/rules.mk ## run chapter N's models and checks, e.g. make chapter-2
	@[ -n "$(wildcard chapters/ch$(shell printf %02d $*)-*.md)" ] || \
		{ echo "chapter-$*: no chapters/ch$(shell printf %02d $*)-*.md; see make help"; exit 2; }
	@build/sync-models --keep-edits
	@rm -rf $(OUT)/results
	@$(MAKE) --no-print-directory -k $(PARALLEL) check-models chapter-$*-checks || true
	@$(if $(CHAPTER_$*_EXTRA),$(MAKE) --no-print-directory -k $(CHAPTER_$*_EXTRA) || true)
	@build/summary

check: $(OUT)/rules.mk ## run every check; ends with "N passed, N failed"
	@build/sync-models --keep-edits
	@rm -rf $(OUT)/results
	@$(MAKE) --no-print-directory -k $(PARALLEL) check-models check-harness $(CHAPTER_CHECKS) || true
	@$(MAKE) --no-print-directory -k $(KERNEL_CHECKS) || true
	@$(MAKE) --no-print-directory -k check-book || true
	@build/summary

# make check's second step, after the models and alone; the book comes
# last, because its kernel chapter shows what the kernel checks printed.
KERNEL_CHECKS := kernel-check kernel-bench-check

check-book:
	@build/record book-references -- build/book-selftest
	@build/record book-builds -- $(MAKE) --no-print-directory book
	@build/record book-in-browser -- sh -c 'command -v chromium >/dev/null || \
		exec build/browser-check; $(MAKE) --no-print-directory -s $(OUT)/browser.ok'
	@build/record book-browser-selftest -- build/browser-selftest

verify: $(OUT)/deps.stamp ## run Spin on MODEL=path [DEFS=-DX=3 CFLAGS=-DSAFETY RUNFLAGS=]
	@build/verify "$(MODEL)" "$(DEFS)" "$(CFLAGS)" "$(RUNFLAGS)"

bless: $(OUT)/rules.mk ## rewrite the chapters' expected outputs from fresh runs
	@$(MAKE) --no-print-directory -k $(PARALLEL) $(ALL_RUNS) || true
	@build/bless

book: $(OUT)/rules.mk ## build the HTML book into out/book/
	@$(MAKE) --no-print-directory -s -k $(PARALLEL) $(ALL_RUNS) || true
	@$(MAKE) --no-print-directory -s $(OUT)/book/index.html

# The pages are rebuilt when a source, a tool, a run's report or a file a
# page includes has changed; the browser test, when a page has.
BOOK_TOOLS := build/book build/book.lua build/book.css build/promela.xml \
	build/sweep-table build/sweep-plot build/trail-timeline build/panlib.py \
	build/book.js build/references.md build/run-figures build/book-targets \
	build/book-search build/book-links
$(OUT)/book/index.html: $(CHAPTERS) $(QUIZZES) $(BOOK_TOOLS) $(wildcard chapters/runs/*.out) \
		$(wildcard $(OUT)/runs/*.out $(OUT)/runs/*.trail) $(wildcard $(BOOK_GENERATED))
	@build/book

$(OUT)/browser.ok: $(OUT)/book/index.html build/browser-check
	@build/browser-check
	@touch $@

# Long model runs, kept out of make check (their reports are recorded in
# chapters/runs/ and compared with the chapters by make check).
qrcu-table-full: sweep-qrcu-table-full ## chapter 5's QRCU table row too big for make check (3 updaters x 2 readers)
-include build/qrcu-big.mk

# The kernel: QRCU in Linux 6.1 under rcutorture (chapter 8).
-include kernel/kernel.mk
-include kernel/bench.mk
CHAPTER_8_EXTRA := $(KERNEL_CHECKS)

clean: ## remove out/ (generated files only; models/ stays)
	rm -rf $(OUT)
