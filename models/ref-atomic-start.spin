bit x, a;

active proctype p()
{
	atomic { x == 1 -> a = 1 }	/* cannot start until x is 1 */
}

active proctype q()
{
	assert(a == 0);
	x = 1
}
