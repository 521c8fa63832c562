/*
 * lkmm-relacy.h - the kernel primitives that kernel/rcu/qrcu.c uses,
 * mapped onto relacy's model of C++11 threads and atomics.
 *
 * Each include/linux/NAME.h of this directory stands in for the kernel
 * header of that name and defines what qrcu.c takes from it; this file
 * holds what they share.  The mapping of each primitive, and where it
 * is stronger or weaker than the Linux-kernel memory model (LKMM), is
 * argued in chapters/ch12-relacy.md; the comments here only name it.
 *
 * Every primitive is a macro that passes relacy's call-site record ($),
 * so that a report names the line of qrcu.c, not a line of this shim.
 * A primitive qrcu.c does not use is left undefined: a new use in the
 * series fails to compile and asks for a mapping.
 */
#ifndef LKMM_RELACY_H
#define LKMM_RELACY_H

/* Standard headers first: relacy.hpp redefines new, malloc and free. */
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>

#include <relacy/relacy.hpp>

/*
 * Counts of the paths the series' code took, over all iterations of a
 * test.  The shim's primitives bump them; qrcu.c is not touched.  They
 * are plain (not relacy) variables: they watch the run and take no part
 * in it.
 */
struct lkmm_counts {
	unsigned long sync_calls;	/* synchronize_qrcu() entered */
	unsigned long mutex_locks;	/* slowpaths: mutex_lock() */
	unsigned long write_onces;	/* flips: the only WRITE_ONCE() */
	unsigned long sleeps;		/* schedule() that blocked */
	unsigned long wakeups;		/* rcuwait_wake_up() that found a waiter */
	unsigned long retries;		/* cpu_relax(): a reader looked again */
	unsigned long readers_idx1;	/* readers that joined counter 1 */
};
extern lkmm_counts lkmm_count;

/* The three fences the barriers map to. */
#define lkmm_fence_mb(info)	rl::atomic_thread_fence(rl::mo_seq_cst, info)
#define lkmm_fence_rmb(info)	rl::atomic_thread_fence(rl::mo_acquire, info)
#define lkmm_fence_wmb(info)	rl::atomic_thread_fence(rl::mo_release, info)

/*
 * An unsigned long that qrcu.c reads both plainly (qp->completed under
 * the mutex) and with READ_ONCE()/WRITE_ONCE() (the readers' lockless
 * load, the flip's store).  Relacy keeps a variable either atomic or
 * plain, so this one is both: the value lives in a relaxed atomic, and
 * a plain shadow that is read by every plain load and written by every
 * store makes relacy report a plain access that races with a store.
 * READ_ONCE() does not touch the shadow (marked loads never race); two
 * unordered WRITE_ONCE()s would be reported although LKMM allows them,
 * which is stronger than needed, and qrcu.c stores only under its mutex.
 */
struct lkmm_ulong {
	rl::atomic<unsigned long> val;
	rl::var<int> shadow;

	operator unsigned long() const	/* a plain load */
	{
		(void)(int)shadow(RL_INFO);
		return val.load(rl::mo_relaxed, RL_INFO);
	}
	lkmm_ulong &operator=(unsigned long v)	/* a plain store */
	{
		shadow(RL_INFO) = 0;
		val.store(v, rl::mo_relaxed, RL_INFO);
		return *this;
	}
};

#endif /* LKMM_RELACY_H */
