"""The library the Python tools share (build/lib/README.md)."""
