# kernel/relacy.mk: the series' own kernel/rcu/qrcu.c checked by relacy
# (chapter 12), for the top-level Makefile to include.
#
# kernel/relacy/checks lists the checks, one a row: what runs (mutant,
# readers, updaters, scheduler, bound, data) and what relacy must report
# (result, iteration, function, path counts).  Each row is a make target,
# relacy-run-NAME, filed by build/harness/record.sh as relacy-NAME, so
# that make -j runs them side by side.  All of them run one program,
# compiled first by relacy-build (filed as relacy-build) from the
# series' patch, the shim headers, the test and the mutants; it is not
# compiled again while the hash of those, the flags and the g++ and
# relacy versions is unchanged, and a check is not run again while the
# program and its row's parameters are (kernel/bin/relacy-check.sh keeps
# both stamps under $(OUT)/relacy/).  relacy-table (filed as
# relacy-table) writes the tables chapter 12 shows; relacy-check runs
# it all and fails if any part did.  Everything goes to $(OUT)/relacy/.

RELACY := kernel/bin/relacy-check.sh
RELACY_LIST := kernel/relacy/checks
RELACY_RECORD := build/harness/record.sh
# A list that cannot be read leaves no checks here; relacy-build then
# fails, naming the row and what to write.
# (Read once per make check: a make started by another, MAKELEVEL above
# 0, takes the list from its environment, exported here.)
ifneq ($(if $(filter 0,$(MAKELEVEL)),,$(origin RELACY_NAMES)),environment)
RELACY_NAMES := $(shell $(RELACY) list 2>/dev/null)
endif
export RELACY_NAMES
RELACY_RUNS := $(addprefix relacy-run-,$(RELACY_NAMES))
RELACY_RESULTS := relacy-selftest relacy-build $(addprefix relacy-,$(RELACY_NAMES)) relacy-table

.PHONY: relacy-check relacy-selftest relacy-build relacy-table relacy-bless $(RELACY_RUNS)

# The comparison and the reading of the list, each seen to fail on a
# broken input (a stand-in for the program; no compile).  Run again only
# when one of the two scripts changes.
relacy-selftest:
	-@$(RELACY_RECORD) relacy-selftest -- build/harness/cached.sh relacy-selftest \
		$(RELACY) kernel/tests/relacy-selftest.sh -- kernel/tests/relacy-selftest.sh

# Each step files its verdict and lets the next go on (-), so a failed
# compile fails every check, each saying why, and the table still shows
# what the checks that ran reported.  relacy-check judges the verdicts.
# The build is kept (build/harness/cached.sh) while the series, the
# shim, the test, the mutants, the list, the script and the compiler's
# and relacy's versions are unchanged, and the program it made is there.
relacy-build:
	-@$(RELACY_RECORD) relacy-build -- build/harness/cached.sh relacy-build $(RELACY) kernel/patches kernel/relacy \
		-v 'printenv CXX RELACY_CHECKS RELACY_MUTANTS; $${CXX:-g++} --version; dpkg-query -W relacy-dev' \
		-o $(OUT)/relacy/qrcu-test -o $(OUT)/relacy/build.sum -- $(RELACY) build

# A check's pass is kept as runs/NAME.pass, newer than the program's
# build.sum (rewritten only by a compile) and than the content stamps
# of the list and the script: a make that changed nothing copies it
# (one install, no script); a failure keeps nothing, so it runs again.
RELACY_KEPT = $(OUT)/relacy/runs/$(1).pass
$(RELACY_RUNS): relacy-run-%: relacy-build $(call SHA,$(RELACY_LIST) $(RELACY))
	-@p=$(call RELACY_KEPT,$*); if [ -f $$p ] && [ -f $(OUT)/relacy/build.sum ] && [ $$p -nt $(OUT)/relacy/build.sum ] && \
		[ $$p -nt $(OUT)/sha/$(RELACY_LIST) ] && [ $$p -nt $(OUT)/sha/$(RELACY) ]; then \
		install -D -m 644 $$p $(OUT)/results/relacy-$*.pass; \
	else rm -f $$p; $(RELACY_RECORD) relacy-$* -- $(RELACY) run $* && cp $(OUT)/results/relacy-$*.pass $$p; fi

# The tables are kept (build/harness/cached.sh) while the runs' files,
# the list, the mutants, the script and relacy's headers are unchanged;
# a table deleted or edited is made again.
RELACY_HEADERS = $${RELACY_INCLUDE:-/usr/include/relacy}
relacy-table: $(RELACY_RUNS)
	-@$(RELACY_RECORD) relacy-table -- build/harness/cached.sh relacy-table $(RELACY) kernel/relacy \
		$(OUT)/relacy/runs $(OUT)/relacy/versions $(OUT)/relacy/flags $(OUT)/relacy/compile-ms \
		-v 'printenv RELACY_INCLUDE RELACY_MUTANTS RELACY_CHECKS; cat $(RELACY_HEADERS)/defs.hpp $(RELACY_HEADERS)/thread.hpp | sha256sum' \
		$(foreach t,rows bounds.md results.md paths.md mutants.md,-o $(OUT)/relacy/$(t)) -- $(RELACY) table

relacy-check: relacy-selftest relacy-table ## chapter 12: compile the series' qrcu.c under relacy, run every check of kernel/relacy/checks, write the tables
	@failed=; for n in $(RELACY_RESULTS); do \
		[ -f $(OUT)/results/$$n.pass ] || failed="$$failed $$n"; \
	done; \
	if [ -n "$$failed" ]; then echo "relacy-check: failed:$$failed (their logs: $(OUT)/results/)"; exit 1; fi; \
	echo "relacy-check: all $(words $(RELACY_NAMES)) relacy checks passed; tables in $(OUT)/relacy/"

# After a deliberate change: the rows' expected fields from the last runs.
relacy-bless: ## write what the last relacy runs reported into kernel/relacy/checks (NAME=check... or NAME=all)
	@[ -n '$(NAME)' ] || { echo "make relacy-bless: say which checks, NAME=check... or NAME=all" >&2; exit 2; }
	@$(RELACY) bless $(NAME)

# make chapter-N, for the chapter of this name (whatever its number),
# runs them, and make check through it (or beside the models, when no
# chapter is relacy's: named twice, make says it has nothing to do).
RELACY_CHAPTER := $(patsubst 0%,%,$(patsubst chapters/ch%-relacy.md,%,$(wildcard chapters/ch*-relacy.md)))
$(foreach n,$(RELACY_CHAPTER),$(eval chapter-$(n)-checks: relacy-check))
CHAPTER_CHECKS += $(if $(RELACY_CHAPTER),,relacy-check)
