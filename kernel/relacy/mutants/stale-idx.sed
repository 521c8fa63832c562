# The slowpath reads ->completed (with READ_ONCE()) before taking the
# mutex, and so may test and flip with the index of a flip that another
# updater has made meanwhile.
/^\tmutex_lock(&qp->mutex);$/i\
\tidx = READ_ONCE(qp->completed) & 0x1;
/^\tidx = qp->completed & 0x1;$/d
