# The flip's barrier moved after the decrement of the old counter: the
# flip still has a full barrier, but not between the increment and the
# decrement, which is where the fastpath needs it.
/^\tsmp_mb__after_atomic();$/d
/^\tif (!qrcu_torture_bug(qp, QRCU_BUG_SWAP))$/{
n
s/^\t\tatomic_dec(qp->ctr + idx);$/&\n\tsmp_mb__after_atomic();/
}
