# A flip decrements the old counter before it increments the new one:
# the kernel's busted_qrcu_swap flavour (chapter 10), its planted bug
# switched on.
s/qrcu_torture_bug(qp, QRCU_BUG_SWAP)/true/
