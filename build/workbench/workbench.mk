# The reader's workbench: run Spin on any model (make verify), simulate it
# at random, step by step or along a trail, and list the models.
#
# A variable counts only when given on make's command line: CFLAGS, DEFS
# or RUNFLAGS set in the shell's environment (for some other program)
# never reach a run; make says it ignored them.
WB_VARS := MODEL DEFS CFLAGS RUNFLAGS CORES BFSPAR LTL FAIR NP FORMULA SEED STEPS SIMFLAGS RUN TRAILFLAGS PROC TRAIL
wb = $(if $(filter command line,$(origin $(1))),$(value $(1)))
# Each value reaches the tool as WB_NAME in its environment, as typed:
# never through the shell, so that a path with a space, $ or a quote
# works (the tools' --env).
WB_GOALS := verify simulate replay interactive automaton
$(foreach v,$(WB_VARS),$(eval $(WB_GOALS): export WB_$(v) = $$(call wb,$(v))))
WB_IGNORED = $(strip $(foreach v,$(WB_VARS),$(if $(filter environment%,$(origin $(v))),$(v))))
WB_NOTE = $(if $(WB_IGNORED),echo "make $@: ignored $(WB_IGNORED) from your environment;" \
	"give what the run needs on the command line (make $@ $(firstword $(WB_IGNORED))=...)" >&2;)
# None of these needs the rules of the chapters' runs (out/rules.mk): a
# make verify beside a make that rewrites them neither waits nor reads
# them half made.
NO_RULES_GOALS += verify simulate replay interactive list
.PHONY: verify simulate replay interactive list models-index check-models-index

verify: $(OUT)/deps.stamp ## run Spin on MODEL=path; DEFS=-DX=3 CFLAGS=-DCOLLAPSE RUNFLAGS=-m100000 add to the defaults; LTL=name or FORMULA='[] <> (x == 0)' [FAIR=1], NP=1: liveness; CORES=2: pan's multi-core safety search (-DNCORE=2); BFSPAR=1: its parallel breadth-first one (-DBFS_PAR, on CORES= cores)
	@$(WB_NOTE) build/workbench/verify.py --env

simulate: $(OUT)/deps.stamp ## one random run of MODEL=path: SEED=n (else one is chosen and printed), STEPS=1000, SIMFLAGS=-g...
	@$(WB_NOTE) build/workbench/simulate.py random --env

replay: $(OUT)/deps.stamp ## replay the trail of make verify MODEL=path, or of a chapter's RUN=id, with values (spin -t -p -g -l -s -r)
	@$(WB_NOTE) build/workbench/simulate.py replay --env

interactive: $(OUT)/deps.stamp ## simulate MODEL=path choosing each step yourself (spin -i)
	@$(WB_NOTE) build/workbench/simulate.py interactive --env

list: $(EXTRACT_STAMPS) ## every model: the chapter that defines it, what it is derived from, its -D parameters
	@build/workbench/model-index.py --list

models-index: $(EXTRACT_STAMPS) ## write models/README.md, the index of the models (make check compares it)
	@build/workbench/model-index.py --write

$(eval $(call KEPT_CHECK,models-index,$(EXTRACT_STAMPS) $(BOOK_SOURCES) $(call SHA,build/workbench/model-index.py $(LIB)),\
	build/workbench/model-index.py --check,check-models-index))

# The trail's page (build/workbench/trail-view.py) shows the locals of
# PROC=name or pid (default: the process of the last step); make
# interactive TRAIL=1 starts along the trail of make verify MODEL=...

# The state machines of a model's processes, drawn by Graphviz.
NO_RULES_GOALS += automaton
.PHONY: automaton check-views
automaton: $(OUT)/deps.stamp ## draw the state machines of MODEL=path's processes (PROC=name: one of them) as SVG, from pan -d
	@$(WB_NOTE) build/workbench/automaton.py --env

# The views a chapter shows ({.generated src=out/views/...} blocks): a
# process's state machine (automaton.MODEL.PROC.md) and a run's unreached
# code (unreached.RUNID.md).  make book makes them with the runs.
VIEW_TOOLS := $(call SHA,build/workbench/viewpage.py $(LIB))
$(OUT)/views/automaton.%.md: $(call SHA,build/workbench/automaton.py) $(VIEW_TOOLS) $(wildcard models/*.spin models/*.h)
	@build/workbench/automaton.py --md $@
$(OUT)/views/unreached.%.md: $(RUNS_DIR)/%.out $(call SHA,build/workbench/unreached.py) $(VIEW_TOOLS)
	@build/workbench/unreached.py --md $@
ALL_RUNS += $(filter $(OUT)/views/%,$(BOOK_GENERATED))

# The reader's views (trail, state machines, unreached code) on the
# book's models, each seen to fail on a broken tool, and their pages in
# Chromium at both widths (build/tests/views-selftest.sh).
check-views:
	@build/harness/record.sh views-selftest -- build/harness/cached.sh views-selftest -v 'spin -V; dot -V 2>&1; $(CHROMIUM_VERSION)' \
		build/workbench/trail-view.py build/workbench/automaton.py build/workbench/unreached.py \
		build/workbench/viewpage.py build/workbench/verify.py build/workbench/simulate.py build/workbench/interactive-trail.py \
		build/book/trail-timeline.py build/book/book.css build/tests/browser-check.py build/tests/caselib.sh \
		models/increment.spin models/loop-forever.spin models/lock-live.spin models/lock.h $(LIB) \
		build/tests/views-check.py build/tests/views-selftest.sh -- build/tests/views-selftest.sh
CHAPTER_CHECKS += check-views

# The workbench held to Spin: each defect it once had, a case of
# build/tests/workbench-selftest.py (seen to fail on the tools before
# their fix: --root TREE), and each run of the corpus of models of the
# field's shapes (build/tests/fixtures/corpus/) through verify, simulate,
# replay, automaton and interactive TRAIL=1 compared with plain Spin
# (build/tests/corpus-check.py), one check per run.
.PHONY: check-workbench
WORKBENCH_INPUTS = Makefile build/workbench build/lib build/book/trail-timeline.py build/tests/fixtures/corpus
check-workbench:
	@build/harness/record.sh workbench-selftest -- build/harness/cached.sh workbench-selftest -v 'spin -V; gcc --version' \
		$(WORKBENCH_INPUTS) build/tests/workbench-selftest.py -- build/tests/workbench-selftest.py
# The inputs' digest, made once per make (its content, and so its time,
# changes only when an input's content or a tool's version does); each
# corpus run's pass is kept as $(OUT)/corpus/N.pass, newer than it and
# than corpus-check.py's content stamp: a make that changed nothing
# copies the pass; a failure keeps nothing, so it runs again.
$(OUT)/workbench-inputs.sum: FORCE
	@build/harness/digest.sh $@ -v 'spin -V; gcc --version' $(WORKBENCH_INPUTS)
# Asked once per make check: a make started by another (MAKELEVEL above
# 0) takes the list from its environment, exported here.
ifneq ($(if $(filter 0,$(MAKELEVEL)),,$(origin CORPUS_RUNS)),environment)
CORPUS_RUNS := $(shell $(PYTHON_ENV) build/tests/corpus-check.py --list 2>/dev/null)
endif
export CORPUS_RUNS
.PRECIOUS: $(OUT)/corpus/%.pass
$(OUT)/corpus/%.pass: $(OUT)/workbench-inputs.sum $(call SHA,build/tests/corpus-check.py)
	@rm -f $@
	@build/harness/record.sh corpus-$* -- build/tests/corpus-check.py $*
	@mkdir -p $(@D) && cp $(OUT)/results/corpus-$*.pass $@
$(addprefix corpus-run-,$(CORPUS_RUNS)): corpus-run-%: $(OUT)/corpus/%.pass | $(OUT)/results
	@$(call FILE_PASS,$<,corpus-$*)
.PHONY: check-corpus $(addprefix corpus-run-,$(CORPUS_RUNS))
check-corpus: $(addprefix corpus-run-,$(CORPUS_RUNS))
CHAPTER_CHECKS += check-workbench $(addprefix corpus-run-,$(CORPUS_RUNS))
# corpus-check seen to fail on broken copies of the tools.
.PHONY: check-corpus-selftest
check-corpus-selftest:
	@build/harness/record.sh corpus-selftest -- build/harness/cached.sh corpus-selftest -v 'spin -V; gcc --version' \
		$(WORKBENCH_INPUTS) build/tests/corpus-check.py build/tests/caselib.sh build/tests/corpus-selftest.sh \
		-- build/tests/corpus-selftest.sh
CHAPTER_CHECKS += check-corpus-selftest
