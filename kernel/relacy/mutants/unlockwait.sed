# The slowpath releases the mutex before its wait, so that a second
# waiter may take the first one's place: the kernel's
# busted_qrcu_unlockwait flavour (chapter 10), its planted bug switched
# on.
s/qrcu_torture_bug(qp, QRCU_BUG_UNLOCKWAIT)/true/
