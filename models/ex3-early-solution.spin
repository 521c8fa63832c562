/* Exercise 3: read the trail, then move one line of the incrementer. */
/* How many incrementers race; try make verify DEFS=-DNUMPROCS=3. */
#ifndef NUMPROCS
#define NUMPROCS 2
#endif

byte counter = 0;		/* the shared counter under test */
byte progress[NUMPROCS];	/* progress[i] = 1: incrementer i is done */

proctype incrementer(byte me)
{
	int temp;

	atomic {		/* load and store as one step: */
		temp = counter;	/* no other process runs between them */
		counter = temp + 1;
	}
	progress[me] = 1;
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
