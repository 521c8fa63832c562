# The slowpath waits for the old counter to drain to one instead of to
# zero: one reader may still be inside when it returns.
s/rcuwait_wait_event(&qp->wait, !atomic_read(qp->ctr + idx),/rcuwait_wait_event(\&qp->wait, atomic_read(qp->ctr + idx) <= 1,/
