# The slowpath waits for the old counter to drain to one instead of to
# zero: one reader may still be inside when it returns.
s/^\([\t ]*\)atomic_read(qp->ctr + idx) <= drained,$/\1atomic_read(qp->ctr + idx) <= 1,/
