# build/serve/serve.mk: make serve, the book with a workbench in its
# pages (build/serve/README.md), and its checks, for the top-level
# Makefile to include.  Only what is typed on make's command line counts.
sv = $(if $(filter command line,$(origin $(1))),$(2))
SERVE_FLAGS = $(call sv,PORT,--port '$(PORT)') $(if $(filter 1,$(call sv,ALLOW_C_CODE,1)),--allow-c) \
	$(call sv,TIME,--time '$(TIME)') $(call sv,MEMLIM,--memlim '$(MEMLIM)') \
	$(call sv,OUTPUT_MB,--output-mb '$(OUTPUT_MB)') $(call sv,SERVE_JOBS,--jobs '$(SERVE_JOBS)')
.PHONY: serve check-serve check-serve-browser

serve: $(OUT)/rules.mk ## the book with a workbench in its pages, on 127.0.0.1: PORT=, ALLOW_C_CODE=1, TIME=60, MEMLIM=1024 (a search's limits)
	@$(MAKE) --no-print-directory book
	@build/serve/serve.py --watch $(SERVE_FLAGS)

SERVE_TOOLS := $(wildcard build/serve/*.py build/serve/*.js build/serve/*.css) build/tests/serve-check.py
# The server driven through its API with a reader's models and hostile
# ones; every guard removed in turn from a copy and its case seen to fail.
# The API check is kept while the server, the workbench it runs, the
# book's tools it borrows, the models and the extracted chapters (the
# exercises it grades) and the tools' versions are unchanged.
check-serve:
	@build/harness/record.sh serve-api -- build/harness/cached.sh serve-api \
		-v 'spin -V; bwrap --version; gcc --version; dpkg-query -W python3-aiohttp' \
		build/serve $(SERVE_TOOLS) build/workbench build/book chapters/book.tsv $(LIB) models $(OUT)/extract \
		-- build/tests/serve-check.py
	@build/harness/record.sh serve-selftest -- build/harness/cached.sh serve-selftest -v 'spin -V; bwrap --version' \
		$(SERVE_TOOLS) build/tests/serve-selftest.py build/workbench $(LIB) models -- build/tests/serve-selftest.py
CHAPTER_CHECKS += check-serve

# The page's workbench in Chromium, and its self-test (make check runs
# them once the book is made, beside its other page checks, BOOK_PAGE_CHECKS);
# kept, as its self-test, while the pages, the server, the workbench, the
# models and the tools' versions are unchanged.
check-serve-browser: check-serve-in-browser check-serve-browser-selftest
check-serve-in-browser:
	@build/harness/record.sh serve-in-browser -- build/harness/cached.sh serve-in-browser \
		-v '$(CHROMIUM_VERSION); spin -V; bwrap --version' build/serve $(SERVE_TOOLS) build/tests/serve-browser.py \
		build/workbench $(LIB) models $(OUT)/book $(OUT)/extract -- build/tests/serve-browser.py
check-serve-browser-selftest:
	@build/harness/record.sh serve-browser-selftest -- build/harness/cached.sh serve-browser-selftest \
		-v '$(CHROMIUM_VERSION)' $(SERVE_TOOLS) build/tests/serve-browser.py build/tests/serve-selftest.py \
		$(OUT)/book/ch02-increment.html -- build/tests/serve-selftest.py --browser
.PHONY: check-serve-in-browser check-serve-browser-selftest
BOOK_PAGE_CHECKS += check-serve-in-browser check-serve-browser-selftest
