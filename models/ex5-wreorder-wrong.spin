/* Exercise 5: the writer's two stores, in either order. */
/* Message passing: the writer fills x, then raises the flag y.  A reader
 * that sees the flag must also see x.  r1 and r2 are global only so that
 * Spin prints them at the end of a trail. */
byte x = 0;
byte y = 0;
byte r1 = 0;
byte r2 = 0;

proctype writer()
{
	y = 1;		/* the flag ... */
	x = 1		/* ... then the data: swapped */
}

proctype reader()
{
	r1 = y;		/* the flag ... */
	r2 = x;		/* ... then the data */
	assert(!(r1 == 1 && r2 == 0))	/* flag seen, data missed */
}

init {
	atomic {
		run writer();
		run reader()
	}
}
