# build/per-chapter/shrinking-qrcu/qrcu-big.mk: the long runs of chapter 8 (shrinking QRCU), for the
# top-level Makefile to include.  The sweep-ID-full targets come from the
# chapter, through $(OUT)/rules.mk; rows marked "full" in its tables run
# only here.  Each run keeps to the memory and time budgets its table
# gives, under the ceilings MEMLIM and TIME: raise those to the table's
# (e.g. make qrcu-big MEMLIM=14000 TIME=1800; a run stopped by a ceiling
# names the value).  Run them one at a time (make -j1), on a machine with
# the memory free.  Each report is kept in chapters/runs/ with what
# produced it (ID.from); commit both.

.PHONY: qrcu-big qrcu-crosscheck-full

qrcu-big: sweep-qrcu-big-full ## chapter 8's largest runs of the reduced QRCU model (3x4 and beyond)

qrcu-crosscheck-full: sweep-shrink-r0-full sweep-shrink-r1-full sweep-shrink-r2-full sweep-shrink-r3-full ## chapter 8's step table rows too big for make chapter-8 (original 3x2: ~10 GB)
