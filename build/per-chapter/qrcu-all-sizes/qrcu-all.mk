# build/per-chapter/qrcu-all-sizes/qrcu-all.mk: chapter 9 (QRCU for every number of readers and
# updaters), for the top-level Makefile to include.  The chapter's runs
# are ordinary chapter runs (make chapter-9); this file adds the report
# that reads them: the verdict, the mutant table and the figures, which
# also checks that the runs say what the chapter claims (the negative
# control among them), and the report's self-test, which breaks the
# runs' reports one way at a time and sees the report fail, and the
# unsound-edit self-test, which removes behaviour from the model and sees
# the probes (and the mutants' verdicts) fail.

.PHONY: qrcu-all qrcu-all-check

QRCU_ALL_RUNS = $(filter $(RUNS_DIR)/mut-% $(RUNS_DIR)/all-% $(RUNS_DIR)/ctl-% $(RUNS_DIR)/probe-all-%,$(ALL_RUNS))

qrcu-all: $(OUT)/rules.mk ## chapter 9: the all-sizes QRCU model's verdict, the mutant table and the figures
	@build/pipeline/sync-models.py --keep-edits
	@$(MAKE) --no-print-directory -k $(PARALLEL) chapter-$(QRCU_ALL_CHAPTER)-checks $(RUNS_DIR)/qrcu-big-3-3.out $(filter $(RUNS_DIR)/shrink-r%,$(ALL_RUNS))
	@build/per-chapter/qrcu-all-sizes/qrcu-all-report.py

# In make check, after the runs (the report reads their kept reports,
# chapter 8's shrink-* among them: the exact runs that reproduce the
# abstract counterexamples).  The unsound-edit self-test runs its own
# probes on edited copies of the extracted model, and deletes the marked
# line of every probe sweep's model (chapters 8, 9, appendix E); some seconds.  A
# pass of either self-test is kept until the tools, the runs' reports,
# those pages' extraction or models/ change.
# Each line goes on after a failure (-): a failing report must not hide
# the self-tests' verdicts.
qrcu-all-check: $(QRCU_ALL_RUNS) $(filter $(RUNS_DIR)/shrink-%,$(ALL_RUNS)) $(RUNS_DIR)/qrcu-big-3-3.out $(RUNS_DIR)/shrink-r0-2-2.out
	-@build/harness/record.sh qrcu-all-report -- build/per-chapter/qrcu-all-sizes/qrcu-all-report.py
	-@build/harness/record.sh qrcu-all-selftest -- build/harness/cached.sh qrcu-all-selftest \
		-v 'spin -V; gcc --version' $^ build/lib build/per-chapter/qrcu-all-sizes chapters/mutants.tsv \
		build/tests/qrcu-all-selftest.py $(wildcard $(OUT)/extract/ch*-shrinking-qrcu $(OUT)/extract/ch*-qrcu-all-sizes) models \
		-- build/tests/qrcu-all-selftest.py
	-@build/harness/record.sh qrcu-all-unsound-selftest -- build/harness/cached.sh qrcu-all-unsound-selftest \
		-v 'spin -V' build/lib build/tests/qrcu-all-unsound-selftest.py \
		$(wildcard $(OUT)/extract/ch*-progress $(OUT)/extract/ch*-shrinking-qrcu $(OUT)/extract/ch*-qrcu-all-sizes) models \
		-- build/tests/qrcu-all-unsound-selftest.py

# The chapter (whatever its number) runs the report too.
QRCU_ALL_CHAPTER := $(patsubst 0%,%,$(patsubst chapters/ch%-qrcu-all-sizes.md,%,$(wildcard chapters/ch*-qrcu-all-sizes.md)))
$(foreach n,$(QRCU_ALL_CHAPTER),$(eval CHAPTER_$(n)_EXTRA := qrcu-all-check))
CHAPTER_CHECKS += qrcu-all-check
