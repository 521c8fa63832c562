# kernel/bench.mk: grace-period latency and read-side cost of qrcu, srcu
# and rcu, measured by rcuscale and refscale in one QEMU boot.  Included
# by the top-level Makefile after kernel/kernel.mk; also usable alone:
#   make -f kernel/bench.mk kernel-bench
# The benchmark kernel is built from the same patched tree as the
# torture kernel, in its own build directory, from kernel/configs/CFcommon
# with kernel/configs/BENCH on top: ACPI on, so that QEMU's HPET and
# ACPI PM timer are found (without them, and with the TSC found
# unsynchronised between the two vCPUs, the clock is the jiffies counter,
# 4 ms a tick), and lockdep and the object debugging off, so that they do
# not weigh on the read side.
# Everything generated goes to $(OUT)/kernel/bench/.  A benchmark, not a
# test: kernel-bench prints figures; kernel-bench-check (in make check)
# only checks that every kept run gives every figure and that the kernel
# did not warn during it; kernel-bench-fresh-check does so for a new boot.
ifeq ($(KERNEL_OUT),)
include kernel/kernel.mk
endif

KERNEL_BENCH_OUT := $(KERNEL_OUT)/bench
KERNEL_BENCH_BUILD := $(KERNEL_BENCH_OUT)/build
KERNEL_BENCH_INITRD := $(KERNEL_BENCH_OUT)/initramfs.cpio.gz
KERNEL_BENCH_LOG := $(KERNEL_BENCH_OUT)/console.log
KERNEL_BENCH_TABLE := $(KERNEL_BENCH_OUT)/table.md
KERNEL_BENCH_SUBMAKE = $(MAKE) --no-print-directory -f kernel/bench.mk OUT=$(OUT)
# Benchmark boots kept for the book (kernel/bin/bench-record.sh: each
# whole console log, xz-compressed), and their summary: a table with a
# column per run, and the range of every figure, which chapter 10 quotes
# as [KEY]{.bench}.
KERNEL_BENCH_RUNS := kernel/bench-runs
KERNEL_BENCH_RECORDED := $(KERNEL_BENCH_OUT)/recorded.tsv
KERNEL_BENCH_RECORDED_TABLE := $(KERNEL_BENCH_OUT)/recorded.md
# How many boots make kernel-bench-record runs and keeps.
BENCH_RUNS ?= 1

.PHONY: kernel-bench kernel-bench-check kernel-bench-fresh-check kernel-bench-parse kernel-bench-clean \
	kernel-bench-record kernel-bench-recorded

kernel-bench: $(KERNEL_BENCH_TABLE) ## boot once, run rcuscale (two writer holdoffs, expedited rows) and refscale (with the clock floor) for qrcu, srcu and rcu, print the table
	@cat $(KERNEL_BENCH_TABLE)
	@echo "kernel-bench: $(KERNEL_BENCH_TABLE) (QEMU run: $$(cat $(KERNEL_BENCH_OUT)/seconds) s)"

$(KERNEL_BENCH_BUILD).config-stamp: $(KERNEL_SRC).stamp kernel/configs/CFcommon \
		kernel/configs/BENCH kernel/bin/configure.sh kernel/bin/config-check.sh
	@kernel/bin/configure.sh $(KERNEL_SRC) $(KERNEL_BENCH_BUILD) kernel/configs/CFcommon kernel/configs/BENCH

$(KERNEL_BENCH_BUILD).build-stamp: $(KERNEL_BENCH_BUILD).config-stamp kernel/bin/build.sh
	@kernel/bin/build.sh $(KERNEL_SRC) $(KERNEL_BENCH_BUILD) $(KERNEL_JOBS)
	@touch $@

$(KERNEL_BENCH_INITRD): $(KERNEL_BENCH_BUILD).build-stamp kernel/bench-init.sh kernel/bin/mkinitrd.sh
	@kernel/bin/mkinitrd.sh $(KERNEL_SRC) $(KERNEL_BENCH_BUILD) $@ kernel/bench-init.sh

$(KERNEL_BENCH_LOG): $(KERNEL_BENCH_INITRD) $(KERNEL_BENCH_BUILD).build-stamp \
		kernel/configs/BENCH kernel/configs/BENCH.boot kernel/bin/run-bench.sh kernel/bin/qemu-boot.sh kernel/bin/config-check.sh
	@kernel/bin/run-bench.sh $(KERNEL_BENCH_BUILD) $(KERNEL_BENCH_INITRD) $(KERNEL_BENCH_OUT)

# A table with a missing figure is removed, so that it is never taken
# for an up-to-date one.
$(KERNEL_BENCH_TABLE): $(KERNEL_BENCH_LOG) kernel/bin/bench-table.sh
	@kernel/bin/bench-table.sh $(KERNEL_BENCH_LOG) $@ >/dev/null || { rm -f $@; exit 1; }

# Boot BENCH_RUNS more times and keep each run in kernel/bench-runs/.
kernel-bench-record: ## run kernel-bench BENCH_RUNS=N times, keeping each run for the book in kernel/bench-runs/
	@i=0; while [ $$i -lt $(BENCH_RUNS) ]; do i=$$((i + 1)); \
		rm -f $(KERNEL_BENCH_LOG); \
		$(KERNEL_BENCH_SUBMAKE) kernel-bench || exit 1; \
		kernel/bin/bench-record.sh $(KERNEL_BENCH_LOG) $(KERNEL_BENCH_RUNS) \
			$(KERNEL_SRC).stamp $(KERNEL_BENCH_BUILD)/.config || exit 1; \
	done
	@$(KERNEL_BENCH_SUBMAKE) $(KERNEL_BENCH_RECORDED)
	@cat $(KERNEL_BENCH_RECORDED_TABLE)

# Re-judged when the series or the benchmark's files change, since every
# kept run must come from the code and the files of now.
$(KERNEL_BENCH_RECORDED): $(KERNEL_BENCH_RUNS) $(wildcard $(KERNEL_BENCH_RUNS)/*.log.xz) \
		kernel/bin/bench-runs.sh kernel/bin/bench-table.sh kernel/bin/soak-runs.sh \
		$(KERNEL_PATCHES) kernel/configs/CFcommon kernel/configs/BENCH \
		kernel/configs/BENCH.boot kernel/bench-init.sh
	@kernel/bin/bench-runs.sh $(KERNEL_BENCH_RUNS) $(KERNEL_BENCH_RECORDED_TABLE) $@

# The chapter quotes the recorded runs.
$(OUT)/book/index.html: $(KERNEL_BENCH_RECORDED)

kernel-bench-recorded: $(KERNEL_BENCH_RECORDED)

kernel-bench-parse: $(KERNEL_BENCH_LOG)
	@kernel/bin/bench-table.sh $(KERNEL_BENCH_LOG) $(KERNEL_BENCH_TABLE)

# Filed by build/harness/record.sh like kernel-check's checks, and run by
# make check: every recorded run still gives every figure and shows no
# kernel warning, and the parser rejects a log with one figure missing.
# A fresh boot of the benchmark is a measurement, not a test, and costs a
# kernel build of its own: make kernel-bench runs it and prints the
# table; make kernel-bench-fresh-check files its verdict as well.
kernel-bench-check: ## check the kept benchmark runs (every figure, no warning) and the parser's self-test
	-@$(KERNEL_RECORD) kernel-bench-recorded -- $(KERNEL_BENCH_SUBMAKE) kernel-bench-recorded
	-@$(KERNEL_RECORD) kernel-bench-parse-selftest -- $(call KERNEL_CACHED,kernel-bench-parse-selftest) \
		kernel/tests/bench-selftest.sh
	@$(KERNEL_BENCH_VERDICT) kernel-bench-recorded kernel-bench-parse-selftest
kernel-bench-fresh-check: ## boot the benchmark kernel once and check that every figure was found (its own build)
	-@$(KERNEL_RECORD) kernel-bench-parse -- $(KERNEL_BENCH_SUBMAKE) kernel-bench-parse
	@$(KERNEL_BENCH_VERDICT) kernel-bench-parse
KERNEL_BENCH_VERDICT = sh -c 'failed=; for n in "$$@"; do [ -f $(KERNEL_RESULTS)/$$n.pass ] || \
	failed="$$failed $$n"; done; if [ -n "$$failed" ]; then echo "kernel-bench: failed:$$failed"; exit 1; fi; \
	echo "kernel-bench: $$* passed"' --

kernel-bench-clean:
	rm -rf $(KERNEL_BENCH_OUT)
