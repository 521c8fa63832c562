"""The kernel leg (kernel/README.md); its Python tools are in kernel/bin/."""
