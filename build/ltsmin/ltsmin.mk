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
	build/ltsmin/ltsmin-build.sh build/lib/archive.sh $(wildcard build/ltsmin/patches/*.patch)

ltsmin: ## build LTSmin (build/third-party/, SpinS patched) once into out/ltsmin/
	@build/ltsmin/ltsmin-build.sh $(LTSMIN_DIR)
# In make check the build is a counted check of its own, ltsmin-build:
# the make that builds it files its verdict and keeps its pass; a later
# make files the kept pass (or, the build made by make ltsmin, asks the
# build script, which finds it built, once).
LTSMIN_KEPT := $(OUT)/kept/ltsmin-build.pass
$(LTSMIN_DIR)/stamp: $(LTSMIN_SOURCES)
	@rm -f $(LTSMIN_KEPT)
	@build/harness/record.sh ltsmin-build -- build/ltsmin/ltsmin-build.sh $(LTSMIN_DIR)
	@mkdir -p $(dir $(LTSMIN_KEPT)) && cp $(OUT)/results/ltsmin-build.pass $(LTSMIN_KEPT)
ltsmin-build: $(LTSMIN_DIR)/stamp | $(OUT)/results
	$(if $(wildcard $(LTSMIN_KEPT)),@$(call FILE_PASS,$(LTSMIN_KEPT),ltsmin-build),@build/harness/record.sh \
		ltsmin-build -- build/ltsmin/ltsmin-build.sh $(LTSMIN_DIR) && mkdir -p $(dir $(LTSMIN_KEPT)) && \
		cp $(OUT)/results/ltsmin-build.pass $(LTSMIN_KEPT))

# Every {.check tool=ltsmin} run needs the build (the version file is
# what their rules depend on; its recipe is the pattern rule's).
$(OUT)/tool-version/ltsmin: $(LTSMIN_DIR)/stamp

# The chapter's LTSmin runs (rules.mk lists them among ALL_RUNS; make
# check runs each as check-run-ID).
LTSMIN_RUNS = $(filter $(RUNS_DIR)/lt-%.out,$(ALL_RUNS))

ltsmin-check: ltsmin-build ltsmin-selftest ltsmin-dist-mpi ltsmin-verdicts scale-kept ## LTSmin's checks: the self-test of each back-end, MPI, the verdicts beside Spin's
# Each is kept (build/harness/cached.sh) while what it reads is
# unchanged: the build (its stamp holds the archives' and patches'
# sums), the adapter, the library, the models, its own script, and the
# compilers' and MPI's versions.
LTSMIN_CACHED = build/harness/cached.sh $(1) $(LTSMIN_DIR)/stamp build/checkers $(LIB) models $(2) \
	-v 'gcc --version; mpirun --version' --
ltsmin-selftest: $(LTSMIN_DIR)/stamp
	@build/harness/record.sh ltsmin-selftest -- $(call LTSMIN_CACHED,ltsmin-selftest,build/tests/ltsmin-selftest.py) \
		build/tests/ltsmin-selftest.py
ltsmin-dist-mpi: $(LTSMIN_DIR)/stamp
	@build/harness/record.sh ltsmin-dist-mpi -- $(call LTSMIN_CACHED,ltsmin-dist-mpi,build/ltsmin/dist-check.py) \
		build/ltsmin/dist-check.py
# The table is made from the runs' reports, in the same make (never a
# second make of the same runs beside the chapter's checks).
# Spin's verdicts are searches of their own (a minute in all): the
# table is kept while the runs' reports, the chapters' blocks, the
# models and the tools are unchanged (-o: a table deleted is made again).
ltsmin-verdicts: $(LTSMIN_RUNS)
	@build/harness/record.sh ltsmin-verdicts -- build/harness/cached.sh ltsmin-verdicts $(LTSMIN_RUNS) $(OUT)/extract \
		build/ltsmin/verdict-table.py build/checkers $(LIB) models -v 'spin -V; gcc --version' \
		-o $(OUT)/scale/verdicts.md -- build/ltsmin/verdict-table.py
.PHONY: ltsmin ltsmin-build ltsmin-check ltsmin-selftest ltsmin-dist-mpi ltsmin-verdicts

# make check runs them with the chapter's checks (make chapter-N too).
SCALE_CHAPTER := $(patsubst 0%,%,$(patsubst chapters/ch%-scale.md,%,$(wildcard chapters/ch*-scale.md)))
$(foreach n,$(SCALE_CHAPTER),$(eval chapter-$(n)-checks: ltsmin-check))

# Benchmarks: figures, not checks (make check runs none of them).
SCALE_MUTANTS := earlyout incany loose noresum nowait onesum oneunlock swap twoslow wrap
scale-swarm: ## Spin's swarm (-swarm10,1) at 3x3 on each QRCU mutant: seconds to the first error (minutes; kept in chapters/runs/)
	@build/per-chapter/scale/swarm.py $(OUT)/scale/swarm.md $(foreach m,$(SCALE_MUTANTS),qrcu-$(m).spin)
	@cp $(OUT)/scale/swarm.md chapters/runs/scale-swarm.md
	@echo "scale-swarm: kept in chapters/runs/scale-swarm.md; write what ran into chapters/runs/scale-swarm.from"
# The book shows the kept outputs of the benchmarks (chapters/runs/,
# each with a .from saying what ran), and the table of verdicts.
SCALE_KEPT := $(OUT)/scale/swarm-kept.md $(OUT)/scale/bench-kept.txt $(OUT)/scale/estimate-kept.md \
	$(OUT)/scale/unpatched-kept.txt
scale-kept: $(SCALE_KEPT)
$(OUT)/scale/swarm-kept.md: chapters/runs/scale-swarm.md
	@mkdir -p $(@D) && cp $< $@
$(OUT)/scale/bench-kept.txt: chapters/runs/scale-bench.txt
	@mkdir -p $(@D) && cp $< $@
$(OUT)/scale/estimate-kept.md: chapters/runs/scale-estimate.md
	@mkdir -p $(@D) && cp $< $@
$(OUT)/scale/unpatched-kept.txt: chapters/runs/ltsmin-unpatched-selftest.out chapters/runs/ltsmin-unpatched-selftest.from
	@mkdir -p $(@D) && { cat $<; echo; echo "What ran (chapters/runs/ltsmin-unpatched-selftest.from):"; cat $(word 2,$^); } >$@
$(OUT)/scale/verdicts.md: $(LTSMIN_RUNS)
	@build/ltsmin/verdict-table.py $@ >/dev/null
scale-bench: ## pan on QRCU 2x2 with -DNCORE=1, 2 and -DBFS_PAR, timed over several runs (farm-bench)
	@build/per-chapter/scale/bench.sh $(OUT)/scale/bench
scale-estimate: $(LTSMIN_DIR)/stamp ## LTSmin's counts at the sizes it runs here, the growth, an estimate for 3x3 (kept in chapters/runs/)
	@build/per-chapter/scale/estimate.py $(OUT)/scale/estimate.md
	@cp $(OUT)/scale/estimate.md chapters/runs/scale-estimate.md
	@echo "scale-estimate: kept in chapters/runs/scale-estimate.md; write what ran into chapters/runs/scale-estimate.from"
.PHONY: scale-swarm scale-kept scale-bench scale-estimate
