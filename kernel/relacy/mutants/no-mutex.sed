# The slowpath's mutex taken out: two updaters may test, flip and wait
# on the counters at the same time.  Where mutex_lock() was, the
# slowpath is still counted, as the shim's mutex_lock() counts it, so
# that the path counts keep their meaning.
s/^\tmutex_lock(&qp->mutex);$/\tlkmm_count.mutex_locks++;/
/^\tmutex_unlock(&qp->mutex);$/d
