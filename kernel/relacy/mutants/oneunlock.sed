# The slowpath waits for the first reader of the old counter to leave,
# not the last (chapter 9's Promela mutant (j)): it notes the counter
# after the flip and stops when the counter falls below that.
s/^\([\t ]*\)if (!qrcu_torture_bug(qp, QRCU_BUG_NOWAIT))$/\1drained = atomic_read(qp->ctr + idx);\n\1if (drained)\n\1\tdrained--;\n&/
