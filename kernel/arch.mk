# kernel/arch.mk: QRCU's orderings as the compiler emitted them, under
# the architectures' own memory models (chapter 11), for the top-level
# Makefile to include after kernel/lkmm.mk.  Everything generated goes
# to $(OUT)/arch/.
#
#   make arch-check   the checks below, each filed by record.sh
#   make arch-bless   rewrite the assembly tests' herd7: lines from
#                     fresh runs (check the diff)
#
# The series' kernel/rcu/qrcu.c is compiled for arm64 and powerpc
# (ppc64le) from the patched tree kernel.mk extracts, with Debian's
# cross compilers, each architecture's defconfig and the fragments
# CFcommon and QRCU (kernel/bin/arch-build.sh), into
# $(OUT)/arch/ARCH/kernel/rcu/qrcu.o and its disassembly qrcu.dis.  It is
# compiled again only when the series, the fragments, the script or the
# compiler change.  Measured on two busy cores: arm64 4 min 21 s the
# first time (51 s of CPU, most of it kbuild's prepare), powerpc about
# as long; a second make check compiles nothing.  The assembly litmus
# tests of kernel/arch-litmus/ are tied to that disassembly and run by
# herd7 with its own aarch64.cat and ppc.cat (kernel/bin/arch-litmus.py).

OUT ?= out
# Alone (make -f kernel/arch.mk), the rules of the patched tree and of
# herd7 come from the fragments that define them.
ifndef KERNEL_SRC
include kernel/kernel.mk
endif
ifndef HERD_DIR
include kernel/lkmm.mk
endif
ARCH_OUT := $(OUT)/arch
ARCH_RECORD ?= build/harness/record.sh
ARCH_NAMES := arm64 powerpc
ARCH_TESTS := $(shell sed -e 's/\#.*//' kernel/arch-litmus/TESTS 2>/dev/null)
ARCH_HERD7 := $(OUT)/herd/bin/herd7
# The checks, in this order, one after another; each is the make target
# of its name, and record.sh files its verdict under that name.
ARCH_CHECK_NAMES := $(addprefix arch-build-,$(ARCH_NAMES)) arch-ties $(addprefix arch-litmus-,$(ARCH_TESTS)) \
	arch-selftest arch-outputs

.PHONY: arch-check arch-bless $(ARCH_CHECK_NAMES)

# A check with ARCH_CACHED_NAME (what it reads, for cached.sh) files its
# kept pass before a make is started for it.
arch-check: ## the compiled qrcu.c (arm64, ppc64le) under herd7's aarch64.cat and ppc.cat: ties to the disassembly, each test and its broken variants, the self-test
	-@$(foreach c,$(ARCH_CHECK_NAMES),$(ARCH_RECORD) $(c) -- $(if $(ARCH_CACHED_$(c)),build/harness/cached.sh \
		$(c) $(ARCH_CACHED_$(c)) --) $(MAKE) --no-print-directory -f kernel/arch.mk OUT=$(OUT) $(c);)
	@failed=; for n in $(ARCH_CHECK_NAMES); do \
		[ -f $(OUT)/results/$$n.pass ] || failed="$$failed $$n"; \
	done; \
	if [ -n "$$failed" ]; then echo "arch-check: failed:$$failed"; exit 1; fi; \
	echo "arch-check: all $(words $(ARCH_CHECK_NAMES)) checks of the compiled code passed"

$(addprefix arch-build-,$(ARCH_NAMES)): arch-build-%: $(OUT)/kernel/src.stamp
	@kernel/bin/arch-build.sh $(OUT)/kernel/src $(ARCH_OUT)/$* $*

arch-ties:
	@kernel/bin/arch-litmus.py --ties $(ARCH_OUT)

# herd7 on one test and its variants: kept while the tests, the tools and
# herd7's build are unchanged, and the test's outputs are as it left them.
$(foreach t,$(ARCH_TESTS),$(eval ARCH_CACHED_arch-litmus-$(t) := kernel/bin/arch-litmus.py kernel/bin/litmus-herd.py \
	kernel/bin/litmuslib.py build/lib kernel/arch-litmus $$(OUT)/herd/stamp \
	-o $$(ARCH_OUT)/herd/$(t).out -o $$(ARCH_OUT)/herd/$(t).rows))
$(addprefix arch-litmus-,$(ARCH_TESTS)): arch-litmus-%: $(OUT)/herd/stamp
	@kernel/bin/arch-litmus.py --only $* $(ARCH_HERD7) $(ARCH_OUT)/herd

# Kept while what it reads is unchanged in content: the scripts, the
# tests, the series, the builds and their stamps, the patched tree's
# stamp, herd7's, the cross compilers.
ARCH_CACHED_arch-selftest = kernel/bin kernel/tests kernel/arch-litmus kernel/litmus kernel/patches \
	kernel/configs $(OUT)/kernel/src.stamp $(OUT)/herd/stamp $(foreach a,$(ARCH_NAMES),$(ARCH_OUT)/$(a) \
	$(ARCH_OUT)/$(a).stamp) -v 'printenv ARCH_LITMUS' \
	-v 'aarch64-linux-gnu-gcc --version; powerpc64le-linux-gnu-gcc --version'
arch-selftest: $(OUT)/herd/stamp
	@kernel/tests/arch-litmus-selftest.sh $(ARCH_HERD7) $(ARCH_OUT)

# What chapter 11 shows: the table of the runs (fails if a test's runs
# did not all pass) and the instructions each tie found.
arch-outputs:
	@kernel/bin/arch-litmus.py --table $(ARCH_OUT)/herd
	@kernel/bin/arch-litmus.py --ties --list $(ARCH_OUT) >$(ARCH_OUT)/ties.tmp && mv $(ARCH_OUT)/ties.tmp $(ARCH_OUT)/ties.txt
	@for a in $(ARCH_NAMES); do \
		miss=$$(sed -n 's/^wanted \(CONFIG_[A-Za-z0-9_]*\)=.*/\1/p' $(ARCH_OUT)/$$a/config-check.log | tr '\n' ' '); \
		printf '%s: %s%s\n' $$a "$$(cat $(ARCH_OUT)/$$a/provenance)" "$${miss:+; the fragments' symbols it cannot give: $$miss}" || exit 1; \
	done >$(ARCH_OUT)/provenance.tmp
	@sed -i 's/ $$//' $(ARCH_OUT)/provenance.tmp && mv $(ARCH_OUT)/provenance.tmp $(ARCH_OUT)/provenance.txt
	@echo "arch-outputs: $(ARCH_OUT)/herd/table.md, $(ARCH_OUT)/ties.txt, $(ARCH_OUT)/provenance.txt"

arch-bless: $(OUT)/herd/stamp ## rewrite the assembly litmus tests' herd7: lines from fresh runs
	@kernel/bin/arch-litmus.py --bless $(ARCH_HERD7) $(ARCH_OUT)/herd

# The barrier-by-leg table (kernel/lkmm.mk's lkmm-barrier-legs, which
# make check and the chapter run in their second step) reads these
# runs, so it makes them first: that is where make check and make
# chapter-11 run them.
lkmm-barrier-legs: arch-check-runs
.PHONY: arch-check-runs
arch-check-runs:
	-@$(MAKE) --no-print-directory -f kernel/arch.mk OUT=$(OUT) arch-check
