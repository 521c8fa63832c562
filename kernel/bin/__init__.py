"""The kernel leg's tools (kernel/README.md)."""
