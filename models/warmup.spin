/* One process sets a flag once; the other spins until it sees it. */
bit flag = 0;

active proctype setter()
{
	flag = 1
}

active proctype waiter()
{
	do
	:: flag == 0 -> skip	/* not yet: look again */
	:: flag == 1 -> break
	od
}

/* Sooner or later, the flag is set. */
ltl eventually { <> flag }
