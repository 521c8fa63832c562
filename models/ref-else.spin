byte x;

active proctype chooser()
{
	if
	:: x > 0 -> x = 2	/* not executable: x is 0 */
	:: else -> x = 1	/* taken, since no other guard can be */
	fi;
	do
	:: x == 2 -> break	/* never true */
	:: timeout -> break	/* nothing else can move: leave */
	od;
	assert(x == 1)
}
