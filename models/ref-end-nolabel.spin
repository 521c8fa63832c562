byte x;

active proctype server()
{
	do
	:: x == 1 -> x = 0
	od
}

active proctype client()
{
	x = 1
}
