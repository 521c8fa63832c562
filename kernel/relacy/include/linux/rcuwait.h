/*
 * <linux/rcuwait.h> for relacy.  One task at most waits (qrcu.c's mutex
 * holder), so the rcuwait holds that task's state as well.  The waiter
 * publishes itself in ->task, then, as the kernel's loop does, sets its
 * state with a full barrier (set_current_state()) before testing the
 * condition, and blocks in schedule() until a waker has set it running.
 * The waker's full barrier and load of ->task (rcuwait_wake_up()) pair
 * with that barrier, so one of the two sees the other.  The wakeup
 * itself, as try_to_wake_up() under ->pi_lock, is a relacy mutex and
 * condition variable: a waiter that did block is ordered after its
 * waker; one that found the condition true at once is not.
 */
#ifndef LKMM_LINUX_RCUWAIT_H
#define LKMM_LINUX_RCUWAIT_H
#include "../lkmm-relacy.h"
#include "sched.h"

struct rcuwait {
	rl::atomic<int> task;	/* 1 while a task waits */
	rl::atomic<int> state;	/* that task's state */
	rl::mutex pi_lock;
	rl::condition_variable cv;
};

static inline void lkmm_rcuwait_init(struct rcuwait *w, rl::debug_info_param info)
{
	w->task.store(0, rl::mo_relaxed, info);
	w->state.store(TASK_RUNNING, rl::mo_relaxed, info);
}

/* prepare_to_rcuwait(): rcu_assign_pointer(w->task, current). */
static inline void lkmm_prepare_to_rcuwait(struct rcuwait *w, rl::debug_info_param info)
{
	w->task.store(1, rl::mo_release, info);
}

/* set_current_state(): a store of the state, then smp_mb(). */
static inline void lkmm_set_current_state(struct rcuwait *w, int state,
					  rl::debug_info_param info)
{
	w->state.store(state, rl::mo_relaxed, info);
	lkmm_fence_mb(info);
}

/* schedule(): block while the state is not TASK_RUNNING. */
static inline void lkmm_schedule(struct rcuwait *w, rl::debug_info_param info)
{
	w->pi_lock.lock(info);
	if (w->state.load(rl::mo_relaxed, info) != TASK_RUNNING)
		lkmm_count.sleeps++;
	while (w->state.load(rl::mo_relaxed, info) != TASK_RUNNING)
		w->cv.wait(w->pi_lock, info);
	w->pi_lock.unlock(info);
}

/* finish_rcuwait(): clear ->task, __set_current_state(TASK_RUNNING). */
static inline void lkmm_finish_rcuwait(struct rcuwait *w, rl::debug_info_param info)
{
	w->task.store(0, rl::mo_release, info);
	w->state.store(TASK_RUNNING, rl::mo_relaxed, info);
}

/* rcuwait_wake_up(): smp_mb(), load ->task, wake_up_process(). */
static inline int lkmm_rcuwait_wake_up(struct rcuwait *w, rl::debug_info_param info)
{
	int woke = 0;

	lkmm_fence_mb(info);
	if (!w->task.load(rl::mo_acquire, info))
		return 0;
	lkmm_count.wakeups++;
	w->pi_lock.lock(info);
	if (w->state.load(rl::mo_relaxed, info) != TASK_RUNNING) {
		w->state.store(TASK_RUNNING, rl::mo_relaxed, info);
		w->cv.notify_one(info);
		woke = 1;
	}
	w->pi_lock.unlock(info);
	return woke;
}

#define rcuwait_init(w)		lkmm_rcuwait_init((w), $)
#define rcuwait_wake_up(w)	lkmm_rcuwait_wake_up((w), $)
#define rcuwait_wait_event(w, condition, state)				\
({									\
	lkmm_prepare_to_rcuwait((w), $);				\
	for (;;) {							\
		lkmm_set_current_state((w), (state), $);		\
		if (condition)						\
			break;						\
		lkmm_schedule((w), $);					\
	}								\
	lkmm_finish_rcuwait((w), $);					\
	0;								\
})

#endif
