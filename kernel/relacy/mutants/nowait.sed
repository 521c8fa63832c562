# A flip does not wait for the old counter to drain: the kernel's
# busted_qrcu_nowait flavour (chapter 10), its planted bug switched on.
s/qrcu_torture_bug(qp, QRCU_BUG_NOWAIT)/true/
