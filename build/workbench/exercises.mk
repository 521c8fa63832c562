# build/workbench/exercises.mk: the exercises that grade themselves, for the
# top-level Makefile to include.  An exercise's statement and starting
# model are in its chapter, its demands in the chapter's {.grade} blocks
# and its reference solution in quizzes/chNN-exK.md; build/workbench/grade.py checks a
# file against the demands.  The solutions the answers keep are graded
# by make check as chapter checks (grade-NAME, written by build/pipeline/mkrules.py);
# this file adds make exercise-N, the check that every exercise is
# whole, and the check that none is answered before it is set
# (build/workbench/unspoiled.py, seen to fail on planted leaks by
# build/tests/unspoiled-selftest.sh).

.PHONY: exercises exercises-check

# Only reads the student's file: models/ is never rewritten here.
exercise-%: $(OUT)/rules.mk ## grade your models/exN-*.spin for exercise N, e.g. make exercise-1
	@[ -n "$$(echo '$*' | sed -n 's/^0*[1-9][0-9]*$$/x/p')" ] || { echo "make exercise-$*:" \
		"'$*' is not an exercise number; type make exercises for the list" >&2; exit 2; }
	@$(LOCKED) build/workbench/grade.py '$*'

# make exercise- (no number) would otherwise fall to make's built-in
# rules (and name a .o file): say what to type.
exercise-:
	@echo "make exercise-: give the exercise's number, e.g. make exercise-1; make exercises lists them" >&2; exit 2
.PHONY: exercise-

exercises: $(OUT)/rules.mk ## list the exercises: number, the file you edit, the chapter
	@build/workbench/grade.py --list

$(eval $(call KEPT_CHECK,exercises-complete,$(EXTRACT_STAMPS) $(BOOK_SOURCES) \
	$(call SHA,build/workbench/grade.py build/pipeline/format.tsv $(LIB)),build/workbench/grade.py --audit,exercises-complete))
$(eval $(call KEPT_CHECK,exercises-unspoiled,$(BOOK_SOURCES) $(call SHA,build/workbench/unspoiled.py $(LIB)),\
	build/workbench/unspoiled.py,exercises-unspoiled))
exercises-check: exercises-complete exercises-unspoiled exercises-unspoiled-selftest
exercises-unspoiled-selftest:
	@build/harness/record.sh exercises-unspoiled-selftest -- build/harness/cached.sh unspoiled-selftest \
		build/workbench/unspoiled.py build/tests/caselib.sh build/tests/unspoiled-selftest.sh \
		build/lib/bookorder.py $(CHAPTERS) $(QUIZZES) models -- build/tests/unspoiled-selftest.sh

.PHONY: exercises-unspoiled-selftest
CHAPTER_CHECKS += exercises-check
