# The slowpath waits until the two counters sum to one, the wait of
# chapter 9's (h) "two slowpaths at once" but under the one mutex (so
# not (h) itself): safe, but the last reader of the new counter wakes
# nobody.
s/^\([\t ]*\)atomic_read(qp->ctr + idx) <= drained,$/\1atomic_read(qp->ctr + 0) + atomic_read(qp->ctr + 1) <= 1,/
