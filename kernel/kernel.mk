# kernel/kernel.mk: the QRCU port to Linux 6.1, built and torture-tested
# under QEMU.  Included by the top-level Makefile; also usable alone:
#   make -f kernel/kernel.mk kernel-check
# Everything generated goes to $(OUT)/kernel/.  One kernel serves every
# scenario in kernel/configs/ (Kconfig fragment NAME + NAME.boot), the
# way tools/testing/selftests/rcutorture lays out its scenarios.

OUT ?= out
KERNEL_OUT := $(OUT)/kernel
KERNEL_SRC := $(KERNEL_OUT)/src
KERNEL_BUILD := $(KERNEL_OUT)/build
KERNEL_INITRD := $(KERNEL_OUT)/initramfs.cpio.gz
# Parallel kbuild jobs, and seconds of torture per scenario boot.
KERNEL_JOBS ?= 2
KERNEL_TORTURE_SECS ?= 30
KERNEL_SOAK_SECS ?= 900
KERNEL_RECORD ?= build/record
KERNEL_RESULTS := $(OUT)/results
KERNEL_BADNESS := $(KERNEL_SRC)/tools/testing/selftests/rcutorture/bin/console-badness.sh
KERNEL_SUBMAKE = $(MAKE) --no-print-directory -f kernel/kernel.mk OUT=$(OUT)

KERNEL_PATCHES := kernel/patches/series \
	$(addprefix kernel/patches/,$(shell cat kernel/patches/series))
# What each scenario's rcutorture run must end with.
KERNEL_EXPECT_QRCU := SUCCESS
KERNEL_EXPECT_BUSTED-QRCU := FAILURE
KERNEL_EXPECT_SRCU-REF := SUCCESS

.PHONY: kernel kernel-check kernel-soak kernel-clean \
	kernel-checkpatch kernel-build-warnings kernel-verdict-selftest \
	kernel-qrcu kernel-busted-qrcu kernel-srcu FORCE

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

# One boot per scenario; a no-op rerun of kernel-check boots nothing.
# The logs are reached through the kernel-verdict-% pattern, so without
# .PRECIOUS make would delete them as intermediate files.
.PRECIOUS: $(KERNEL_OUT)/%/console.log
$(KERNEL_OUT)/%/console.log: kernel/configs/% kernel/configs/%.boot \
		$(KERNEL_BUILD).build-stamp $(KERNEL_INITRD) \
		$(KERNEL_OUT)/torture-secs kernel/bin/run-qemu.sh kernel/bin/qemu-boot.sh kernel/bin/config-check.sh
	@kernel/bin/run-qemu.sh $* $(KERNEL_BUILD) $(KERNEL_INITRD) $(KERNEL_OUT)/$* $(KERNEL_TORTURE_SECS)

# Judge one scenario's console; leaves verdict.txt for the book.
kernel-verdict-%: $(KERNEL_OUT)/%/console.log $(KERNEL_SRC).stamp FORCE
	@KERNEL_BADNESS=$(KERNEL_BADNESS) kernel/bin/parse-console.sh \
		$< $(KERNEL_EXPECT_$*) $(KERNEL_OUT)/$*

# The checks run one after another (they share one build and two
# CPUs); each is filed by build/record, and a failed one does not stop
# the rest.
kernel-check: ## build, boot and judge qrcu, busted_qrcu and srcu; checkpatch; build warnings
	-@$(KERNEL_RECORD) kernel-build-warnings -- $(KERNEL_SUBMAKE) kernel-build-warnings
	-@$(KERNEL_RECORD) kernel-checkpatch -- $(KERNEL_SUBMAKE) kernel-checkpatch
	-@$(KERNEL_RECORD) kernel-verdict-selftest -- $(KERNEL_SUBMAKE) kernel-verdict-selftest
	-@$(KERNEL_RECORD) kernel-qrcu -- $(KERNEL_SUBMAKE) kernel-verdict-QRCU
	-@$(KERNEL_RECORD) kernel-busted-qrcu -- $(KERNEL_SUBMAKE) kernel-verdict-BUSTED-QRCU
	-@$(KERNEL_RECORD) kernel-srcu -- $(KERNEL_SUBMAKE) kernel-verdict-SRCU-REF
	@failed=$$(cd $(KERNEL_RESULTS) 2>/dev/null && ls kernel-*.fail 2>/dev/null | sed 's/\.fail$$//'); \
	if [ -n "$$failed" ]; then echo "kernel-check: failed:" $$failed; exit 1; fi; \
	echo "kernel-check: all kernel checks passed"

kernel-build-warnings: kernel
	@kernel/bin/build-warnings.sh $(KERNEL_SRC) $(KERNEL_BUILD)

kernel-checkpatch: $(KERNEL_SRC).stamp
	@kernel/bin/checkpatch.sh $(KERNEL_SRC)

kernel-verdict-selftest: $(KERNEL_SRC).stamp
	@KERNEL_BADNESS=$(KERNEL_BADNESS) kernel/bin/verdict-selftest.sh


kernel-qrcu: kernel-verdict-QRCU
kernel-busted-qrcu: kernel-verdict-BUSTED-QRCU
kernel-srcu: kernel-verdict-SRCU-REF

kernel-soak: kernel ## torture qrcu for KERNEL_SOAK_SECS (default 900) seconds
	@kernel/bin/run-qemu.sh QRCU $(KERNEL_BUILD) $(KERNEL_INITRD) $(KERNEL_OUT)/soak-QRCU $(KERNEL_SOAK_SECS)
	@KERNEL_BADNESS=$(KERNEL_BADNESS) kernel/bin/parse-console.sh \
		$(KERNEL_OUT)/soak-QRCU/console.log SUCCESS $(KERNEL_OUT)/soak-QRCU

FORCE:

kernel-clean: ## remove everything the kernel targets generated (out/kernel)
	rm -rf $(KERNEL_OUT)
