# kernel/kernel.mk: the QRCU port to Linux 6.1, built and torture-tested
# under QEMU.  Included by the top-level Makefile; also usable alone:
#   make -f kernel/kernel.mk kernel-check
# Everything generated goes to $(OUT)/kernel/.  One kernel serves every
# scenario in kernel/configs/ (Kconfig fragment NAME + NAME.boot), the
# way tools/testing/selftests/rcutorture lays out its scenarios, except
# a soak scenario whose fragment asks for more than CFcommon gives, which
# make kernel-soak boots on a kernel of its own (see kernel-soak).

OUT ?= out
KERNEL_OUT := $(OUT)/kernel
KERNEL_SRC := $(KERNEL_OUT)/src
KERNEL_BUILD := $(KERNEL_OUT)/build
KERNEL_INITRD := $(KERNEL_OUT)/initramfs.cpio.gz
# Parallel kbuild jobs, and seconds of torture per scenario boot.
KERNEL_JOBS ?= 2
KERNEL_TORTURE_SECS ?= 30
KERNEL_RECORD ?= build/harness/record.sh
KERNEL_RESULTS := $(OUT)/results
KERNEL_BADNESS := $(KERNEL_SRC)/tools/testing/selftests/rcutorture/bin/console-badness.sh
KERNEL_SUBMAKE = $(MAKE) --no-print-directory -f kernel/kernel.mk OUT=$(OUT)
# A check of the scripts, the scenarios and the series alone (checkpatch,
# the self-tests) re-runs only when one of those, or the patched tree,
# has changed in content: build/harness/cached.sh keeps its last pass.
# The re-judging of the kept soak runs (kernel-soak-runs) is one of them:
# it reads those, the litmus tests a klitmus7 scenario runs, the tree's
# console-badness.sh and the two tables it writes (-o: a table deleted or
# edited makes it run again, one it wrote does not), and the variables
# that point it elsewhere.
KERNEL_CACHED = build/harness/cached.sh $(1) kernel/bin kernel/tests kernel/configs kernel/patches kernel/soak-runs \
	kernel/bench-runs kernel/litmus $(KERNEL_SRC).stamp $(KERNEL_BADNESS) -o $(KERNEL_SOAK_OUT)/summary.md \
	-o $(KERNEL_SOAK_OUT)/mutants.tsv -v 'printenv KERNEL_CONFIGS KERNEL_LITMUS KERNEL_SERIES_CODE' --

KERNEL_PATCHES := kernel/patches/series \
	$(addprefix kernel/patches/,$(shell cat kernel/patches/series))
# The torture scenarios, one name a line in CFLIST (make check boots
# each once) and in SOAKLIST (make kernel-soak: NAME BOOTS SECONDS); each
# is kernel/configs/NAME (Kconfig symbols it needs), NAME.boot (boot
# parameters) and NAME.expect (what parse-console.sh requires of its
# run, including whether it must end in SUCCESS or FAILURE, and the CPU
# count).  The benchmark's BENCH files are not scenarios.
# kernel/bin/scenarios.sh reads both lists (and the scenarios' files)
# for every script and for this file; a bad line stops it, naming the
# line, and then kernel-check fails (kernel-scenario-list says why).
# (Read once per make check: a make started by another, MAKELEVEL above
# 0, takes the list from its environment, exported here.)
ifneq ($(if $(filter 0,$(MAKELEVEL)),,$(origin KERNEL_SCENARIOS)),environment)
KERNEL_SCENARIOS := $(shell kernel/bin/scenarios.sh cflist kernel/configs)
ifneq ($(.SHELLSTATUS),0)
$(warning kernel.mk: kernel/configs/CFLIST cannot be read; make kernel-check will fail)
endif
endif
export KERNEL_SCENARIOS
KERNEL_SOAK_RUNS := kernel/soak-runs
KERNEL_SOAK_OUT := $(KERNEL_OUT)/soak
# A soak scenario whose Kconfig fragment asks for more than CFcommon
# gives (config-check.sh says which: QRCU-KCSAN, since KCSAN instruments
# the whole kernel) gets a kernel of its own, from the same extracted and
# patched tree, configured in $(KERNEL_OUT)/build-NAME with CFcommon and
# then the scenario's fragment merged on top (configure.sh), and its own
# initramfs, whose modules are that kernel's.  Built only when
# kernel-soak boots the scenario; make check never does (scenario-list.sh
# keeps such a scenario out of CFLIST, by the same test).
# The checks kernel-check runs, in this order, one after another: each
# is the make target of its name, and build/harness/record.sh files its result
# under that name.  kernel-check judges these results and no others
# (kernel-bench-check files its own).  Those of KERNEL_CACHED_CHECKS
# read only the scripts, the scenarios and the series, so build/harness/cached.sh
# keeps their last pass.
KERNEL_CHECK_NAMES := kernel-build-warnings kernel-checkpatch kernel-verdict-selftest \
	kernel-config-check-selftest kernel-scenario-list-selftest kernel-soak-runs-selftest \
	kernel-scenario-list $(addprefix kernel-scenario-,$(KERNEL_SCENARIOS)) kernel-soak-runs
KERNEL_CACHED_CHECKS := kernel-checkpatch kernel-verdict-selftest kernel-config-check-selftest \
	kernel-scenario-list-selftest kernel-soak-runs-selftest kernel-soak-runs kernel-scenario-list

.PHONY: kernel kernel-check kernel-soak kernel-soak-check kernel-clean FORCE \
	$(KERNEL_CHECK_NAMES)

kernel: $(KERNEL_INITRD) ## build the QRCU-patched Linux 6.1 kernel and its initramfs
	@echo "kernel: $(KERNEL_BUILD)/arch/x86/boot/bzImage and $(KERNEL_INITRD) are ready"

# The scripts only rewrite a stamp when its content changes, so an
# unchanged series or fragment never makes kbuild start over.
$(KERNEL_SRC).stamp: $(KERNEL_PATCHES) kernel/bin/extract.sh
	@mkdir -p $(KERNEL_OUT)
	@kernel/bin/extract.sh $(KERNEL_SRC)

$(KERNEL_BUILD).config-stamp: $(KERNEL_SRC).stamp kernel/configs/CFcommon kernel/bin/configure.sh kernel/bin/config-check.sh
	@kernel/bin/configure.sh $(KERNEL_SRC) $(KERNEL_BUILD)

$(KERNEL_BUILD).build-stamp: $(KERNEL_BUILD).config-stamp kernel/bin/build.sh
	@kernel/bin/build.sh $(KERNEL_SRC) $(KERNEL_BUILD) $(KERNEL_JOBS)
	@touch $@

$(KERNEL_INITRD): $(KERNEL_BUILD).build-stamp kernel/init.sh kernel/bin/mkinitrd.sh
	@kernel/bin/mkinitrd.sh $(KERNEL_SRC) $(KERNEL_BUILD) $@

# Changes only when KERNEL_TORTURE_SECS does, so boots rerun only then.
$(KERNEL_OUT)/torture-secs: FORCE
	@mkdir -p $(@D)
	@echo $(KERNEL_TORTURE_SECS) | cmp -s - $@ || echo $(KERNEL_TORTURE_SECS) >$@

# The kernel of such a scenario (make kernel-soak makes
# $(KERNEL_OUT)/initramfs-NAME.cpio.gz; the rest follows).  Kept, though
# reached through patterns only.
.PRECIOUS: $(KERNEL_OUT)/build-%.config-stamp $(KERNEL_OUT)/build-%.build-stamp \
	$(KERNEL_OUT)/initramfs-%.cpio.gz
$(KERNEL_OUT)/build-%.config-stamp: $(KERNEL_SRC).stamp kernel/configs/CFcommon kernel/configs/% \
		kernel/bin/configure.sh kernel/bin/config-check.sh
	@kernel/bin/configure.sh $(KERNEL_SRC) $(KERNEL_OUT)/build-$* kernel/configs/CFcommon kernel/configs/$*

$(KERNEL_OUT)/build-%.build-stamp: $(KERNEL_OUT)/build-%.config-stamp kernel/bin/build.sh
	@kernel/bin/build.sh $(KERNEL_SRC) $(KERNEL_OUT)/build-$* $(KERNEL_JOBS)
	@touch $@

$(KERNEL_OUT)/initramfs-%.cpio.gz: $(KERNEL_OUT)/build-%.build-stamp kernel/init.sh kernel/bin/mkinitrd.sh
	@kernel/bin/mkinitrd.sh $(KERNEL_SRC) $(KERNEL_OUT)/build-$* $@

# One boot per scenario; a no-op rerun of kernel-check boots nothing.
# The logs are reached through the kernel-verdict-% pattern, so without
# .PRECIOUS make would delete them as intermediate files.
.PRECIOUS: $(KERNEL_OUT)/%/console.log
$(KERNEL_OUT)/%/console.log: kernel/configs/% kernel/configs/%.boot kernel/configs/%.expect \
		$(KERNEL_BUILD).build-stamp $(KERNEL_INITRD) \
		$(KERNEL_OUT)/torture-secs kernel/bin/run-qemu.sh kernel/bin/qemu-boot.sh kernel/bin/config-check.sh
	@kernel/bin/run-qemu.sh $* $(KERNEL_BUILD) $(KERNEL_INITRD) $(KERNEL_OUT)/$* $(KERNEL_TORTURE_SECS)

# Judge one scenario's console; leaves verdict.txt for the book.  The
# verdict's pass is kept (verdict.pass) while the console, the
# scenario's files, the judging scripts and the tree (its
# console-badness.sh) are unchanged; a failure keeps nothing.
.PRECIOUS: $(KERNEL_OUT)/%/verdict.pass
kernel-verdict-%: $(KERNEL_OUT)/%/verdict.pass ;
$(KERNEL_OUT)/%/verdict.pass: $(KERNEL_OUT)/%/console.log $(KERNEL_SRC).stamp kernel/configs/% kernel/configs/%.boot \
		kernel/configs/%.expect kernel/bin/parse-console.sh kernel/bin/litmus-console.sh kernel/bin/scenarios.sh
	@rm -f $@
	@KERNEL_BADNESS=$(KERNEL_BADNESS) kernel/bin/parse-console.sh \
		$< kernel/configs/$* $(KERNEL_OUT)/$*
	@touch $@

# The checks run one after another (they share one build and two
# CPUs); each is filed by build/harness/record.sh, and a failed one does not stop
# the rest.  A check that left no verdict at all counts as failed.
kernel-check: ## build, boot and judge every scenario of kernel/configs/CFLIST; self-tests; recorded soaks; checkpatch; build warnings
	-@$(foreach c,$(KERNEL_CHECK_NAMES),$(KERNEL_RECORD) $(c) -- \
		$(if $(filter $(c),$(KERNEL_CACHED_CHECKS)),$(call KERNEL_CACHED,$(c))) $(KERNEL_SUBMAKE) $(c);)
	@failed=; for n in $(KERNEL_CHECK_NAMES); do \
		[ -f $(KERNEL_RESULTS)/$$n.pass ] || failed="$$failed $$n"; \
	done; \
	if [ -n "$$failed" ]; then echo "kernel-check: failed:$$failed"; exit 1; fi; \
	echo "kernel-check: all $(words $(KERNEL_CHECK_NAMES)) kernel checks passed"

# One check per scenario of CFLIST: its boot, judged.
$(addprefix kernel-scenario-,$(KERNEL_SCENARIOS)): kernel-scenario-%: kernel-verdict-% ;

# Once the kernel is built, kept while what it reads is unchanged: the
# patched tree, the build's log and .config, its script (its W=1
# compile, a kbuild run over the whole tree, takes seconds even when
# nothing is compiled again).
kernel-build-warnings: kernel
	@build/harness/cached.sh kernel-build-warnings $(KERNEL_SRC).stamp $(KERNEL_BUILD).log $(KERNEL_BUILD)/.config \
		kernel/bin/build-warnings.sh -v 'printenv KERNEL_JOBS; gcc --version' -- \
		kernel/bin/build-warnings.sh $(KERNEL_SRC) $(KERNEL_BUILD)

kernel-checkpatch: $(KERNEL_SRC).stamp
	@kernel/bin/checkpatch.sh $(KERNEL_SRC)

kernel-verdict-selftest: $(KERNEL_SRC).stamp
	@KERNEL_BADNESS=$(KERNEL_BADNESS) kernel/tests/verdict-selftest.sh

kernel-soak-runs-selftest: $(KERNEL_SRC).stamp
	@KERNEL_BADNESS=$(KERNEL_BADNESS) kernel/tests/soak-runs-selftest.sh

kernel-config-check-selftest:
	@kernel/tests/config-check-selftest.sh

kernel-scenario-list-selftest:
	@kernel/tests/scenario-list-selftest.sh

# Every scenario in kernel/configs/ is listed, complete, and not the
# benchmark's.
kernel-scenario-list:
	@kernel/bin/scenario-list.sh kernel/configs

# A soak scenario named in KERNEL_SOAK_OWN_INITRD boots the shared kernel
# with an initramfs another fragment makes, $(KERNEL_OUT)/initramfs-NAME.cpio.gz
# (kernel/lkmm.mk's LITMUS: klitmus7's modules, not rcutorture).
KERNEL_SOAK_OWN_INITRD ?=

# Boot the scenarios of SOAKLIST (only those named in SOAK, if set) as
# often and as long as it says, and keep every run in kernel/soak-runs/
# for the book; then check and summarise all the kept runs.  Each
# scenario boots the one kernel, or its own when its fragment asks for
# more than CFcommon gives, which is built first if need be; the kept run
# names that kernel's .config.
kernel-soak: ## boot every scenario of kernel/configs/SOAKLIST as often and as long as it says; keep the runs in kernel/soak-runs/
	@rows=$$(kernel/bin/scenarios.sh soaklist kernel/configs) || exit 1; \
	printf '%s\n' "$$rows" | while read -r s boots secs; do \
		i=0; \
		case " $(or $(SOAK),$$s) " in *" $$s "*) ;; *) continue ;; esac; \
		if kernel/bin/config-check.sh kernel/configs/CFcommon kernel/configs/$$s >/dev/null 2>&1; then \
			b=$(KERNEL_BUILD) r=$(KERNEL_INITRD); \
		else b=$(KERNEL_OUT)/build-$$s r=$(KERNEL_OUT)/initramfs-$$s.cpio.gz; fi; \
		mk="$(KERNEL_SUBMAKE)"; \
		case " $(KERNEL_SOAK_OWN_INITRD) " in *" $$s "*) b=$(KERNEL_BUILD) \
			r=$(KERNEL_OUT)/initramfs-$$s.cpio.gz mk="$(MAKE) --no-print-directory -f Makefile OUT=$(OUT)" ;; esac; \
		$$mk $$r || exit 1; \
		while [ $$i -lt $$boots ]; do i=$$((i + 1)); \
			echo "kernel-soak: $$s, boot $$i of $$boots, $$secs s, kernel $$b"; \
			kernel/bin/run-qemu.sh $$s $$b $$r $(KERNEL_SOAK_OUT)/$$s $$secs || exit 1; \
			KERNEL_BADNESS=$(KERNEL_BADNESS) kernel/bin/soak-record.sh $$s $(KERNEL_SOAK_OUT)/$$s \
				$(KERNEL_SRC).stamp $$b/.config $(KERNEL_SOAK_RUNS) || exit 1; \
		done; \
	done
	@$(KERNEL_SUBMAKE) kernel-soak-check

# Re-judge every kept run against its scenario as it now stands, and
# write the summary chapter 10 shows, out/kernel/soak/summary.md, and
# the kernel's column of the book's mutant table, one row per
# busted_qrcu_* flavour, out/kernel/soak/mutants.tsv (mutant-table.sh).
# (kernel-check files it as kernel-soak-runs.)
kernel-soak-runs: kernel-soak-check
kernel-soak-check: $(KERNEL_SRC).stamp
	@KERNEL_BADNESS=$(KERNEL_BADNESS) kernel/bin/soak-runs.sh $(KERNEL_SOAK_RUNS) \
		$(KERNEL_SRC).stamp $(KERNEL_SOAK_OUT)/summary.md
	@kernel/bin/mutant-table.sh $(KERNEL_SOAK_RUNS) $(KERNEL_SOAK_OUT)/mutants.tsv

# (The book shows that summary; make check writes it before the book is
# built, and the book is rebuilt when it changes.)

# The book's table of every busted flavour against every leg (chapter
# 10), out/kernel/soak/mutant-legs.md: the kernel's column from the kept
# boots, the others from the runs of chapters 6, 8, 9 and 13, from
# relacy's checks and from herd7's variants of chapter 11's litmus tests
# (the rows of chapters/mutants.tsv name them; kernel/bin/mutant-legs.py
# prints them).  make check
# runs it after kernel-check, whose kernel-soak-runs writes the kernel's
# column (mutants.tsv); from the top-level Makefile, the runs it
# reads are its prerequisites, so make chapter-N makes them first (but
# a long run kept in chapters/runs/, target=full, which it reads there).
# The list is asked of mutant-legs.py only by a make whose goals name
# kernel-mutant-legs (make check's kernel step, the kernel chapter's
# extras, or typed), not by each of the many makes that read this file
# (GNU make 4.3 expands even .SECONDEXPANSION prerequisites of every
# rule when it reads the makefiles, so that would not spare them).
# make check's second step says RUNS_MADE=1: its first step ran
# relacy's and herd7's checks, so those are not run again here (the
# chapters' reports are files, made only when missing or out of date:
# those of target=chapter runs, which make check's first step does not
# make, are made here).
KERNEL_MUTANT_LEGS_RUNS := $(if $(filter kernel-mutant-legs,$(MAKECMDGOALS)),$(if $(ALL_RUNS),$(filter \
	$(ALL_RUNS) $(CHAPTER_ONLY_RUNS),$(addprefix $(RUNS_DIR)/,$(addsuffix .out,$(shell \
	$(PYTHON_ENV) kernel/bin/mutant-legs.py --runs))))) $(if $(RUNS_MADE),,$(addprefix relacy-run-,$(shell \
	$(PYTHON_ENV) kernel/bin/mutant-legs.py --relacy)) $(addprefix lkmm-litmus-,$(shell $(PYTHON_ENV) kernel/bin/mutant-legs.py --lkmm))))
KERNEL_CHECKS += kernel-mutant-legs
.PHONY: kernel-mutant-legs
kernel-mutant-legs: $(KERNEL_MUTANT_LEGS_RUNS)
	-@$(KERNEL_RECORD) kernel-mutant-legs -- \
		kernel/bin/mutant-legs.py $(KERNEL_SOAK_OUT)/mutants.tsv $(KERNEL_SOAK_OUT)/mutant-legs.md

# chapters/mutants.tsv, the one list of QRCU's mutants, against the
# legs' own lists: the busted scenarios of kernel/configs and SOAKLIST,
# kernel/relacy/checks and its scripts, the litmus tests' variants, the
# chapters' LTSmin runs as extracted (kernel/bin/mutant-list.py); its
# self-test, which breaks copies of them one way at a time, and that of
# mutant-legs.py's LTSmin cells.  Each of the three is kept while the
# files it reads are unchanged (cached.sh).
KERNEL_CHECKS += kernel-mutant-list
.PHONY: kernel-mutant-list
kernel-mutant-list: ## check chapters/mutants.tsv against kernel/configs, SOAKLIST, kernel/relacy/checks and kernel/litmus
	-@$(KERNEL_RECORD) kernel-mutant-list -- build/harness/cached.sh kernel-mutant-list kernel/bin build/lib \
		chapters/mutants.tsv kernel/configs kernel/relacy kernel/litmus $(OUT)/extract -- kernel/bin/mutant-list.py
	-@$(KERNEL_RECORD) kernel-mutant-list-selftest -- build/harness/cached.sh kernel-mutant-list-selftest \
		kernel/bin/mutant-list.py kernel/tests/mutant-list-selftest.sh kernel/tests/selftest-lib.sh \
		kernel/bin/scenarios.sh kernel/bin/litmuslib.py kernel/bin/barrier-legs.py build/lib/mutants.py \
		build/lib/runstore.py build/lib/blockformat.py \
		chapters/mutants.tsv kernel/configs kernel/relacy/checks kernel/relacy/mutants kernel/litmus \
		-- kernel/tests/mutant-list-selftest.sh
	-@$(KERNEL_RECORD) kernel-mutant-legs-selftest -- build/harness/cached.sh kernel-mutant-legs-selftest \
		kernel/bin/mutant-legs.py kernel/tests/mutant-legs-selftest.py build/checkers/ltsmin.py \
		build/lib/runstore.py build/lib/mutants.py chapters/mutants.tsv \
		-- kernel/tests/mutant-legs-selftest.py

FORCE:

kernel-clean: ## remove everything the kernel targets generated (out/kernel)
	rm -rf $(KERNEL_OUT)
