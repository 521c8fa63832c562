/* Two processes bump x up and down for ever.  Nothing grows, so after a
 * few passes every state is one already seen and the search ends. */
#ifndef LIMIT
#define LIMIT 4		/* passes of each loop */
#endif

byte x = 0;

proctype bumper()
{
	byte n = 0;	/* the loop counter: a new value every pass */

	do
	:: n < LIMIT ->
		x++;
		x--;
		n++
	:: n >= LIMIT -> break
	od
}

init {
	atomic {
		run bumper();
		run bumper()
	}
	assert(x <= 2)
}
