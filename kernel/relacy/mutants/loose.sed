# The fastpath takes a sum of two for no reader: the kernel's
# busted_qrcu_loose flavour (chapter 10), its planted bug switched on.
s/qrcu_torture_bug(qp, QRCU_BUG_LOOSE)/true/
