# LTSmin, a third checker of the Promela models, and Spin's parallel
# searches: the chapter on models that outgrow one core or one machine.
#
# make ltsmin        builds LTSmin (build/third-party/, SpinS patched)
#                    once into out/ltsmin/; a second run does nothing
# make ltsmin-check  the checks make check runs: the build, the self-test
#                    of every back-end, the distributed tool under MPI,
#                    and the table of LTSmin's verdicts beside Spin's
# make scale-swarm   Spin's swarm at 3x3 on each mutant (a benchmark)
# make scale-bench   pan on one core and on two, timed (a benchmark)
# make scale-estimate LTSmin's growth and an estimate for 3x3

LTSMIN_DIR := $(OUT)/ltsmin
LTSMIN_SOURCES := $(wildcard build/third-party/ltsmin-* build/third-party/spins-* \
	build/third-party/ltl2ba-* build/third-party/sylvan-* build/third-party/lace-*) \
	build/ltsmin/ltsmin-build.sh $(wildcard build/ltsmin/patches/*.patch)

ltsmin: ## build LTSmin (build/third-party/, SpinS patched) once into out/ltsmin/
	@build/ltsmin/ltsmin-build.sh $(LTSMIN_DIR)
$(LTSMIN_DIR)/stamp: $(LTSMIN_SOURCES)
	@build/ltsmin/ltsmin-build.sh $(LTSMIN_DIR)

# Every {.check tool=ltsmin} run needs the build (the version file is
# what their rules depend on; its recipe is the pattern rule's).
$(OUT)/tool-version/ltsmin: $(LTSMIN_DIR)/stamp

# The chapter's LTSmin runs (rules.mk lists them among ALL_RUNS).
LTSMIN_RUNS = $(filter $(OUT)/runs/lt-%.out,$(ALL_RUNS))

ltsmin-check: ## LTSmin's checks: its build, the self-test of each back-end, MPI, the verdicts beside Spin's
	@build/harness/record.sh ltsmin-build -- build/ltsmin/ltsmin-build.sh $(LTSMIN_DIR)
	@build/harness/record.sh ltsmin-selftest -- build/ltsmin/ltsmin-selftest.py
	@build/harness/record.sh ltsmin-dist-mpi -- build/ltsmin/dist-check.py
	@$(if $(LTSMIN_RUNS),$(MAKE) --no-print-directory -s $(LTSMIN_RUNS) >/dev/null 2>&1 || true)
	@$(if $(LTSMIN_RUNS),build/harness/record.sh ltsmin-verdicts -- build/ltsmin/verdict-table.py)
	@$(MAKE) --no-print-directory -s scale-kept
.PHONY: ltsmin ltsmin-check

# Not yet in make check (LTSmin's build is slow on a loaded machine):
# make chapter-N of the chapter runs it.
SCALE_CHAPTER := $(shell ls chapters 2>/dev/null | sed -n 's/^ch0*\([0-9][0-9]*\)-scale\.md$$/\1/p')
$(foreach n,$(SCALE_CHAPTER),$(eval chapter-$(n)-checks: ltsmin-check))

# Benchmarks: figures, not checks (make check runs none of them).
SCALE_MUTANTS := earlyout incany loose noresum nowait onesum oneunlock swap twoslow wrap
scale-swarm: ## Spin's swarm (-swarm10,1) at 3x3 on each QRCU mutant: seconds to the first error (minutes; kept in chapters/runs/)
	@build/per-chapter/scale/swarm.py $(OUT)/scale/swarm.md $(foreach m,$(SCALE_MUTANTS),qrcu-$(m).spin)
	@cp $(OUT)/scale/swarm.md chapters/runs/scale-swarm.md
	@echo "scale-swarm: kept in chapters/runs/scale-swarm.md; write what ran into chapters/runs/scale-swarm.from"
# The book shows the kept outputs of the benchmarks.
scale-kept:
	@mkdir -p $(OUT)/scale && cp chapters/runs/scale-swarm.md $(OUT)/scale/swarm-kept.md && \
		cp chapters/runs/scale-bench.txt $(OUT)/scale/bench-kept.txt
scale-bench: ## pan on QRCU 2x2 with -DNCORE=1, 2 and -DBFS_PAR, timed over several runs (farm-bench)
	@build/per-chapter/scale/bench.sh $(OUT)/scale/bench
scale-estimate: $(LTSMIN_DIR)/stamp ## LTSmin's counts at the sizes it runs here, the growth, an estimate for 3x3
	@build/per-chapter/scale/estimate.py $(OUT)/scale/estimate.md
.PHONY: scale-swarm scale-kept scale-bench scale-estimate
