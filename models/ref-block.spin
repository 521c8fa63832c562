byte x;

active proctype waiter()
{
	x == 1;		/* blocks until x is 1 */
	assert(x == 1)
}

active proctype setter()
{
	x = 1
}
