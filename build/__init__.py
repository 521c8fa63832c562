"""The build: the tools that make the book and its checks (build/README.md).
Each room below is a package, imported from the project's top (PYTHONPATH,
set by build/lib/defaults.mk)."""
