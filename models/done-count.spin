/* NTASKS tasks are shared out among NWORKERS workers; each finished
 * task adds one to a count of finished tasks. */
#ifndef NTASKS
#define NTASKS 5
#endif
#ifndef NWORKERS
#define NWORKERS 2
#endif

byte next = 0;		/* the next task to hand out */
byte ndone = 0;		/* how many tasks are finished */

proctype worker()
{
	byte t;

	do
	:: atomic { next < NTASKS -> t = next; next++ };
		ndone++;	/* the task itself is not modelled */
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
	assert(ndone == NTASKS)
}
