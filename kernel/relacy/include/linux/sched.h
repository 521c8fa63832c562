/* <linux/sched.h> for relacy: task states, might_sleep(), cpu_relax(). */
#ifndef LKMM_LINUX_SCHED_H
#define LKMM_LINUX_SCHED_H
#include "../lkmm-relacy.h"

#define TASK_RUNNING		0
#define TASK_UNINTERRUPTIBLE	2

#define might_sleep()		do { } while (0)
/* A spinning thread tells relacy's fair schedulers to run another. */
#define cpu_relax()		(lkmm_count.retries++, rl::yield(1, $))

#endif
