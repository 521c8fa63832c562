/*
 * <linux/mutex.h> for relacy: relacy's mutex, whose lock is an acquire
 * and whose unlock a release, as LKMM treats a sleeping lock.
 */
#ifndef LKMM_LINUX_MUTEX_H
#define LKMM_LINUX_MUTEX_H
#include "../lkmm-relacy.h"

struct mutex {
	rl::mutex m;
	int held;	/* for mutex_is_locked(): the watcher's view */
};

static inline void lkmm_mutex_lock(struct mutex *lock, rl::debug_info_param info)
{
	lkmm_count.mutex_locks++;
	lock->m.lock(info);
	lock->held = 1;
}

static inline void lkmm_mutex_unlock(struct mutex *lock, rl::debug_info_param info)
{
	lock->held = 0;
	lock->m.unlock(info);
}

#define mutex_init(lock)	((lock)->held = 0)
#define mutex_lock(lock)	lkmm_mutex_lock((lock), $)
#define mutex_unlock(lock)	lkmm_mutex_unlock((lock), $)
#define mutex_is_locked(lock)	((lock)->held != 0)
#define mutex_destroy(lock)	do { } while (0)

#endif
