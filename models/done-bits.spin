/* NTASKS tasks are shared out among NWORKERS workers; each finished
 * task sets its own completion bit. */
#ifndef NTASKS
#define NTASKS 5
#endif
#ifndef NWORKERS
#define NWORKERS 2
#endif

byte next = 0;		/* the next task to hand out */
bit done[NTASKS];	/* done[t]: task t is finished */

proctype worker()
{
	byte t;

	do
	:: atomic { next < NTASKS -> t = next; next++ };
		done[t] = 1;	/* the task itself is not modelled */
		t = 0		/* forget it: a stale local is state too */
	:: atomic { next >= NTASKS -> break }
	od
}

init {
	byte i;

	atomic {
		i = 0;
		do
		:: i < NWORKERS -> run worker(); i++
		:: else -> break
		od;
		i = 0
	}
	_nr_pr == 1;	/* wait until only init is left */
	atomic {
		do
		:: i < NTASKS -> assert(done[i]); i++
		:: else -> break
		od
	}
}
