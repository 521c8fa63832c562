/*
 * <linux/lockdep.h> for relacy, as the kernel without
 * CONFIG_DEBUG_LOCK_ALLOC: the annotations vanish with their arguments.
 */
#ifndef LKMM_LINUX_LOCKDEP_H
#define LKMM_LINUX_LOCKDEP_H

#define rcu_lock_acquire(map)		do { } while (0)
#define rcu_lock_release(map)		do { } while (0)
#define lock_map_acquire_read(map)	do { } while (0)
#define lock_map_release(map)		do { } while (0)
#define lock_map_sync(map)		do { } while (0)
#define RCU_LOCKDEP_WARN(c, s)		do { } while (0)

#endif
