/* Two processes bump x up and down for ever.  Nothing grows, so after a
 * few passes every state is one already seen and the search ends. */
byte x = 0;

proctype bumper()
{
	do
	:: x++;
		x--
	od
}

init {
	atomic {
		run bumper();
		run bumper()
	}
	assert(x <= 2)
}
