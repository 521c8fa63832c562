/*
 * <linux/rcupdate.h> for relacy.  qrcu.c uses RCU only so that
 * cleanup_qrcu_struct() may wait out the last waker; the test frees
 * nothing, so these are no-ops.
 */
#ifndef LKMM_LINUX_RCUPDATE_H
#define LKMM_LINUX_RCUPDATE_H
#include "lockdep.h"

#define rcu_read_lock()		do { } while (0)
#define rcu_read_unlock()	do { } while (0)
#define synchronize_rcu()	do { } while (0)

#endif
