/* Exercise 11: at most half the states, the same verdict, the same bugs caught. */
/* QRCU with a lockless synchronize_qrcu() fastpath, after the 2007 patch
 * "QRCU with lockless fastpath".  spin_lock() and spin_unlock() are the
 * macros of chapter 4. */
#include "lock.h"

/* How many readers and updaters run; for example
 * make verify MODEL=models/qrcu.spin DEFS="-DN_QRCU_READERS=3" */
#ifndef N_QRCU_READERS
#define N_QRCU_READERS 2
#endif
#ifndef N_QRCU_UPDATERS
#define N_QRCU_UPDATERS 2
#endif

bit idx = 0;				/* qp->completed & 0x1 */
byte ctr[2];				/* qp->ctr[0] and qp->ctr[1] */
byte readerprogress[N_QRCU_READERS];	/* 0 not begun, 1 reading, 2 done */
bit mutex = 0;				/* qp->mutex */

proctype qrcu_reader(byte me)
{
	int myidx;

	/* qrcu_read_lock(): join the current counter unless it has
	 * dropped to zero under us, in which case look again. */
	do
	:: 1 ->
		myidx = idx;			/* completed & 0x1 */
		atomic {			/* atomic_inc_not_zero() */
			if
			:: ctr[myidx] > 0 ->
				ctr[myidx]++;
				break
			:: else -> skip
			fi
		}
	od;
	readerprogress[me] = 1;		/* in the critical section */
	readerprogress[me] = 2;		/* leaving it */
	atomic { ctr[myidx]-- }		/* qrcu_read_unlock() */
}

/* The fastpath's ctr[0] + ctr[1]: two separate loads, in an order the
 * compiler and the CPU choose.  Pick one counter (either may come
 * first), then, as a separate step, add the other.  Uses the updater's
 * locals sum and i. */
#define sum_unordered \
	atomic { \
		do \
		:: 1 -> \
			sum = ctr[0]; \
			i = 1; \
			break \
		:: 1 -> \
			sum = ctr[1]; \
			i = 0; \
			break \
		od; \
		sum = sum + ctr[i]	/* both loads in one step: wrong */ \
	}

proctype qrcu_updater(byte me)
{
	int i;
	byte readerstart[N_QRCU_READERS];
	int sum;

	do
	:: 1 ->

		/* Before the grace period: which readers are inside? */

		atomic {
			i = 0;
			do
			:: i < N_QRCU_READERS ->
				readerstart[i] = readerprogress[i];
				i++
			:: i >= N_QRCU_READERS ->
				break
			od
		}

		/* synchronize_qrcu(): fastpath, two sums of the counters. */
		sum_unordered;
		if
		:: sum <= 1 -> sum_unordered
		:: else -> skip
		fi;

		/* Slowpath: flip the counters, wait for the old one to drain. */
		if
		:: sum > 1 ->
			spin_lock(mutex);
			atomic { ctr[!idx]++ }
			idx = !idx;
			atomic { ctr[!idx]-- }
			do
			:: ctr[!idx] > 0 -> skip
			:: ctr[!idx] == 0 -> break
			od;
			spin_unlock(mutex);
		:: else -> skip
		fi;

		/* After it: no reader that was inside before may still be. */

		atomic {
			i = 0;
			sum = 0;
			do
			:: i < N_QRCU_READERS ->
				sum = sum + (readerstart[i] == 1 &&
					     readerprogress[i] == 1);
				i++
			:: i >= N_QRCU_READERS ->
				assert(sum == 0);
				break
			od
		}
	od
}

init {
	int i;

	/* init_qrcu_struct(), then start the readers and the updaters.
	 * Atomic: setting up is not under test. */
	atomic {
		ctr[idx] = 1;
		ctr[!idx] = 0;
		i = 0;
		do
		:: i < N_QRCU_READERS ->
			readerprogress[i] = 0;
			run qrcu_reader(i);
			i++
		:: i >= N_QRCU_READERS -> break
		od;
		i = 0;
		do
		:: i < N_QRCU_UPDATERS ->
			run qrcu_updater(i);
			i++
		:: i >= N_QRCU_UPDATERS -> break
		od
	}
}
