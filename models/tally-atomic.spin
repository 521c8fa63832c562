/* Workers count themselves, then raise a flag; at any moment, raised
 * flags must not outnumber the count. */
#ifndef NPROCS
#define NPROCS 3
#endif

byte count = 0;
bit done[NPROCS];

proctype worker(byte me)
{
	count++;
	done[me] = 1
}

init {
	byte i;
	byte sum;

	atomic {
		i = 0;
		do
		:: i < NPROCS -> run worker(i); i++
		:: else -> break
		od
	}
	/* The check, in one step: not part of the algorithm. */
	atomic {
		i = 0;
		sum = 0;
		do
		:: i < NPROCS -> sum = sum + done[i]; i++
		:: else -> break
		od;
		assert(sum <= count)
	}
}
