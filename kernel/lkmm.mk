# kernel/lkmm.mk: QRCU's barriers under the Linux-kernel memory model
# (the chapter chNN-qrcu-barriers.md), for the top-level Makefile to
# include after kernel/kernel.mk.  Everything generated goes to
# $(OUT)/herd/ (herd7 and klitmus7, built once) and $(OUT)/lkmm/.
#
#   make herd         build herd7 and klitmus7 from build/third-party/
#                     (its sha256 checked first; a second run does nothing)
#   make lkmm-check   the chapter's checks, each filed by record.sh
#   make lkmm-bless   rewrite the tests' herd7: lines from fresh runs
#   make lkmm-outputs the files the chapter shows (herd7's reports and
#                     table, the ties, the kept klitmus7 boot's counts)
# Scenario LITMUS (klitmus7's modules booted under QEMU) is a soak
# scenario of kernel/configs/SOAKLIST: make kernel-soak SOAK=LITMUS boots
# it and keeps the run in kernel/soak-runs/; make check judges it again.

OUT ?= out
LKMM_OUT := $(OUT)/lkmm
HERD_DIR := $(OUT)/herd
HERD7 := $(HERD_DIR)/bin/herd7
KLITMUS7 := $(HERD_DIR)/bin/klitmus7
# tools/memory-model of the linux-source tarball the kernel leg unpacks.
LKMM_MODEL := $(LKMM_OUT)/memory-model
LKMM_HERD_OUT := $(LKMM_OUT)/herd
LKMM_RECORD ?= build/harness/record.sh
# The tests, one name a line; each is kernel/litmus/NAME.litmus.
# HERD-ONLY lists tests herd7 runs but the klitmus7 boot does not.
LKMM_KLITMUS_TESTS := $(shell sed -e 's/\#.*//' kernel/litmus/TESTS 2>/dev/null)
LKMM_TESTS := $(LKMM_KLITMUS_TESTS) $(shell sed -e 's/\#.*//' kernel/litmus/HERD-ONLY 2>/dev/null)
LKMM_LITMUS_FILES := $(sort $(wildcard kernel/litmus/*))
LKMM_TOOLS := kernel/bin/litmuslib.py kernel/bin/litmus-herd.py kernel/bin/litmus-ties.py
LKMM_HERD_RUN = kernel/bin/litmus-herd.py $(1) $(HERD7) $(LKMM_MODEL) $(LKMM_HERD_OUT)

# The checks, in this order, one after another; each is the make target
# of its name, and record.sh files its verdict under that name.  The
# self-tests and the kept boot's judging read only the files they are
# given, so cached.sh keeps a pass of theirs.
LKMM_CHECK_NAMES := lkmm-herd-built lkmm-litmus-files $(addprefix lkmm-litmus-,$(LKMM_TESTS)) \
	lkmm-ties lkmm-ties-selftest lkmm-herd-selftest lkmm-klitmus-console-selftest lkmm-klitmus-kept \
	lkmm-outputs
LKMM_CACHED_ties-selftest := kernel/tests/litmus-ties-selftest.sh kernel/tests/selftest-lib.sh $(LKMM_TOOLS) \
	kernel/litmus kernel/patches
LKMM_CACHED_herd-selftest := kernel/tests/litmus-herd-selftest.sh kernel/tests/selftest-lib.sh $(LKMM_TOOLS) \
	kernel/litmus $(HERD_DIR)/stamp $(LKMM_MODEL).stamp
# The kept LITMUS boot judged again reads the kept runs, the scenarios,
# the series and the scripts; what it writes for the chapter is its
# output (-o: deleted or edited, it is made again).
LKMM_CACHED_klitmus-kept := kernel/bin kernel/configs kernel/patches kernel/litmus kernel/soak-runs \
	-o $(LKMM_OUT)/klitmus -v 'printenv KERNEL_CONFIGS KERNEL_LITMUS KERNEL_SERIES_CODE'
# herd7 on one test and its variants: kept while the tests, the tools,
# herd7's build and the model are unchanged, and the test's outputs are
# as it left them.
$(foreach t,$(LKMM_TESTS),$(eval LKMM_CACHED_litmus-$(t) := $$(LKMM_TOOLS) kernel/litmus $$(HERD_DIR)/stamp \
	$$(LKMM_MODEL).stamp -o $$(LKMM_HERD_OUT)/$(t).out -o $$(LKMM_HERD_OUT)/$(t).rows))
LKMM_CACHED_klitmus-console-selftest := kernel/tests/litmus-console-selftest.sh kernel/bin/litmus-console.sh \
	kernel/bin/scenarios.sh kernel/tests/selftest-lib.sh kernel/configs kernel/soak-runs kernel/litmus/TESTS

.PHONY: herd lkmm-model lkmm-check lkmm-bless lkmm-outputs $(LKMM_CHECK_NAMES)

# herd-build.sh checks the archive's sha256 on every call, then does
# nothing if the same archive was built already.
herd: ## build herd7 and klitmus7 (herdtools7, build/third-party/) once into out/herd/
	@kernel/bin/herd-build.sh $(HERD_DIR)
$(HERD_DIR)/stamp: $(wildcard build/third-party/herdtools7-*) kernel/bin/herd-build.sh build/lib/archive.sh
	@kernel/bin/herd-build.sh $(HERD_DIR)

lkmm-model: ## extract the Linux-kernel memory model (tools/memory-model of linux-source 6.1) into out/lkmm/
	@kernel/bin/lkmm-extract.sh $(LKMM_MODEL) $(OUT)/kernel/src

lkmm-check: ## the memory-model chapter's checks: herd7 on each litmus test, the ties to the series, the kept klitmus7 boot
	-@$(foreach c,$(LKMM_CHECK_NAMES),$(LKMM_RECORD) $(c) -- $(if $(LKMM_CACHED_$(c:lkmm-%=%)),build/harness/cached.sh \
		$(c) $(LKMM_CACHED_$(c:lkmm-%=%)) --) $(MAKE) --no-print-directory -f kernel/lkmm.mk OUT=$(OUT) $(c);)
	@failed=; for n in $(LKMM_CHECK_NAMES); do \
		[ -f $(OUT)/results/$$n.pass ] || failed="$$failed $$n"; \
	done; \
	if [ -n "$$failed" ]; then echo "lkmm-check: failed:$$failed"; exit 1; fi; \
	echo "lkmm-check: all $(words $(LKMM_CHECK_NAMES)) memory-model checks passed"

lkmm-herd-built: herd
	@v=$$($(HERD7) -version) || { echo "lkmm-herd-built: $(HERD7) does not run"; exit 1; }; \
	case $$v in 7.57*) echo "lkmm-herd-built: $(HERD7): $$v" ;; \
	*) echo "lkmm-herd-built: $(HERD7) says '$$v', not 7.57: rebuild it (rm -rf $$(readlink -f $(HERD_DIR)) $(HERD_DIR); make herd)"; exit 1 ;; esac

# Every .litmus file is listed in TESTS (and so run); each listed test
# then has a check of its own, which fails if its file is missing.
lkmm-litmus-files:
	@kernel/bin/litmus-herd.py --files kernel/litmus

$(addprefix lkmm-litmus-,$(LKMM_TESTS)): lkmm-litmus-%: lkmm-model
	@$(call LKMM_HERD_RUN,--only $*)

lkmm-ties:
	@kernel/bin/litmus-ties.py

lkmm-ties-selftest:
	@kernel/tests/litmus-ties-selftest.sh

lkmm-herd-selftest: herd lkmm-model
	@kernel/tests/litmus-herd-selftest.sh $(HERD7) $(LKMM_MODEL)

lkmm-klitmus-console-selftest:
	@kernel/tests/litmus-console-selftest.sh

# The newest kept LITMUS boot, judged again; its counts for the chapter.
lkmm-klitmus-kept:
	@kernel/bin/litmus-kept.sh kernel/soak-runs LITMUS $(LKMM_OUT)/klitmus

# What the chapter shows, from the runs above (each .generated block
# names one of these files): fails if a test's runs did not all pass.
lkmm-outputs:
	@kernel/bin/litmus-herd.py --table $(LKMM_HERD_OUT)
	@mkdir -p $(LKMM_OUT)
	@kernel/bin/litmus-ties.py --list >$(LKMM_OUT)/ties.tmp && mv $(LKMM_OUT)/ties.tmp $(LKMM_OUT)/ties.txt
	@[ -f $(LKMM_OUT)/klitmus/klitmus.md ] || { echo "lkmm-outputs: no $(LKMM_OUT)/klitmus/klitmus.md: lkmm-klitmus-kept failed"; exit 1; }
	@echo "lkmm-outputs: $(LKMM_HERD_OUT)/table.md, $(LKMM_OUT)/ties.txt, $(LKMM_OUT)/klitmus/klitmus.md"

lkmm-bless: herd lkmm-model ## rewrite the litmus tests' herd7: lines from fresh runs (check the diff)
	@$(call LKMM_HERD_RUN,--bless)

# Scenario LITMUS: the tests and their variants as klitmus7 modules,
# built against the shared kernel (LKMM_KERNEL_BUILD, by default the one
# kernel/kernel.mk builds), in an initramfs of their own, which
# make kernel-soak boots on that kernel.
LKMM_KERNEL_BUILD ?= $(OUT)/kernel/build
LKMM_KLITMUS_MODS := $(LKMM_OUT)/klitmus-modules
KERNEL_SOAK_OWN_INITRD += LITMUS
$(OUT)/kernel/initramfs-LITMUS.cpio.gz: $(LKMM_KERNEL_BUILD).build-stamp $(HERD_DIR)/stamp $(LKMM_LITMUS_FILES) \
		kernel/bin/klitmus-build.sh kernel/bin/litmus-initrd.sh kernel/litmus-init.sh $(LKMM_TOOLS)
	@rm -rf $(LKMM_OUT)/variants
	@kernel/bin/litmus-ties.py --variants $(LKMM_OUT)/variants
	@kernel/bin/klitmus-build.sh $(KLITMUS7) $(LKMM_KERNEL_BUILD) $(LKMM_KLITMUS_MODS) \
		$(addprefix kernel/litmus/,$(addsuffix .litmus,$(LKMM_KLITMUS_TESTS))) \
		$(addprefix $(LKMM_OUT)/variants/,$(addsuffix +*.litmus,$(LKMM_KLITMUS_TESTS)))
	@kernel/bin/litmus-initrd.sh $(LKMM_KERNEL_BUILD) $(LKMM_KLITMUS_MODS) $@

# The chapter (whatever its number) runs these checks too.
LKMM_CHAPTER := $(patsubst 0%,%,$(patsubst chapters/ch%-qrcu-barriers.md,%,$(wildcard chapters/ch*-qrcu-barriers.md)))
$(foreach n,$(LKMM_CHAPTER),$(eval CHAPTER_$(n)_EXTRA := lkmm-check))

# The book's table of every ordering of qrcu.c against every leg
# (chapter 11), $(LKMM_OUT)/barrier-legs.md, each cell from the runs that
# take the ordering away: herd7's broken variants, relacy's checks, the
# kept klitmus7 boot (kernel/bin/barrier-legs.py names them); it also
# holds the chapter's .leg spans, each a claim about one cell, to the
# table.  make check runs it in its second step, after the relacy and
# memory-model checks; alone, it makes the runs it reads first.
# (barrier-legs.py is asked only by a make whose goals name
# lkmm-barrier-legs, as kernel-mutant-legs's list in kernel/kernel.mk.)
# (Not in make check's second step, RUNS_MADE=1: its first made them.)
LKMM_BARRIER_LEGS_RUNS := $(if $(RUNS_MADE),,$(if $(filter lkmm-barrier-legs,$(MAKECMDGOALS)),$(addprefix relacy-run-,$(shell \
	$(PYTHON_ENV) kernel/bin/barrier-legs.py --relacy 2>/dev/null))) $(addprefix lkmm-litmus-,$(LKMM_TESTS)) lkmm-klitmus-kept)
LKMM_BARRIER_CHAPTERS := $(wildcard chapters/ch*-qrcu-barriers.md)
KERNEL_CHECKS += lkmm-barrier-legs
$(foreach n,$(LKMM_CHAPTER),$(eval CHAPTER_$(n)_EXTRA += lkmm-barrier-legs))
.PHONY: lkmm-barrier-legs
lkmm-barrier-legs: $(LKMM_BARRIER_LEGS_RUNS)
	-@$(LKMM_RECORD) lkmm-barrier-legs -- \
		kernel/bin/barrier-legs.py $(LKMM_OUT)/barrier-legs.md $(LKMM_BARRIER_CHAPTERS)
	-@$(LKMM_RECORD) lkmm-barrier-legs-selftest -- build/harness/cached.sh lkmm-barrier-legs-selftest \
		kernel/tests/barrier-legs-selftest.sh kernel/bin/barrier-legs.py kernel/relacy/checks \
		$(LKMM_OUT)/barrier-legs.md $(LKMM_BARRIER_CHAPTERS) -- \
		kernel/tests/barrier-legs-selftest.sh $(LKMM_OUT)/barrier-legs.md $(LKMM_BARRIER_CHAPTERS)
