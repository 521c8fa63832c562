/* Exercise 4: one count of finished incrementers instead of a flag each. */
/* How many incrementers race; try make verify DEFS=-DNUMPROCS=3. */
#ifndef NUMPROCS
#define NUMPROCS 2
#endif

byte counter = 0;		/* the shared counter under test */
byte flag[NUMPROCS];	/* flag[i] = 1: incrementer i is done */

proctype incrementer(byte me)
{
	int temp;

	atomic {		/* load and store as one step: */
		temp = counter;	/* no other process runs between them */
		counter = temp + 1;
		flag[me] = 1	/* inside the atomic: fewer states */
	}
}

init {
	int i = 0;
	int sum = 0;

	/* Start the incrementers.  Atomic: setting up is not under test. */
	atomic {
		i = 0;
		do
		:: i < NUMPROCS ->
			flag[i] = 0;
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
			sum = sum + flag[i];
			i++
		:: i >= NUMPROCS -> break
		od;
		assert(sum < NUMPROCS || counter == NUMPROCS)
	}
}
