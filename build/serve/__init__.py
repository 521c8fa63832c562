"""make serve: the book with a workbench in its pages (build/serve/README.md)."""
