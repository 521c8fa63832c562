bit x;

active proctype flipper()
{
	do
	:: x = 1
	:: x = 0
	od
}

ltl often { [] <> (x == 1) }
