/* Exercise 7: no increment lost, without atomic or d_step in incrementer. */
/* How many incrementers race; try make verify DEFS=-DNUMPROCS=3. */
#ifndef NUMPROCS
#define NUMPROCS 2
#endif

byte counter = 0;		/* the shared counter under test */
byte progress[NUMPROCS];	/* progress[i] = 1: incrementer i is done */

proctype incrementer(byte me)
{
	int temp;

	temp = counter;		/* load ... */
	counter = temp + 1;	/* ... then store: another process may run between */
	skip;			/* no longer reports that it is done */
}

init {
	int i = 0;
	int sum = 0;

	/* Start the incrementers.  Atomic: setting up is not under test. */
	atomic {
		i = 0;
		do
		:: i < NUMPROCS ->
			progress[i] = 0;
			run incrementer(i);
			i++
		:: i >= NUMPROCS -> break
		od;
	}

	/* Once all have finished, no increment may have been lost. */
	atomic {
		i = 0;
		sum = 0;
		do
		:: i < NUMPROCS ->
			sum = sum + progress[i];
			i++
		:: i >= NUMPROCS -> break
		od;
		assert(sum < NUMPROCS || counter == NUMPROCS)
	}
}
