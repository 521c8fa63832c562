# The slowpath waits until the two counters sum to one (chapter 9's
# "two slowpaths at once", with the one mutex kept): safe, but the
# last reader of the new counter wakes nobody.
s/^\([\t ]*\)atomic_read(qp->ctr + idx) <= drained,$/\1atomic_read(qp->ctr + 0) + atomic_read(qp->ctr + 1) <= 1,/
