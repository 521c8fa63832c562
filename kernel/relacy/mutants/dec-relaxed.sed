# qrcu_read_unlock() decrements with a void atomic_dec() and tests for
# zero with a separate atomic_read(), in place of the fully ordered
# atomic_dec_and_test(): the reader's accesses may then be performed
# after the decrement that lets the updater go.
s/^\tif (atomic_dec_and_test(qp->ctr + idx))$/\tatomic_dec(qp->ctr + idx);\n\tif (atomic_read(qp->ctr + idx) == 0)/
