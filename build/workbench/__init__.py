"""The reader's own runs (build/workbench/README.md)."""
