/* Exercise 12: a never claim, by hand, for "no locker holds the lock, from some point on". */
/* N_LOCKERS processes take and release one lock, for ever; init counts
 * how many claim to hold it, and there must never be more than one. */
#include "lock.h"

#ifndef N_LOCKERS
#define N_LOCKERS 3
#endif

bit mutex = 0;			/* the lock under test */
bit havelock[N_LOCKERS];	/* havelock[i]: locker i holds the lock */
int sum;			/* how many hold it, as counted by init */

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
	int i = 0;
	int j;

end:	do
	:: i < N_LOCKERS ->		/* start one more locker */
		havelock[i] = 0;
		run locker(i);
		i++
	:: i >= N_LOCKERS ->		/* all started: count the holders */
		sum = 0;
		j = 0;
		atomic {
			do
			:: j < N_LOCKERS ->
				sum = sum + havelock[j];
				j = j + 1
			:: j >= N_LOCKERS ->
				break
			od
		}
		assert(sum <= 1);	/* mutual exclusion */
		break
	od
}

/* The executions in which, from some point on, no locker holds the
 * lock.  As given, the claim accepts nothing, so it catches nothing. */
never idle {
	do
	:: !havelock[0] -> goto accept_starved
	:: 1
	od;
accept_starved:
	do
	:: !havelock[0]
	od
}
