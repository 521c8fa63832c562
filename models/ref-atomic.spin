bit x, a, b;

active proctype writer()
{
	atomic { a = 1; x == 1; b = 1 }	/* blocks in the middle */
}

active proctype watcher()
{
	assert(!(a == 1 && b == 0));
	x = 1
}
