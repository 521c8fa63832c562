byte y;

active proctype pick()
{
	if
	:: true -> y = 1
	:: true -> y = 2
	fi;
	assert(y == 1)
}
