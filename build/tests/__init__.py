"""The tools' own tests and their shared helpers (build/tests/README.md)."""
