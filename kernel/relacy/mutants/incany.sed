# qrcu_read_lock() increments the counter it read ->completed for even
# when that counter has drained to zero (atomic_inc() in place of
# atomic_inc_not_zero()).
s/^\t\tif (likely(atomic_inc_not_zero(qp->ctr + idx)))$/\t\tif (atomic_inc(qp->ctr + idx), 1)/
