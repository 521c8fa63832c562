/* Exercise 6: fewer states, same verdict; keep #include "lock.h" and the assertion. */
/* N_LOCKERS processes take and release one lock, for ever; init counts
 * how many claim to hold it, and there must never be more than one. */
#include "lock.h"

#ifndef N_LOCKERS
#define N_LOCKERS 3
#endif

bit mutex = 0;			/* the lock under test */
bit havelock[N_LOCKERS];	/* havelock[i]: locker i holds the lock */

proctype locker(byte me)
{
	do
	:: 1 ->
		spin_lock(mutex);
		havelock[me] = 1;	/* now inside the critical section ... */
		havelock[me] = 0;	/* ... and about to leave it */
		spin_unlock(mutex)
	od
}

init {
	byte i = 0;	/* bytes: the values are small */
	byte j;
	byte sum;	/* local: only init uses it */

	atomic {			/* start all lockers in one step */
		do
		:: i < N_LOCKERS ->
			havelock[i] = 0;
			run locker(i);
			i++
		:: i >= N_LOCKERS ->
			break
		od
	}
	atomic {			/* then count the holders, in one step */
		sum = 0;
		j = 0;
		do
		:: j < N_LOCKERS ->
			sum = sum + havelock[j];
			j = j + 1
		:: j >= N_LOCKERS ->
			break
		od;
		assert(sum <= 1)	/* mutual exclusion */
	}
}
