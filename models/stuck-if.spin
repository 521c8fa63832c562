/* An if with no true guard does not fall through: it waits. */
byte x = 0;

proctype setter()
{
	x = 2
}

proctype classifier()
{
	byte kind = 0;

	if		/* no branch for x == 2, and no else */
	:: x == 0 -> kind = 1
	:: x == 1 -> kind = 2
	fi;
	kind = kind + 10
}

init {
	atomic {
		run setter();
		run classifier()
	}
}
