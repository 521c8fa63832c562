byte x;

active proctype idler()
{
	do
	:: x = 1 - x		/* round and round, getting nowhere */
	:: x == 0 -> progress: x = 1
	od
}
