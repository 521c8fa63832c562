# The slowpath's early exit tested before the mutex is taken instead of
# under it.
/^\t\/\* Slowpath: flip the counters, one updater at a time\. \*\/$/a\
\tif (atomic_read(qp->ctr + (READ_ONCE(qp->completed) & 0x1)) == 1)\
\t\tgoto out;
/^\tif (atomic_read(qp->ctr + idx) == 1) {$/,/^\t}$/d
